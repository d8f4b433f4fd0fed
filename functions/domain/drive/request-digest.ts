import { formatBytes } from '#shared/format-bytes.ts';
import { translate } from '#shared/messages.ts';
import type { Logger } from '#lib/logger.ts';
import { formatMailTime, sendMail } from '#lib/mail.ts';
import { nowIso } from '#lib/data/table.ts';
import type { ItemRecord } from '#data/drive-items.ts';
import {
  addDigestEntry, claimDigest, digestEntries, digestHour, digestQueueShards, dropDigestEntries, dropDigestMarker, dueDigestMarkers,
  getFileRequest, queueDigest, type FileRequestRecord,
} from '#data/file-requests.ts';
import { getUser } from '#data/users.ts';

/**
 * The digest mail of file-request links (docs/drive.md "File requests"): a link's creator hears of
 * what arrived at most once per link every DIGEST_INTERVAL_MS, in their language.
 *
 * Nothing is lost: every confirmed arrival first adds its file to the link's digest entries, and
 * only then tries to claim a mail (one conditional update: the last mail is older than the
 * interval); refused, it queues the link's mail for when the interval ends (at most one marker per
 * link). A sender, now or from the schedule, claims before reading the entries, so an entry written
 * before a claim is in that mail, and one written after it finds the claim and queues the next.
 * Nothing is sent twice: one claim per interval, and a mail's entries are deleted once it is sent.
 * (A sender that dies between the mail and the deletion sends those files again in the next one.)
 */
export const DIGEST_INTERVAL_MS = 10 * 60 * 1000;
/** Files one mail lists by name; the rest are counted. */
const LISTED_FILES = 50;
/** Entries one mail reads at most (a link takes at most 1,000 files). */
const ENTRIES_PER_MAIL = 1000;
/**
 * How far back each run of the schedule looks for due markers: one is due 10 minutes after it is
 * written and the schedule runs every minute, so only an outage longer than this leaves a marker
 * behind (its files then go with the link's next arrival's mail).
 */
const LOOKBACK_HOURS = 6;

const iso = (ms: number) => new Date(ms).toISOString();

/** A storage event confirmed a file sent through a link: into the link's digest, mailed now or queued. Best effort. */
export async function noteRequestArrival(item: ItemRecord, log: Pick<Logger, 'warn' | 'error'>, now = new Date()): Promise<void> {
  const arrival = item.received;
  if (arrival?.channel !== 'link') return;
  try {
    await addDigestEntry(item.kyk_id, arrival.source_id, {
      item_id: item.id, name: item.name, size: item.size ?? 0, received_at: arrival.received_at, ...(arrival.sender ? { sender: arrival.sender } : {}),
    });
    const claimed = await claimDigest(item.kyk_id, arrival.source_id, now.toISOString(), iso(now.getTime() - DIGEST_INTERVAL_MS));
    if (claimed) {
      await sendDigest(claimed, log);
      return;
    }
    const request = await getFileRequest(item.kyk_id, arrival.source_id);
    if (!request?.last_mail_at) return;
    await queueDigest(item.kyk_id, arrival.source_id, iso(Date.parse(request.last_mail_at) + DIGEST_INTERVAL_MS));
  } catch (error) {
    log.error('file-request digest not noted', { error, kyk: item.kyk_id, item: item.id, request: arrival.source_id });
  }
}

/** Mails the entries waiting to the link's creator (claimed: this sender's turn), then drops them. */
async function sendDigest(request: FileRequestRecord, log: Pick<Logger, 'warn' | 'error'>): Promise<void> {
  const entries = await digestEntries(request.kyk_id, request.request_id, ENTRIES_PER_MAIL);
  if (entries.length === 0) return;
  const creator = await getUser(request.kyk_id, request.creator_id);
  // A creator who left or has no address hears nothing; their entries go, so they do not pile up.
  if (creator && creator.status === 0 && creator.email.trim()) {
    const language = creator.language;
    const lines = entries.slice(0, LISTED_FILES).map((entry) => `- ${entry.name} (${formatBytes(entry.size)})${entry.sender ? ` — ${entry.sender}` : ''}`);
    if (entries.length > LISTED_FILES) lines.push(`- … +${entries.length - LISTED_FILES}`);
    try {
      await sendMail({
        to: creator.email,
        subject: translate(language, 'notice.requestDigestSubject', { title: request.title }),
        text: translate(language, 'notice.requestDigestBody', {
          count: entries.length, title: request.title, folder: request.folder_name,
          since: formatMailTime(new Date(entries[0]!.received_at), language), files: lines.join('\n'),
        }),
      });
    } catch (error) {
      // Kept for the next interval's mail.
      log.error('file-request digest not sent', { error, kyk: request.kyk_id, request: request.request_id });
      await queueDigest(request.kyk_id, request.request_id, iso(Date.parse(request.last_mail_at ?? nowIso()) + DIGEST_INTERVAL_MS));
      return;
    }
  }
  await dropDigestEntries(request.kyk_id, request.request_id, entries);
}

/**
 * The minute schedule's part: the links whose queued digest is due by `now`, in the hour partitions
 * of the last LOOKBACK_HOURS (a handled marker is deleted, so a run reads only what waits), each
 * claimed with its marker and mailed. Runs that overlap claim each mail once.
 */
export async function sendDueDigests(log: Pick<Logger, 'warn' | 'error' | 'info'>, now = new Date()): Promise<number> {
  const at = now.toISOString();
  const current = digestHour(at);
  let sent = 0;
  for (let hour = current - LOOKBACK_HOURS; hour <= current; hour++) {
    for (const shard of digestQueueShards()) {
      for (const marker of await dueDigestMarkers(hour, shard, at)) {
        const claimed = await claimDigest(marker.kyk_id, marker.request_id, at, iso(now.getTime() - DIGEST_INTERVAL_MS), marker.due);
        if (claimed) {
          await sendDigest(claimed, log);
          sent += 1;
        }
        await dropDigestMarker(marker);
      }
    }
  }
  if (sent > 0) log.info('file-request digests sent', { sent });
  return sent;
}
