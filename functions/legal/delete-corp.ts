import { auditActor, type Operation } from '#lib/api-handler.ts';
import { auditPut } from '#lib/audit.ts';
import { deleteCorp, getCorp, toCorp } from '#data/corps.ts';
import { corpEditedByAnotherUser, corpInUse, corpNotFound, corpWriteOutcome } from './outcomes.ts';

/**
 * Deletes a legal entity no user references (-203 "in use" otherwise), with optimistic locking.
 * The early checks give the answer without a write; the transaction's conditions decide races.
 */
export const deleteCorpInfo: Operation<'com/corp_info_del_btn'> = async (context) => {
  const { caller, input } = context;
  const record = await getCorp(caller.kykId, input.corp_id);
  if (!record) throw corpNotFound();
  if (record.row_version !== input.row_version) throw corpEditedByAnotherUser();
  if (record.user_count > 0) throw corpInUse();
  try {
    await deleteCorp(record, input.row_version, [
      auditPut(auditActor(context), { action: 'corp.delete', targetType: 'corp', targetId: record.corp_id, before: toCorp(record), after: null }),
    ]);
  } catch (error) {
    throw corpWriteOutcome(error);
  }
  return {};
};
