import { auditTargetName } from '#lib/audit.ts';
import { batchGet } from '#lib/data/batch.ts';
import type { StoredAuditRecord } from '#data/audit-log.ts';
import { corpKey } from '#data/corps.ts';
import { getItems } from '#data/drive-items.ts';
import { getGroups } from '#data/groups.ts';
import { getTags } from '#data/tags.ts';
import { getUsers } from '#data/user-directory.ts';

/** The current names of items of one type, by id (one batch get each: never a scan). */
const currentNames: Record<string, (kykId: string, ids: string[]) => Promise<Map<string, string>>> = {
  user: async (kykId, ids) => new Map((await getUsers(kykId, ids)).map((user) => [user.user_id, user.user_nm])),
  user_group: async (kykId, ids) => new Map([...(await getGroups(kykId, ids)).values()].map((group) => [group.user_group_id, group.user_group_nm])),
  corp: async (kykId, ids) => new Map((await batchGet<{ corp_id: string; corp_nm: string }>(ids.map((id) => corpKey(kykId, id)))).map((corp) => [corp.corp_id, corp.corp_nm])),
  tag: async (kykId, ids) => new Map((await getTags(kykId, ids)).map((tag) => [tag.id, tag.name])),
  file: async (kykId, ids) => new Map((await getItems(kykId, ids)).map((item) => [item.id, item.name])),
};
currentNames.folder = currentNames.file!;

/**
 * Each record's item name: the one it was written with (the name at the time), else for older
 * records the one its before or after holds, else the item's current name (a batch get per type
 * for the page's records that still have none), else null.
 */
export async function withTargetNames(kykId: string, records: StoredAuditRecord[]): Promise<StoredAuditRecord[]> {
  const named = records.map((record) => ({
    ...record,
    target_nm: record.target_nm ?? auditTargetName({ targetType: record.target_type, before: record.before, after: record.after }),
  }));
  const missing = new Map<string, Set<string>>();
  for (const record of named) {
    if (record.target_nm === null && currentNames[record.target_type]) missing.set(record.target_type, (missing.get(record.target_type) ?? new Set()).add(record.target_id));
  }
  if (missing.size === 0) return named;
  const found = new Map(await Promise.all([...missing].map(async ([type, ids]) => [type, await currentNames[type]!(kykId, [...ids])] as const)));
  return named.map((record) => (record.target_nm === null ? { ...record, target_nm: found.get(record.target_type)?.get(record.target_id) ?? null } : record));
}
