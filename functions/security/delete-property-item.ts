import { auditActor, type Operation } from '#lib/api-handler.ts';
import { deletePropertyItem } from '#data/property-items.ts';

/** Deletes a property item (administrators): refused while files are linked to any of its values. */
export const deletePropertyItemOperation: Operation<'com/property_item_del_btn'> = async (context) => {
  await deletePropertyItem(auditActor(context), context.input.item_no, context.input.row_version);
  return {};
};
