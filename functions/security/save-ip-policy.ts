import { auditActor, type Operation } from '#lib/api-handler.ts';
import { DomainError } from '#lib/errors.ts';
import { CONTRACT_ENTRY_ID, rangesInForce } from '#lib/ip-policy.ts';
import { getIpEntry, ipPolicyKey } from '#data/ip-entries.ts';
import { saveIpEntry, unchangedCheck } from '#data/ip-entries.ts';
import { entryView, refuseLockOut } from './ip-policy-view.ts';

/**
 * Saves the contract-wide entry "0" (administrators): the ranges arrive validated and normalised by
 * the schema; an empty list removes the restriction. Refused with -201 when the entry changed since
 * it was read, and with -4 when the caller's own address would no longer pass (unless the caller's
 * group has ranges of its own, which take precedence). That group entry is checked unchanged in the
 * same transaction, so the lock-out check cannot be outrun by a concurrent save.
 */
export const saveIpPolicy: Operation<'com/allow_ipadr_info_save_btn'> = async (context) => {
  const { caller, input } = context;
  const ownGroupId = caller.user.groups?.ata;
  const [before, ownGroup] = await Promise.all([
    getIpEntry(caller.kykId, CONTRACT_ENTRY_ID),
    ownGroupId ? getIpEntry(caller.kykId, ownGroupId) : undefined,
  ]);
  if ((before?.row_version ?? 0) !== input.row_version) throw new DomainError('editedByAnotherUser');
  refuseLockOut(context, rangesInForce({ group: ownGroup, contract: { cidrs: input.ip_address } }));
  const checks = ownGroupId ? [unchangedCheck(ipPolicyKey(caller.kykId, ownGroupId), ownGroup?.row_version ?? 0)] : [];
  const saved = await saveIpEntry(auditActor(context), CONTRACT_ENTRY_ID, input.ip_address, before, checks);
  return { entry: entryView(CONTRACT_ENTRY_ID, saved) };
};
