import { auditActor, type Operation } from '#lib/api-handler.ts';
import { InputError } from '#lib/errors.ts';
import { nowIso } from '#lib/data/table.ts';
import { auditPut } from '#lib/audit.ts';
import type { Corp } from '#shared/schemas/legal.ts';
import { getCorp, groupsByIds, toCorp, updateCorp } from '#data/corps.ts';
import { corpEditedByAnotherUser, corpNotFound, corpWriteOutcome } from './outcomes.ts';

type LimitedEntry = Corp['limited_list'][number];

/**
 * Reference restrictions of a legal entity (knowledge atk, commerce atc, dashboard atd): the list
 * sent replaces the user-made entries. Each entry must name a group of the caller's contract in
 * that product (-4 on `limited_list` otherwise). Entries the system made (`sys_flg` 1) are kept.
 * Repeated entries are stored once. Optimistic locking as for the basic information.
 */
export const saveLimited: Operation<'com/corp_info_limited_save_btn'> = async (context) => {
  const { caller, input } = context;
  const before = await getCorp(caller.kykId, input.corp_id);
  if (!before) throw corpNotFound();
  if (before.row_version !== input.row_version) throw corpEditedByAnotherUser();

  const groups = await groupsByIds(caller.kykId, [...new Set(input.limited_list.map((entry) => entry.user_group_id))]);
  const entryKey = (entry: { product: string; user_group_id: string }) => `${entry.product}#${entry.user_group_id}`;
  const kept = before.limited_list.filter((entry) => entry.sys_flg === 1);
  const seen = new Set(kept.map(entryKey));
  const limitedList: LimitedEntry[] = [...kept];
  for (const entry of input.limited_list) {
    const group = groups.get(entry.user_group_id);
    if (!group || group.product !== entry.product) throw new InputError({ limited_list: 'validation.unknownGroup' });
    if (seen.has(entryKey(entry))) continue;
    seen.add(entryKey(entry));
    limitedList.push({ product: entry.product, user_group_id: entry.user_group_id, user_group_nm: group.user_group_nm, sys_flg: 0 });
  }

  const changes = { limited_list: limitedList, update_date: nowIso(), update_user_nm: caller.user.user_nm };
  const after = toCorp({ ...before, ...changes, row_version: before.row_version + 1 });
  try {
    const written = await updateCorp(before, changes, [
      auditPut(auditActor(context), { action: 'corp.limited_save', targetType: 'corp', targetId: before.corp_id, before: toCorp(before), after }),
    ]);
    return { corp: toCorp(written) };
  } catch (error) {
    throw corpWriteOutcome(error);
  }
};
