import { attentionReasons, attentionRow } from '#data/attention.ts';
import { isTrashed, type ItemRecord } from '#data/drive-items.ts';
import { batchWrite } from '#lib/data/batch.ts';
import { reindexEntry } from '#data/drive-search-reindex.ts';
import { fileFolderSettings } from '#data/folder-settings.ts';
import { reindexUsers } from '#data/user-search.ts';
import type { User } from '#data/users.ts';
import { tenantPrefix } from '#lib/data/table.ts';
import { Discovery } from './tenant-data.ts';

export interface ReindexReport {
  contractFound: boolean;
  /** Drive entries filed again (files and folders, the trash included). */
  entries: number;
  /** Index items put (gram items, partner names, partner keys and amount-band keys, the users' search grams). */
  items: number;
  /** Users filed again in the user list's search (user-search.ts). */
  users: number;
  /** Files put in "Needs attention" (attention.ts): scans checked or registered late before it existed. */
  attention: number;
}

/**
 * Files every drive entry of a contract in the search's indexes again (the operator's `tenant reindex`,
 * docs/drive.md "Backfill"): what a deployment runs once when a version adds an index, since
 * entries written before it are not in it. Entries are found as the contract export finds them
 * (tenant-data.ts: the folder listings from the root, the trash and the search buckets), so an
 * entry without its search partition is found too. Idempotent; the contract's users go on working.
 */
export async function reindexSearch(kykId: string, options: { log?: (line: string) => void } = {}): Promise<ReindexReport> {
  const discovery = new Discovery(kykId);
  if (!(await discovery.contract())) return { contractFound: false, entries: 0, items: 0, users: 0, attention: 0 };
  const items = await discovery.driveItems();
  // An entry's tag links are items of its own partition.
  const tagsOf = new Map<string, string[]>();
  for (const link of items) {
    if (link.type !== 'item-tag') continue;
    const entryId = String(link.item_id);
    tagsOf.set(entryId, [...(tagsOf.get(entryId) ?? []), String(link.tag_id)]);
  }
  const entries = items.filter((item) => item.sk === 'ITEM') as unknown as ItemRecord[];
  let written = 0;
  for (const [index, entry] of entries.entries()) {
    written += await reindexEntry(entry, tagsOf.get(entry.id) ?? []);
    if ((index + 1) % 1000 === 0) options.log?.(`  ${index + 1} of ${entries.length} entries`);
  }
  // The contract's list of folders with settings (folder-settings.ts), which the subtree check of a
  // folder's move or trash trusts only once it is complete: contracts from before the list get it here.
  const withSettings = entries.filter((entry) => entry.type === 'folder' && entry.acl && !entry.purging);
  await fileFolderSettings(kykId, withSettings.map((folder) => ({ folder_id: folder.id, acl: folder.acl! })));
  // The user list's search (issue 28 item 20): users registered before it have no grams.
  const users = (await discovery.index('gsi1', 'gsi1pk', `${tenantPrefix(kykId)}#USERS`)).filter((user) => typeof user.user_id === 'string') as unknown as User[];
  written += await reindexUsers(users);
  // "Needs attention" (issue 28 item 13): files whose scanner check failed or that came in late before
  // its rows were written. Files in the trash get none (their restore puts it back); those inside a
  // trashed folder do, as the live writes leave them (the listing's reach check leaves them out).
  const needing = entries.flatMap((entry) => {
    const reasons = isTrashed(entry) ? [] : attentionReasons(entry);
    return reasons.length > 0 ? [attentionRow(entry, reasons)] : [];
  });
  await batchWrite(needing.map((Item) => ({ PutRequest: { Item } })));
  return { contractFound: true, entries: entries.length, items: written + needing.length, users: users.length, attention: needing.length };
}
