import { auditActor, type Operation } from '#lib/api-handler.ts';
import { DomainError } from '#lib/errors.ts';
import { CONTRACT_ENTRY_ID, rangesInForce } from '#lib/ip-policy.ts';
import { getIpEntry, ipPolicyKey } from '#data/ip-entries.ts';
import { getGroup, groupKey } from '#data/groups.ts';
import { existsCheck, saveIpEntry, unchangedCheck } from '#data/ip-entries.ts';
import { entryView, refuseLockOut } from './ip-policy-view.ts';

const recordNotFound = (): DomainError => new DomainError('address', {}, {}, 'notice.recordNotFound');

/**
 * Saves one account-area group's entry (administrators); it takes precedence over the contract's
 * for the group's members, and an empty list removes it. The group must exist in the caller's
 * contract and belong to the account area (-3 otherwise; the key carries the caller's tenant, so
 * another contract's group id is simply not found). -201 when the entry changed since it was read;
 * -4 when it is the caller's own group and the caller's address would no longer pass. The group and
 * (for the caller's own group) the contract entry are checked in the same transaction.
 */
export const saveIpGroupPolicy: Operation<'com/allow_ipadr_info_ugrp_save_btn'> = async (context) => {
  const { caller, input } = context;
  const groupId = input.user_group_id;
  const ownGroup = caller.user.groups?.ata === groupId;
  const [group, before, contract] = await Promise.all([
    getGroup(caller.kykId, groupId),
    getIpEntry(caller.kykId, groupId),
    ownGroup ? getIpEntry(caller.kykId, CONTRACT_ENTRY_ID) : undefined,
  ]);
  if (!group || group.product !== 'ata') throw recordNotFound();
  if ((before?.row_version ?? 0) !== input.row_version) throw new DomainError('editedByAnotherUser');
  const checks = [existsCheck(groupKey(caller.kykId, groupId))];
  if (ownGroup) {
    refuseLockOut(context, rangesInForce({ group: { cidrs: input.ip_address }, contract }));
    checks.push(unchangedCheck(ipPolicyKey(caller.kykId, CONTRACT_ENTRY_ID), contract?.row_version ?? 0));
  }
  try {
    const saved = await saveIpEntry(auditActor(context), groupId, input.ip_address, before, checks);
    return { entry: entryView(groupId, saved, group) };
  } catch (error) {
    if (error instanceof DomainError && error.codeName === 'editedByAnotherUser' && !(await getGroup(caller.kykId, groupId))) throw recordNotFound();
    throw error;
  }
};
