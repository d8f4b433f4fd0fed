import type { Operation } from '#lib/api-handler.ts';
import { CONTRACT_ENTRY_ID } from '#lib/ip-policy.ts';
import { listGroupsPage, type GroupRecord } from '#data/groups.ts';
import { listIpEntries } from '#data/ip-entries.ts';
import { entryView } from './ip-policy-view.ts';

const GROUP_PAGE = 1000;

/** Every account-area group by name, a page of 1000 at a time (a contract has tens to hundreds). */
async function accountGroups(kykId: string): Promise<GroupRecord[]> {
  const groups: GroupRecord[] = [];
  for (let page = 1; ; page += 1) {
    const rows = await listGroupsPage(kykId, 'ata', { ascending: true, pageSize: GROUP_PAGE, page });
    groups.push(...rows);
    if (rows.length < GROUP_PAGE) return groups;
  }
}

/**
 * The IP allow-list for the security-policy screen (administrators): the contract-wide entry "0"
 * first, then every account-area group by name with its entry (an empty one while it has none), and
 * the caller's address. Entries of groups deleted since are not shown (they match nobody).
 */
export const getIpPolicy: Operation<'com/allow_ipadr_info'> = async ({ caller, sourceIp }) => {
  const [entries, groups] = await Promise.all([listIpEntries(caller.kykId), accountGroups(caller.kykId)]);
  const byGroup = new Map(entries.map((entry) => [entry.user_group_id, entry]));
  return {
    data_list: [
      entryView(CONTRACT_ENTRY_ID, byGroup.get(CONTRACT_ENTRY_ID)),
      ...groups.map((group) => entryView(group.user_group_id, byGroup.get(group.user_group_id), group)),
    ],
    your_ip: sourceIp,
  };
};
