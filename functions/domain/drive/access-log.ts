import type { AccessAction } from '#shared/schemas/drive-usage.ts';
import type { Logger } from '#lib/logger.ts';
import { writeAccessEvents, type NewAccessEvent } from '#data/access-log.ts';
import type { ItemRecord } from '#data/drive-items.ts';
import { getUser } from '#data/users.ts';

/**
 * Writes the drive's access log (docs/drive.md "Access log") from the drive operations: one line
 * per operation, after the action succeeded. Best effort, as the recent files: the action the user
 * asked for has happened, so a failed write is logged for the operator, never answered.
 */
export interface AccessContext {
  caller: { kykId: string; userId: string; user: { user_nm: string } };
  log: Pick<Logger, 'warn'>;
}

type Accessed = Pick<ItemRecord, 'kyk_id' | 'id' | 'type' | 'name' | 'size'>;

const eventOf = (actor: { kykId: string; userId: string; userName: string }, action: AccessAction, item: Accessed, detail?: string | null): NewAccessEvent => ({
  kyk_id: actor.kykId, user_id: actor.userId, user_nm: actor.userName, action,
  item_id: item.id, item_type: item.type, item_name: item.name, size: item.type === 'file' ? item.size ?? null : null, detail: detail ?? null,
});

async function write(events: NewAccessEvent[], log: Pick<Logger, 'warn'>): Promise<void> {
  if (events.length === 0) return;
  await writeAccessEvents(events).catch((error: unknown) => log.warn('access events not recorded', { error, count: events.length, action: events[0]!.action }));
}

const actorOf = ({ caller }: AccessContext) => ({ kykId: caller.kykId, userId: caller.userId, userName: caller.user.user_nm });

/** One event of the caller on one entry. */
export async function recordAccess(context: AccessContext, action: AccessAction, item: Accessed, detail?: string | null): Promise<void> {
  await write([eventOf(actorOf(context), action, item, detail)], context.log);
}

export interface AccessRecorder {
  add(item: Accessed, detail?: string | null): void;
}

/**
 * For a bulk operation: `run` adds an event per entry done, and they are written together
 * (BatchWrite, 25 items a call) once it has finished, whatever it answers.
 */
export async function withAccessLog<T>(context: AccessContext, action: AccessAction, run: (accessed: AccessRecorder) => Promise<T>): Promise<T> {
  const events: NewAccessEvent[] = [];
  const actor = actorOf(context);
  try {
    return await run({ add: (item, detail) => events.push(eventOf(actor, action, item, detail)) });
  } finally {
    await write(events, context.log);
  }
}

/** An event of a user the storage events act for (an upload confirmed): their name read once. */
export async function recordAccessOf(userId: string, action: AccessAction, item: Accessed, log: Pick<Logger, 'warn'>): Promise<void> {
  const user = await getUser(item.kyk_id, userId).catch(() => undefined);
  await write([eventOf({ kykId: item.kyk_id, userId, userName: user?.user_nm ?? userId }, action, item)], log);
}

/** Events of one user the background jobs act for (a ZIP download), on several entries: their name read once. */
export async function recordAccessesOf(userId: string, action: AccessAction, items: Accessed[], log: Pick<Logger, 'warn'>, detail?: string | null): Promise<void> {
  if (items.length === 0) return;
  const kykId = items[0]!.kyk_id;
  const user = await getUser(kykId, userId).catch(() => undefined);
  await write(items.map((item) => eventOf({ kykId, userId, userName: user?.user_nm ?? userId }, action, item, detail)), log);
}

/**
 * A download through a share link: anonymous (no user: the downloader signed in as nobody), the link
 * on the event, and its creator as whose event it is to read (their own access log lists it).
 */
export async function recordLinkDownload(link: LinkOfEvent, item: Accessed, sourceIp: string, log: Pick<Logger, 'warn'>): Promise<void> {
  await write([linkEvent(link, 'share_download', item, sourceIp)], log);
}

/**
 * A file sent through a file-request link, once its bytes are confirmed: as the link's (the sender
 * signed in as nobody), not as its creator's own upload, though it is registered in their name;
 * the creator reads it in their access log. The detail is who the sender said they are.
 */
export async function recordLinkUpload(link: LinkOfEvent, item: Accessed, sender: string | null, log: Pick<Logger, 'warn'>): Promise<void> {
  await write([linkEvent(link, 'upload', item, sender)], log);
}

interface LinkOfEvent {
  kyk_id: string;
  link_id: string;
  creator_id: string;
}

const linkEvent = (link: LinkOfEvent, action: AccessAction, item: Accessed, detail: string | null): NewAccessEvent =>
  ({ ...eventOf({ kykId: link.kyk_id, userId: '', userName: '' }, action, item, detail), link_id: link.link_id, link_creator_id: link.creator_id });
