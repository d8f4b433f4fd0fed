import { SHARE_LINKS_PER_FILE_MAX, shareUrlPath } from '#shared/schemas/share-links.ts';
import type { CommonSettings } from '#shared/schemas/settings.ts';
import { auditActor, type Caller, type Operation } from '#lib/api-handler.ts';
import { idempotent } from '#lib/idempotency.ts';
import { nowIso } from '#lib/data/table.ts';
import { DomainError, InputError } from '#lib/errors.ts';
import { hashPassword } from '#lib/passwords.ts';
import { getCommonSettings } from '#data/common-settings.ts';
import { isTrashed, type ItemRecord } from '#data/drive-items.ts';
import { countItemLinks, getShareLink, insertShareLink, listContractLinks, listItemLinks, revokeShareLink, type ShareLinkRecord } from '#data/share-links.ts';
import { getGroups, type GroupRecord } from '#data/groups.ts';
import { getUsers } from '#data/user-directory.ts';
import { rightsFrom } from '#domain/access.ts';
import { viewerOf } from '#domain/drive/folder-access.ts';
import { refuseIfThreat } from '#domain/drive/malware.ts';
import { entriesForAdministrator, mayShare, reachableItem, type ReachedItem, itemNotFound } from '#domain/drive/reach.ts';
import { mayIssueLinks } from '#domain/drive/share-right.ts';
import { newLinkToken, rulesOf, stateOf, toShareLink } from './link-rules.ts';


/** A ready file the caller reaches (folders have no links: a folder link would open a listing without sign-in). */
async function reachableFile(caller: Caller, id: string): Promise<ReachedItem> {
  const item = await reachableItem(viewerOf(caller), id);
  if (item?.type !== 'file' || item.status !== 'ready' || !item.s3_key) throw itemNotFound();
  return item;
}

/** Its creator, an administrator, or whoever may update the file where it is. */
const mayRevoke = (caller: Caller, link: ShareLinkRecord, level: number): boolean =>
  link.creator_id === caller.userId || caller.rights.admin || level >= 3;

/**
 * Which creators may still issue links: active (suspended, locked or deleted users' links are
 * stopped) and, by their drive level now, at or above the contract's issuing level (the grant also
 * narrows it by the folders above the file).
 */
async function issuingCreators(kykId: string, links: ShareLinkRecord[], settings: CommonSettings): Promise<Set<string>> {
  const users = (await getUsers(kykId, [...new Set(links.map((link) => link.creator_id))])).filter((user) => user.status === 0);
  const groupIds = [...new Set(users.flatMap((user) => (user.groups?.ata ? [user.groups.ata] : [])))];
  const groups = groupIds.length > 0 ? await getGroups(kykId, groupIds) : new Map<string, GroupRecord>();
  return new Set(users.filter((user) => {
    const rights = rightsFrom(user, user.groups?.ata ? groups.get(user.groups.ata) : undefined);
    return mayIssueLinks(rights.drive, rights, settings);
  }).map((user) => user.user_id));
}

const DAY_MS = 86_400_000;

/**
 * Makes a link to a file the caller can download, within the contract's rules (common settings):
 * links allowed, validity and download limit at most the maxima (their defaults when not sent), a
 * password when required. One transaction writes the link and its audit record. Once per
 * Idempotency-Key: a dialog's submit retried after a lost answer gets the same link, its URL again.
 */
export const createShareLink: Operation<'com_drive/share_link_create_btn'> = (context) => idempotent(context, async () => {
  const { caller, input } = context;
  const [{ settings }, item] = await Promise.all([getCommonSettings(caller.kykId), reachableFile(caller, input.id)]);
  const rules = rulesOf(settings);
  if (!rules.allowed) throw new DomainError('shareLinksNotAllowed');
  // Issuing is a right: from the level the common settings choose, on this file (folder settings applied).
  if (!mayShare(item, viewerOf(caller), settings)) throw new DomainError('permissionError');
  refuseIfThreat(item);

  const days = input.days ?? rules.default_days;
  const maxDownloads = input.max_downloads ?? rules.default_downloads;
  const fields: Record<string, 'validation.shareDaysAboveMaximum' | 'validation.shareDownloadsAboveMaximum' | 'validation.sharePasswordRequired'> = {};
  const params: Record<string, { max: number }> = {};
  if (days > rules.max_days) {
    fields.days = 'validation.shareDaysAboveMaximum';
    params.days = { max: rules.max_days };
  }
  if (rules.max_downloads !== 0 && (maxDownloads === 0 || maxDownloads > rules.max_downloads)) {
    fields.max_downloads = 'validation.shareDownloadsAboveMaximum';
    params.max_downloads = { max: rules.max_downloads };
  }
  if (rules.password_required && !input.password) fields.password = 'validation.sharePasswordRequired';
  if (Object.keys(fields).length > 0) throw new InputError(fields, params);

  if ((await countItemLinks(caller.kykId, item.id, SHARE_LINKS_PER_FILE_MAX)) >= SHARE_LINKS_PER_FILE_MAX) {
    throw new DomainError('shareLinksPerFileLimit', { max: SHARE_LINKS_PER_FILE_MAX });
  }
  const { linkId, token, secretHash } = newLinkToken();
  const now = new Date();
  const link: ShareLinkRecord = {
    kyk_id: caller.kykId, link_id: linkId, secret_hash: secretHash,
    item_id: item.id, item_name: item.name,
    creator_id: caller.userId, creator_nm: caller.user.user_nm,
    created_at: now.toISOString(), expires_at: new Date(now.getTime() + days * DAY_MS).toISOString(),
    max_downloads: maxDownloads, downloads: 0,
    ...(input.password ? { password_hash: await hashPassword(input.password) } : {}),
  };
  await insertShareLink(auditActor(context), link);
  return { link: toShareLink(link, 'active', true), url_path: shareUrlPath(caller.kykId, token) };
});

/** A file's links, newest first, for whoever reaches the file; with the rules the dialog offers for a new one. */
export const listShareLinks: Operation<'com_drive/share_link_list'> = async ({ caller, input }) => {
  const [{ settings }, item] = await Promise.all([getCommonSettings(caller.kykId), reachableFile(caller, input.id)]);
  const links = await listItemLinks(caller.kykId, item.id, SHARE_LINKS_PER_FILE_MAX);
  const issuing = await issuingCreators(caller.kykId, links, settings);
  return {
    links: links.map((link) => toShareLink(link, stateOf(link, issuing.has(link.creator_id)), mayRevoke(caller, link, item.level))),
    rules: rulesOf(settings),
  };
};

/**
 * Revokes a link. The caller must reach its file (a link to a file they cannot see is not there for
 * them), unless they are an administrator, who may revoke any link of the contract (also one whose
 * file is in the trash or gone).
 */
export const revokeLink: Operation<'com_drive/share_link_revoke_btn'> = async (context) => {
  const { caller, input } = context;
  const link = await getShareLink(caller.kykId, input.link_id);
  if (!link) throw new DomainError('shareLinkNotFound');
  const item = caller.rights.admin ? undefined : await reachableItem(viewerOf(caller), link.item_id);
  if (!caller.rights.admin && !item) throw new DomainError('shareLinkNotFound');
  if (!mayRevoke(caller, link, item?.level ?? 0)) throw new DomainError('permissionError');
  const revoked = await revokeShareLink(auditActor(context), link, nowIso());
  return { link: toShareLink(revoked, 'revoked', false) };
};

/** Every link of the contract for its administrators, newest first, each with its state now. */
export const listContractShareLinks: Operation<'com_drive/share_link_admin_list'> = async ({ caller, input }) => {
  const page = await listContractLinks(caller.kykId, { pageSize: input.page_size, cursor: input.cursor });
  if (!page) throw new InputError({ cursor: 'validation.invalidValue' });
  const [{ settings }, items] = await Promise.all([
    getCommonSettings(caller.kykId),
    entriesForAdministrator(viewerOf(caller), [...new Set(page.links.map((link) => link.item_id))]),
  ]);
  const issuing = await issuingCreators(caller.kykId, page.links, settings);
  const live = new Map(items.filter((item: ItemRecord) => !isTrashed(item)).map((item) => [item.id, item]));
  return {
    links: page.links.map((link) => {
      const usable = live.has(link.item_id) && issuing.has(link.creator_id);
      return toShareLink({ ...link, item_name: live.get(link.item_id)?.name ?? link.item_name }, stateOf(link, usable), true);
    }),
    next_cursor: page.nextCursor,
  };
};
