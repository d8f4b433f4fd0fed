import { SHARE_GRANT_SECONDS } from '#shared/schemas/share-links.ts';
import type { Operation } from '#lib/api-handler.ts';
import { nowIso } from '#lib/data/table.ts';
import { DomainError } from '#lib/errors.ts';
import type { Logger } from '#lib/logger.ts';
import { presignDownload } from '#lib/object-storage.ts';
import { getCommonSettings } from '#data/common-settings.ts';
import { countShareDownload, getShareLink, type GrantRefusal, type ShareLinkRecord } from '#data/share-links.ts';
import { recordLinkDownload } from '#domain/drive/access-log.ts';
import { viewerFor } from '#domain/drive/folder-access.ts';
import { refuseIfThreat } from '#domain/drive/malware.ts';
import { mayShare, reachableItem, type ReachedItem } from '#domain/drive/reach.ts';
import { checkLinkPassword, downloadsLeft, linkOfToken, stateOf } from './link-rules.ts';

/**
 * The public download page's calls (no sign-in; docs/drive.md "Share links"). The contract comes
 * from the URL, as the token does: the secret binds them, and a wrong one is told exactly as an
 * unknown link is.
 */

const refusal = (state: GrantRefusal | 'stopped'): DomainError =>
  new DomainError(state === 'revoked' ? 'shareLinkRevoked' : state === 'expired' ? 'shareLinkExpired' : state === 'exhausted' ? 'shareLinkExhausted' : state === 'missing' ? 'shareLinkNotFound' : 'shareLinkStopped');

/** The link the token names (link-rules.ts counts the address's attempt), while it is active. */
async function openLink(kykId: string, token: string, sourceIp: string): Promise<ShareLinkRecord> {
  const link = await linkOfToken(kykId, token, sourceIp, getShareLink);
  const state = stateOf(link, true);
  if (state !== 'active') throw refusal(state);
  return link;
}

/**
 * The shared file as its creator reaches it now: links stop while their file is in the trash or
 * under a folder in the trash, for good when it is deleted, and when their creator is suspended,
 * deleted or may no longer see it (folder permissions) or issue links for it (below the contract's
 * issuing level now), or the contract turns links off.
 */
async function sharedFile(link: ShareLinkRecord): Promise<ReachedItem> {
  const [{ settings }, viewer] = await Promise.all([getCommonSettings(link.kyk_id), viewerFor(link.kyk_id, link.creator_id)]);
  if (settings.url_issuing !== 1) throw refusal('stopped');
  const item = await reachableItem(viewer, link.item_id);
  if (item?.type !== 'file' || item.status !== 'ready' || !item.s3_key || item.size === null) throw refusal('stopped');
  if (!mayShare(item, viewer, settings)) throw refusal('stopped');
  refuseIfThreat(item);
  return item;
}

/** What the link offers; behind a password, not the file's name or size. */
export const getSharedFileInfo: Operation<'share/info'> = async ({ input, sourceIp }) => {
  const link = await openLink(input.kyk_id, input.token, sourceIp);
  const item = await sharedFile(link);
  const hidden = !!link.password_hash;
  return {
    password_required: hidden,
    file_name: hidden ? null : item.name,
    size: hidden ? null : item.size,
    expires_at: link.expires_at,
    downloads_left: downloadsLeft(link),
  };
};

async function logGrant(link: ShareLinkRecord, item: ReachedItem, sourceIp: string, log: Logger): Promise<void> {
  // The link's, not its creator's (the downloader is anonymous), with the address it came from; the creator still reads it.
  await recordLinkDownload(link, item, sourceIp, log);
}

/**
 * One download: counted by one conditional update (a limit of 3 grants exactly 3, however many ask
 * at once), then a presigned GET of the file's current bytes valid SHARE_GRANT_SECONDS. Range
 * requests of that download go to the same URL and count nothing more.
 */
export const downloadSharedFile: Operation<'share/download'> = async ({ input, sourceIp, log }) => {
  const link = await openLink(input.kyk_id, input.token, sourceIp);
  await checkLinkPassword(link.kyk_id, link.link_id, link.password_hash, input.password);
  const item = await sharedFile(link);
  const counted = await countShareDownload(link.kyk_id, link.link_id, nowIso());
  if (typeof counted === 'string') throw refusal(counted);
  const { url, expiresAt } = await presignDownload(item.s3_key!, item.name, item.content_type ?? 'application/octet-stream', SHARE_GRANT_SECONDS);
  await logGrant(counted, item, sourceIp, log);
  return { url, file_name: item.name, size: item.size!, expires_at: expiresAt, downloads_left: downloadsLeft(counted) };
};
