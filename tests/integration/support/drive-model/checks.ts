import type { ItemRecord } from '#data/drive-items.ts';
import { api, shape, storedItems, unknownId, type Result, type Rule, type Setup } from './sut.ts';
import { ROOT, SYSTEM, type Acl, type ActorKey, type DriveModel, type Entry } from './model.ts';

/**
 * The checks that follow the calls: what the callers read (listings, the trash, the search, tags,
 * favourites, recent files) against the model, and after every change what the server stored
 * (entries, the data usage, the bookkeeping documents' deletion records).
 */

type Item = { id: string; name: string; level?: number; type?: string; path?: { id: string; name: string }[] };

const sortedSide = (side: { users: string[]; groups: string[] }) => ({ users: [...new Set(side.users)].sort(), groups: [...new Set(side.groups)].sort() });
export const normalAcl = (acl: Acl | undefined) => (acl ? JSON.stringify({ policy: acl.policy, view: sortedSide(acl.view), update: sortedSide(acl.update) }) : 'none');

/** The answer about entries out of reach must be the answer about ids nobody has: same code, message and data. */
export async function sameAsUnknown(
  { real, model }: Setup, rule: Rule, what: string, first: Result, hidden: readonly string[], again: (ids: string[]) => Promise<Result>,
): Promise<void> {
  const fresh = hidden.map(() => unknownId());
  const second = await again(fresh);
  const told = shape(first, hidden);
  const unknown = shape(second, fresh);
  real.judge.check(told === unknown, rule, () => `${what}: the answer about ${hidden.map((id) => model.label(id)).join(', ')} (out of the caller's reach) differs from the answer about an unknown id:\n  ${told}\n  ${unknown}`);
}

/** An entry of a listing must be one the caller reaches (any entry the model does not know is reported too). */
function leaks(model: DriveModel, key: ActorKey, items: Item[], allowed: (entry: Entry) => boolean): string[] {
  return items.filter((item) => {
    const entry = model.get(item.id);
    return !entry || !allowed(entry);
  }).map((item) => `${item.name} (${model.get(item.id) ? model.place(model.get(item.id)!) : 'unknown'}, level ${model.get(item.id) ? model.level(key, model.get(item.id)) : '-'})`);
}

export function judgeListing(setup: Setup, key: ActorKey, what: string, items: Item[], expected: Entry[], options: { rule?: Rule; allowed?: (entry: Entry) => boolean; levels?: boolean } = {}): void {
  const { model, real } = setup;
  const wanted = new Set(expected.map((entry) => entry.id));
  const extra = leaks(model, key, items, options.allowed ?? ((entry) => wanted.has(entry.id)));
  real.judge.check(extra.length === 0, options.rule ?? 'reach', () => `${what} shows ${key} entries out of reach: ${extra.join(', ')}`);
  const listed = new Set(items.map((item) => item.id));
  const missing = expected.filter((entry) => !listed.has(entry.id));
  real.judge.check(missing.length === 0, 'answer', () => `${what} leaves out entries ${key} reaches: ${missing.map((entry) => entry.name).join(', ')}`);
  if (options.levels) {
    const wrong = items.filter((item) => model.get(item.id) && item.level !== undefined && item.level !== model.level(key, model.get(item.id)!));
    real.judge.check(wrong.length === 0, 'reach', () => `${what} gives ${key} levels the rule does not: ${wrong.map((item) => `${item.name} ${item.level} (model ${model.level(key, model.get(item.id)!)})`).join(', ')}`);
  }
  // The places shown with an entry are folders above it: never a name from elsewhere.
  for (const item of items) {
    const entry = model.get(item.id);
    if (!entry || !item.path) continue;
    const above = new Set(model.path(entry).chain.map((folder) => folder.id));
    const stray = item.path.filter((folder) => !above.has(folder.id));
    real.judge.check(stray.length === 0, 'reach', () => `${what}: the place of ${entry.name} names folders not above it: ${stray.map((folder) => folder.name).join(', ')}`);
  }
}

/** A live entry the caller reaches (level 1 and up). */
export const reaches = (model: DriveModel, key: ActorKey) => (entry: Entry): boolean => model.level(key, entry) >= 1;

export async function checkFolder(setup: Setup, key: ActorKey, folderId: string, page: Result): Promise<string[]> {
  const { model } = setup;
  const data = page.body.data as { items: Item[]; level: number };
  const expected = model.children(folderId).filter(reaches(model, key));
  judgeListing(setup, key, `the listing of ${model.label(folderId)}`, data.items, expected, { levels: true });
  setup.real.judge.check(data.level === model.folderLevel(key, folderId), 'reach', () => `the listing of ${model.label(folderId)} gives ${key} level ${data.level}, the rule ${model.folderLevel(key, folderId)}`);
  return data.items.filter((item) => item.type === 'folder').map((item) => item.id);
}

export async function checkTrash(setup: Setup, key: ActorKey): Promise<void> {
  const { model, real } = setup;
  const result = await api('com_drive/recycle_list', { page_size: 1000 }, real.tokens[key]);
  real.judge.check(result.body.code === 0, 'answer', () => `the trash of ${key} answered ${JSON.stringify(result.body)}`);
  if (result.body.code !== 0) return;
  const data = result.body.data as { items: (Item & { original_path: { id: string; name: string }[] })[]; scope: string };
  const trashed = model.existing().filter((entry) => entry.trashed);
  judgeListing(setup, key, `the trash of ${key}`, data.items.map((item) => ({ ...item, path: item.original_path })), trashed.filter((entry) => model.inTrashList(key, entry).lo >= 1), {
    rule: 'trash', allowed: (entry) => model.inTrashList(key, entry).hi >= 1,
  });
  const actor = model.actor(key);
  const scope = actor.admin || actor.drive >= 3 ? 'contract' : 'own';
  real.judge.check(data.scope === scope, 'answer', () => `the trash of ${key} has scope ${data.scope}, the rules ${scope}`);
}

export type SearchVariant = 'all' | 'name' | 'legal' | 'deleted' | 'scope';
const legalStyles = ['e_document', 'e_bookkeeping', 'e_trading'];

/** The search as the caller may see it (finding 4: no count of what was read for a caller who is not an administrator). */
export async function checkSearch(setup: Setup, key: ActorKey, variant: SearchVariant, name?: string, scopeId?: string): Promise<void> {
  const { model, real } = setup;
  const request = (scope: string | undefined) => api('com_drive/search', {
    page_size: 1000,
    ...(variant === 'name' && name ? { name } : {}),
    ...(variant === 'legal' || variant === 'deleted' ? { document_styles: legalStyles } : {}),
    ...(variant === 'deleted' ? { include_deleted: 1 } : {}),
    ...(scope ? { folder_id: scope } : {}),
  }, real.tokens[key]);
  const result = await request(scopeId);
  const what = `the search (${variant}${name ? ` "${name}"` : ''}${scopeId ? ` in ${model.label(scopeId)}` : ''}) of ${key}`;
  // A scope folder out of reach is not there for the caller.
  if (scopeId && model.folderLevel(key, scopeId) === 0) return sameAsUnknown(setup, 'reach', what, result, [scopeId], ([other]) => request(other));
  real.judge.check(result.body.code === 0, 'answer', () => `${what} answered ${JSON.stringify(result.body)}`);
  if (result.body.code !== 0) return;
  const data = result.body.data as { items: (Item & { trashed_date?: string })[]; read_count?: number; capped: number };
  const actor = model.actor(key);
  const inScope = (entry: Entry) => !scopeId || model.path(entry).chain.some((folder) => folder.id === scopeId);
  const matches = (entry: Entry) => inScope(entry) && (variant !== 'name' || !name || entry.name.toLowerCase().includes(name.toLowerCase()))
    && (variant === 'all' || variant === 'name' || variant === 'scope' || (entry.type === 'file' && entry.bookkeeping));
  const seesDeleted = variant === 'deleted' && (actor.admin || actor.drive >= 3);
  const live = model.existing().filter((entry) => matches(entry) && reaches(model, key)(entry));
  const deleted = seesDeleted ? model.existing().filter((entry) => entry.trashed && entry.type === 'file' && matches(entry)) : [];
  const liveHits = data.items.filter((item) => item.trashed_date === undefined);
  // The scope folder itself may be listed with what is below it.
  judgeListing(setup, key, what, liveHits, live, { levels: true, allowed: (entry) => live.includes(entry) || (entry.id === scopeId && reaches(model, key)(entry)) });
  judgeListing(setup, key, `the search of deleted documents of ${key}`, data.items.filter((item) => item.trashed_date !== undefined),
    deleted.filter((entry) => model.inTrashList(key, entry).lo >= 1), { rule: 'trash', allowed: (entry) => deleted.includes(entry) && model.inTrashList(key, entry).hi >= 1 });
  if (!actor.admin) real.judge.check(data.read_count === undefined, 'search-count', () => `the search answers ${key} (not an administrator) read_count ${data.read_count}`);
  real.judge.check(data.capped === 0, 'search-count', () => `the search answers ${key} capped ${data.capped} for ${data.items.length} hits`);
}

export async function checkTagged(setup: Setup, key: ActorKey): Promise<void> {
  const { model, real } = setup;
  const result = await api('com_drive/tag_items', { tag_id: real.tagId, page_size: 1000 }, real.tokens[key]);
  real.judge.check(result.body.code === 0, 'answer', () => `the tag filter of ${key} answered ${JSON.stringify(result.body)}`);
  if (result.body.code !== 0) return;
  const expected = model.existing().filter((entry) => entry.tagged && reaches(model, key)(entry));
  judgeListing(setup, key, `the tag filter of ${key}`, (result.body.data as { items: Item[] }).items, expected);
}

export async function checkFavorites(setup: Setup, key: ActorKey): Promise<void> {
  const { model, real } = setup;
  const result = await api('com_drive/favorite_list', { page_size: 1000 }, real.tokens[key]);
  real.judge.check(result.body.code === 0, 'answer', () => `the favourites of ${key} answered ${JSON.stringify(result.body)}`);
  if (result.body.code !== 0) return;
  const mine = model.favorites.get(key)!;
  const expected = model.existing().filter((entry) => mine.has(entry.id) && reaches(model, key)(entry));
  judgeListing(setup, key, `the favourites of ${key}`, (result.body.data as { items: Item[] }).items, expected);
}

export async function checkRecent(setup: Setup, key: ActorKey): Promise<void> {
  const { model, real } = setup;
  const result = await api('com_drive/recent_list', {}, real.tokens[key]);
  real.judge.check(result.body.code === 0, 'answer', () => `the recent files of ${key} answered ${JSON.stringify(result.body)}`);
  if (result.body.code !== 0) return;
  const items = (result.body.data as { items: Item[] }).items;
  const extra = items.filter((item) => !model.get(item.id) || !reaches(model, key)(model.get(item.id)!));
  real.judge.check(extra.length === 0, 'reach', () => `the recent files of ${key} show entries out of reach: ${extra.map((item) => item.name).join(', ')}`);
}

/** Everything one user can read: every folder they can open (from the root down), the trash, the search, tags, favourites, recent files. */
export async function sweep(setup: Setup, key: ActorKey): Promise<void> {
  const { real } = setup;
  const token = real.tokens[key];
  const queue = [ROOT];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const folderId = queue.shift()!;
    if (seen.has(folderId)) continue;
    seen.add(folderId);
    const page = await api('com_drive/drive_info', { folder_id: folderId, page_size: 1000 }, token);
    real.judge.check(page.body.code === 0, 'answer', () => `the listing of ${setup.model.label(folderId)} for ${key} answered ${JSON.stringify(page.body)}`);
    if (page.body.code === 0) queue.push(...(await checkFolder(setup, key, folderId, page)));
  }
  await Promise.all([
    checkTrash(setup, key),
    checkSearch(setup, key, 'all'),
    checkSearch(setup, key, 'deleted'),
    checkTagged(setup, key),
    checkFavorites(setup, key),
    checkRecent(setup, key),
  ]);
}

/** After a change: what is stored must be what the model says happened, and the usage its sum. */
export async function settle(setup: Setup): Promise<void> {
  await Promise.all([compareStored(setup), checkUsage(setup)]);
  await checkDeletionRecords(setup);
}

async function compareStored({ model, real }: Setup): Promise<void> {
  const entries = [...model.entries.values()];
  const stored = await storedItems(model.kykId, entries.map((entry) => entry.id));
  for (const entry of entries) {
    const item = stored.get(entry.id);
    const present = item !== undefined && item.purging !== true;
    if (entry.gone) {
      real.judge.check(!present, 'state', () => `${model.label(entry.id)} should be deleted for good, but is stored (${item?.trashed_date ? 'in the trash' : 'live'})`);
      if (present) resync(entry, item);
      continue;
    }
    if (!present) {
      real.judge.fail(entry.bookkeeping ? 'retention' : 'state', `${model.label(entry.id)} (${entry.bookkeeping ? 'a bookkeeping document under retention' : model.place(entry)}) is deleted for good`);
      entry.gone = true;
      continue;
    }
    entry.rowVersion = item.row_version;
    // Whom a purge names as the deleter of a document it keeps (the system, the folder's deleter or the purger) is the server's to say.
    if (entry.trashed?.by === SYSTEM && item.trashed_user_id) entry.trashed.by = item.trashed_user_id;
    const differences = [
      item.name !== entry.name && `name ${item.name}`,
      item.parent_id !== entry.parentId && `in ${model.label(item.parent_id)} (model: ${model.label(entry.parentId)})`,
      (item.trashed_date !== undefined) !== (entry.trashed !== undefined) && (item.trashed_date ? 'in the trash' : 'out of the trash'),
      entry.trashed && entry.trashed.by !== SYSTEM && item.trashed_user_id !== entry.trashed.by && `trashed by ${item.trashed_user_id} (model: ${entry.trashed.by})`,
      normalAcl(item.acl) !== normalAcl(entry.acl) && `settings ${normalAcl(item.acl)} (model: ${normalAcl(entry.acl)})`,
      entry.type === 'file' && (item.size ?? 0) + (item.history_bytes ?? 0) !== entry.size + entry.historyBytes && `${(item.size ?? 0) + (item.history_bytes ?? 0)} bytes (model: ${entry.size + entry.historyBytes})`,
    ].filter((difference): difference is string => typeof difference === 'string');
    real.judge.check(differences.length === 0, 'state', () => `${model.label(entry.id)} is stored ${differences.join(', ')}`);
    if (differences.length > 0) resync(entry, item);
  }
}

/** After a difference the judge let pass: the model takes what is stored, so the run goes on from the truth. */
function resync(entry: Entry, item: ItemRecord): void {
  entry.gone = false;
  entry.name = item.name;
  entry.parentId = item.parent_id;
  entry.acl = item.acl ? structuredClone(item.acl) : undefined;
  entry.trashed = item.trashed_date ? { by: item.trashed_user_id ?? SYSTEM, record: entry.trashed?.record ?? [] } : undefined;
  entry.size = item.size ?? 0;
  entry.historyBytes = item.history_bytes ?? 0;
}

async function checkUsage({ model, real }: Setup): Promise<void> {
  const result = await api('com_drive/data_usage', {}, real.tokens.admin);
  const usage = result.body.data as Record<string, number>;
  const expected = model.usage();
  const wrong = Object.entries(expected).filter(([name, value]) => usage[name] !== value);
  real.judge.check(wrong.length === 0, 'usage', () => `data usage ${wrong.map(([name, value]) => `${name} ${usage[name]} (stored: ${value})`).join(', ')}`);
}

interface CorrectionRecord {
  kind: string;
  user_id: string;
  reason: string | null;
}

/**
 * Every deletion of a bookkeeping document is recorded with a person and a reason (通達10-2), the
 * documents of a trashed folder too (finding 6: written by a bounded job, so read again for a while).
 */
async function checkDeletionRecords({ model, real }: Setup): Promise<void> {
  const deleted = model.existing().filter((entry) => entry.bookkeeping && entry.deletion && !entry.deletionRecorded && model.place(entry) !== 'live');
  await Promise.all(deleted.map(async (document) => {
    const { by, reason } = document.deletion!;
    for (let attempt = 0; ; attempt++) {
      const result = await api('com_drive/document_history', { id: document.id }, real.tokens.admin);
      const records = (result.body.data as { records: CorrectionRecord[] } | null)?.records ?? [];
      const restoredAt = records.findIndex((record) => record.kind === 'restore');
      const deletion = records.findIndex((record) => record.kind === 'deletion' && record.user_id === by && record.reason === reason);
      if (deletion >= 0 && (restoredAt < 0 || deletion < restoredAt)) {
        document.deletionRecorded = true;
        return;
      }
      if (attempt >= 50) {
        real.judge.fail('deletion-record', `the deletion of ${model.label(document.id)} by ${by} ("${reason}") is not in its history: ${JSON.stringify(records.map((record) => [record.kind, record.user_id, record.reason]))}`);
        document.deletionRecorded = true;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }));
}

export const legalStyle = (n: number): string => legalStyles[n % legalStyles.length]!;
