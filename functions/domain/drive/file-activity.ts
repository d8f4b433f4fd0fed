import type { AccessAction, FileActivityEntry } from '#shared/schemas/drive-usage.ts';
import { SHARE_LINKS_PER_FILE_MAX } from '#shared/schemas/share-links.ts';
import { encodeCursor } from '#lib/data/table.ts';
import { listEntryEvents } from '#data/access-log.ts';
import { correctionsOf } from '#data/corrections.ts';
import type { ItemRecord } from '#data/drive-items.ts';
import { listVersions } from '#data/file-versions.ts';
import { listItemLinks } from '#data/share-links.ts';
import { getUsers } from '#data/user-directory.ts';

/**
 * One entry's activity (the details panel; docs/drive.md "Activity of one entry"), newest first,
 * merged from what already records it, each read by key condition:
 * - its versions (the file's partition, by number: newer numbers are newer versions);
 * - a bookkeeping document's logical deletions and restores (its correction history, with the
 *   reason; they stand for the access log's trash and restore of it);
 * - its access-log events of the actions below (the entry's partition, gsi2);
 * - its share links, made and revoked (the file's links, at most SHARE_LINKS_PER_FILE_MAX).
 * Everyone who reaches the entry reads its versions and corrections; administrators read every
 * event and link, others their own (as the access log: docs/drive.md "Access log").
 *
 * Paging: each entry has a position (`<time>#<source><id>`), unique and ordered as time. A page
 * reads each source below the cursor's position and takes the newest `pageSize` of what they found,
 * but never below where a source stopped reading (its horizon: the access log's filtered read stops
 * at its budget), so no entry is skipped. The versions go on below the cursor's last version.
 */

/** The access-log actions the activity shows (not opening the details, nor the upload its versions stand for). */
const ACTIVITY_ACTIONS: readonly AccessAction[] = ['download', 'share_download', 'preview', 'move', 'rename', 'tags', 'trash', 'restore'];
const VERSION_DIGITS = 10;

export interface ActivityCursor {
  /** Exclusive upper bound: the position of the last entry shown (or where the sources stopped). */
  p?: string;
  /** The last version shown: versions go on below it. */
  v?: number;
}

export const ACTIVITY_POSITION = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z#[A-Za-z0-9_~-]{1,80}$/;

type Found = Omit<FileActivityEntry, 'user_nm'> & { user_nm: string | null };

interface SourcePage {
  found: Found[];
  /** Everything at or above this position was read; null: the source is read to its end. */
  horizon: string | null;
}

interface ActivityQuery {
  kykId: string;
  item: Pick<ItemRecord, 'id' | 'type'>;
  /** Only this user's events and links (others than administrators). */
  ownOnly?: string;
  cursor: ActivityCursor;
  pageSize: number;
}

const below = (position: string | undefined) => (key: string) => position === undefined || key < position;

async function versions(query: ActivityQuery): Promise<SourcePage> {
  if (query.item.type !== 'file') return { found: [], horizon: null };
  const page = await listVersions(query.kykId, query.item.id, { pageSize: query.pageSize, ...(query.cursor.v !== undefined ? { cursor: encodeCursor({ v: query.cursor.v }) } : {}) });
  const found: Found[] = (page?.versions ?? []).map((record) => ({
    id: `${record.regist_date}#v${String(record.version).padStart(VERSION_DIGITS, '0')}`,
    at: record.regist_date,
    kind: record.kind === 'details' ? (record.confirmation ? 'confirmation' : record.acceptance ? 'acceptance' : 'correction') : 'version',
    user_id: record.regist_user_id,
    user_nm: null,
    version: record.version,
    ...(record.restored_from !== undefined ? { restored_from: record.restored_from } : {}),
    ...(record.reason ? { reason: record.reason } : {}),
    detail: null,
  }));
  return { found, horizon: page?.nextCursor && found.length ? found.at(-1)!.id : null };
}

async function corrections(query: ActivityQuery): Promise<SourcePage & { recorded: boolean }> {
  if (query.item.type !== 'file') return { found: [], horizon: null, recorded: false };
  const records = await correctionsOf(query.kykId, query.item.id);
  const found: Found[] = records.flatMap((record) => (record.kind === 'deletion' || record.kind === 'restore' ? [{
    id: `${record.date}#f${record.correction_id}`, at: record.date, kind: record.kind, user_id: record.user_id, user_nm: null,
    ...(record.reason ? { reason: record.reason } : {}), detail: null,
  } satisfies Found] : []));
  return { found: found.filter((entry) => below(query.cursor.p)(entry.id)), horizon: null, recorded: records.length > 0 };
}

async function links(query: ActivityQuery): Promise<SourcePage> {
  if (query.item.type !== 'file') return { found: [], horizon: null };
  const all = await listItemLinks(query.kykId, query.item.id, SHARE_LINKS_PER_FILE_MAX);
  const found: Found[] = all.filter((link) => query.ownOnly === undefined || link.creator_id === query.ownOnly).flatMap((link) => [
    { id: `${link.created_at}#l${link.link_id}`, at: link.created_at, kind: 'link_created' as const, user_id: link.creator_id, user_nm: link.creator_nm, detail: null, link_id: link.link_id },
    ...(link.revoked_at ? [{ id: `${link.revoked_at}#r${link.link_id}`, at: link.revoked_at, kind: 'link_revoked' as const, user_id: '', user_nm: link.revoked_by_nm ?? '', detail: null, link_id: link.link_id }] : []),
  ]);
  return { found: found.filter((entry) => below(query.cursor.p)(entry.id)), horizon: null };
}

async function events(query: ActivityQuery, actions: readonly AccessAction[]): Promise<SourcePage> {
  const page = await listEntryEvents(query.kykId, query.item.id, {
    actions, pageSize: query.pageSize, ...(query.ownOnly !== undefined ? { userId: query.ownOnly } : {}), ...(query.cursor.p !== undefined ? { before: query.cursor.p } : {}),
  });
  const found: Found[] = page.events.map((event) => ({
    id: `${event.at}#${event.id}`, at: event.at, kind: 'access', user_id: event.user_id, user_nm: event.user_nm, action: event.action, detail: event.detail,
    ...(event.link_id ? { link_id: event.link_id } : {}),
  }));
  return { found, horizon: page.next };
}

export interface ActivityPage {
  entries: FileActivityEntry[];
  next: ActivityCursor | null;
}

export async function fileActivity(query: ActivityQuery): Promise<ActivityPage> {
  const history = await corrections(query);
  // A recorded document's trash and restore are in its correction history, with the reason.
  const actions = history.recorded ? ACTIVITY_ACTIONS.filter((action) => action !== 'trash' && action !== 'restore') : ACTIVITY_ACTIONS;
  const sources = [history, ...(await Promise.all([versions(query), links(query), events(query, actions)]))];
  const horizons = sources.flatMap((source) => (source.horizon === null ? [] : [source.horizon]));
  const cutoff = horizons.length ? horizons.sort().at(-1)! : null;
  const found = sources.flatMap((source) => source.found).sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  const taken = found.filter((entry) => cutoff === null || entry.id >= cutoff).slice(0, query.pageSize);
  const more = cutoff !== null || found.length > taken.length;
  const lastVersion = taken.filter((entry) => entry.kind === 'version' || entry.kind === 'correction').at(-1)?.version ?? query.cursor.v;
  const next: ActivityCursor | null = more ? { p: taken.at(-1)?.id ?? cutoff!, ...(lastVersion !== undefined ? { v: lastVersion } : {}) } : null;

  // The names of who made versions and corrections, as the user list has them now (one batch read); a deleted user keeps the id.
  const unnamed = [...new Set(taken.filter((entry) => entry.user_nm === null).map((entry) => entry.user_id))];
  const names = new Map((await getUsers(query.kykId, unnamed)).map((user) => [user.user_id, user.user_nm]));
  const entries = taken.map((entry) => ({ ...entry, user_nm: entry.user_nm ?? names.get(entry.user_id) ?? entry.user_id }));
  return { entries, next };
}
