import type { OperationContext } from '#lib/api-handler.ts';
import { DomainError } from '#lib/errors.ts';
import { addressAllowed } from '#lib/ip-policy.ts';
import type { IpPolicyEntry } from '#data/ip-entries.ts';
import type { RoutePath } from '#shared/routes.ts';
import { formatIpList } from '#shared/ip-ranges.ts';
import type { IpPolicyEntryView } from '#shared/schemas/ip-policy.ts';
import type { GroupRecord } from '#data/groups.ts';

/** An entry as the screen shows it; `group` absent for the contract-wide entry "0". */
export const entryView = (userGroupId: string, entry: IpPolicyEntry | undefined, group?: Pick<GroupRecord, 'user_group_nm' | 'user_count'>): IpPolicyEntryView => ({
  user_group_id: userGroupId,
  user_group_nm: group?.user_group_nm ?? '',
  user_count: group ? group.user_count : null,
  cidrs: entry?.cidrs ?? [],
  ip_address: formatIpList(entry?.cidrs ?? []),
  row_version: entry?.row_version ?? 0,
  update_date: entry?.update_date ?? null,
  update_user_nm: entry?.update_user_nm ?? null,
});

/**
 * The lock-out guard: an administrator may not save a list under which their own current address
 * (the one API Gateway saw for this call) would be refused. `ranges` are those that would then
 * decide for the caller. Answers -4 with the message under `ip_address`.
 */
export function refuseLockOut(context: Pick<OperationContext<RoutePath>, 'sourceIp'>, ranges: readonly string[]): void {
  if (addressAllowed(ranges, context.sourceIp)) return;
  throw new DomainError('input', { ip: context.sourceIp || '-' }, { ip_address: 'validation.ipLockOut' });
}
