import type { User } from '#data/users.ts';
import { getIpEntry, type IpPolicyEntry } from '#data/ip-entries.ts';
import { CONTRACT_ENTRY_ID, cidrContains } from '#shared/ip-ranges.ts';

/**
 * The IP allow-list (SPEC.md §3 "IP policy", §6): entry "0" is contract-wide, other entries are per
 * account-area (ata) user group, and a group's entry takes precedence over the contract's. An entry
 * is stored as `T#<kyk>` / `IPPOLICY#<user_group_id>` with `cidrs`: normalised IPv4 ranges
 * ("a.b.c.d/n"). No entry, or an empty one, allows every address.
 */
export { CONTRACT_ENTRY_ID, cidrContains, ipv4ToNumber, normaliseCidr } from '#shared/ip-ranges.ts';



/**
 * The ranges that decide for a user with account-area group `groupId`: the group's entry when it
 * has ranges, else the contract's; empty means every address is allowed.
 */
export function rangesInForce(entries: { group?: Pick<IpPolicyEntry, 'cidrs'>; contract?: Pick<IpPolicyEntry, 'cidrs'> }): string[] {
  return entries.group?.cidrs?.length ? entries.group.cidrs : entries.contract?.cidrs ?? [];
}

/** Whether an address passes a list of ranges (an empty list passes everything). */
export const addressAllowed = (ranges: readonly string[], address: string): boolean =>
  ranges.length === 0 || ranges.some((cidr) => cidrContains(cidr, address));


/**
 * The entries that decide for a user: the group's (if the user has an account-area group) and the
 * contract's. Two strongly consistent point reads rather than a BatchGet: a save takes effect on the
 * next call, and a throttled read fails the call instead of coming back as "no entry" (which would
 * allow every address).
 */
async function entriesFor(kykId: string, groupId: string | undefined): Promise<{ group?: IpPolicyEntry; contract?: IpPolicyEntry }> {
  const [contract, group] = await Promise.all([getIpEntry(kykId, CONTRACT_ENTRY_ID), groupId ? getIpEntry(kykId, groupId) : undefined]);
  return { contract, group };
}

/**
 * Whether the user may call from `sourceIp` (the address API Gateway saw). A group entry with
 * ranges decides alone; otherwise the contract entry; otherwise every address is allowed.
 */
export async function isIpAllowed(user: Pick<User, 'kyk_id' | 'groups'>, sourceIp: string): Promise<boolean> {
  const { group, contract } = await entriesFor(user.kyk_id, user.groups?.ata ?? undefined);
  return addressAllowed(rangesInForce({ group, contract }), sourceIp);
}
