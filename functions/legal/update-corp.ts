import { auditActor, type Operation } from '#lib/api-handler.ts';
import { auditPut } from '#lib/audit.ts';
import { nowIso } from '#lib/data/table.ts';
import { getCorp, toCorp, updateCorp } from '#data/corps.ts';
import { corpEditedByAnotherUser, corpNotFound, corpWriteOutcome } from './outcomes.ts';

/** Basic information of a legal entity, with optimistic locking; a new code must be free. */
export const updateCorpInfo: Operation<'com/corp_info_upd_btn'> = async (context) => {
  const { caller, input } = context;
  const before = await getCorp(caller.kykId, input.corp_id);
  if (!before) throw corpNotFound();
  if (before.row_version !== input.row_version) throw corpEditedByAnotherUser();
  const changes = {
    corp_cd: input.corp_cd.trim(),
    corp_nm: input.corp_nm.trim(),
    // A field not sent keeps its stored value.
    address: input.address ?? before.address,
    tel: input.tel ?? before.tel,
    note: input.note ?? before.note,
    update_date: nowIso(),
    update_user_nm: caller.user.user_nm,
  };
  const after = toCorp({ ...before, ...changes, row_version: before.row_version + 1 });
  try {
    const written = await updateCorp(before, changes, [
      auditPut(auditActor(context), { action: 'corp.update', targetType: 'corp', targetId: before.corp_id, before: toCorp(before), after }),
    ]);
    return { corp: toCorp(written) };
  } catch (error) {
    throw corpWriteOutcome(error);
  }
};
