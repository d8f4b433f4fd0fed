import { auditActor, type Operation } from '#lib/api-handler.ts';
import { DomainError, InputError } from '#lib/errors.ts';
import { createPropertyItem, getPropertyRecord, listPropertyRecords, newValueId, updatePropertyItem, valueIds, type PropertyDefinition } from '#data/property-items.ts';
import { duplicateValue, PROPERTY_ITEMS_MAX, type PropertyItemSaveRequest, type PropertyNode, type PropertyNodeInput } from '#shared/schemas/property-items.ts';

/**
 * Creates or changes a property item (administrators; docs/property-items.md). Duplicate fixed or
 * dropdown values answer their codes; a value keeps the id it was read with (renaming keeps the
 * files linked to it), a value without one is new; an id the item does not have is refused.
 * Only the values of the item's type are kept (a text item has no values, a fixed one no layers).
 */
export const savePropertyItem: Operation<'com/property_item_save_btn'> = async (context) => {
  const { input, caller } = context;
  const duplicate = duplicateValue(input);
  if (duplicate) throw new DomainError(duplicate.code, {}, { [duplicate.path.join('.')]: `code.${duplicate.code}` });

  const existing = input.item_no === undefined ? undefined : await getPropertyRecord(caller.kykId, input.item_no);
  if (input.item_no !== undefined && !existing) throw new DomainError('address', {}, {}, 'notice.propertyItemNotFound');
  if (!existing && (await listPropertyRecords(caller.kykId)).length >= PROPERTY_ITEMS_MAX) {
    throw new DomainError('updateFailure', { max: PROPERTY_ITEMS_MAX }, {}, 'notice.propertyItemsLimit');
  }
  const known = new Set(existing ? valueIds(existing as unknown as PropertyDefinition) : []);
  const used = new Set<string>();
  const idFor = (id: string | undefined, path: string): string => {
    if (id === undefined) return newValueId();
    if (!known.has(id) || used.has(id)) throw new InputError({ [path]: 'validation.invalidValue' });
    used.add(id);
    return id;
  };
  const nodes = (list: readonly PropertyNodeInput[], path: string): PropertyNode[] => list.map((node, index) => ({
    id: idFor(node.id, `${path}.${index}.id`), name: node.name,
    ...(node.children?.length ? { children: nodes(node.children, `${path}.${index}.children`) } : {}),
  }));

  const definition: PropertyDefinition = definitionOf(input);
  if (input.type === 'fixed') definition.values = (input.values ?? []).map((value, index) => ({ id: idFor(value.id, `values.${index}.id`), name: value.name }));
  if (input.type === 'dropdown') definition.options = nodes(input.options ?? [], 'options');
  const actor = auditActor(context);
  const item = existing
    ? await updatePropertyItem(actor, input.item_no!, input.row_version!, definition)
    : await createPropertyItem(actor, definition);
  return { item };
};

function definitionOf(input: PropertyItemSaveRequest): PropertyDefinition {
  const base: PropertyDefinition = { name: input.name, required: input.required, used: input.used, type: input.type };
  if (input.type === 'text' || input.type === 'number') {
    base.length = input.length;
    if (input.unit !== undefined) base.unit = input.unit;
  }
  if (input.type === 'dropdown') base.layers = input.layers;
  return base;
}
