import type { DriveLevel } from '#shared/routes/define.ts';
import type { PermissionSide } from '#shared/schemas/drive.ts';
import { getUser, type User } from '#data/users.ts';
import type { FolderAcl } from '#data/drive-items.ts';
import { loadRights, type Rights } from '#domain/access.ts';

/**
 * Folder permissions (docs/drive.md "Folder permissions"): the one rule that decides what a user
 * may do with an entry of the drive, from their drive level and the settings of the folders above it.
 *
 * - Administrators are not limited by folder settings (they keep every folder manageable).
 * - Anyone else starts from their drive level (0 none, 1 view, 2 active, 3 update). Every folder on
 *   the entry's path that has settings of its own narrows it: `allow` keeps those on its update side
 *   as they are, gives those on its view side view (1) and everyone else nothing (0); `deny` gives
 *   those on its view side nothing and those on its update side view. A user is on a side by their
 *   user id or by their account-area group.
 * - So a folder's settings apply to everything below it, and a subfolder's own settings can narrow
 *   them further, never widen them; 0 means the entry is not there for the user at all (never
 *   listed, answered as missing).
 */
/** Who is asking, as the rule needs it. */
export interface DriveViewer {
  kykId: string;
  userId: string;
  /** The user's account-area group (the one folder settings name). */
  groupId: string | undefined;
  rights: Rights;
}

/** The viewer of an API call (the kit's caller). */
export const viewerOf = (caller: { kykId: string; userId: string; user: Pick<User, 'groups'>; rights: Rights }): DriveViewer => ({
  kykId: caller.kykId, userId: caller.userId, groupId: caller.user.groups?.ata ?? undefined, rights: caller.rights,
});

/** The viewer of a background job: its starter as they are now (a suspended or deleted user reaches nothing). */
export async function viewerFor(kykId: string, userId: string): Promise<DriveViewer> {
  const user = await getUser(kykId, userId);
  if (!user || user.status !== 0) return { kykId, userId, groupId: undefined, rights: { admin: false, drive: 0, source: 'individual' } };
  return { kykId, userId, groupId: user.groups?.ata ?? undefined, rights: await loadRights(user) };
}

const onSide = (side: PermissionSide, viewer: DriveViewer): boolean =>
  side.users.includes(viewer.userId) || (viewer.groupId !== undefined && side.groups.includes(viewer.groupId));

/** The most one folder's own settings leave the viewer: 0 nothing, 1 view, 3 no narrowing. */
export function aclCeiling(acl: FolderAcl, viewer: DriveViewer): 0 | 1 | 3 {
  if (acl.policy === 'allow') return onSide(acl.update, viewer) ? 3 : onSide(acl.view, viewer) ? 1 : 0;
  return onSide(acl.view, viewer) ? 0 : onSide(acl.update, viewer) ? 1 : 3;
}

/**
 * The viewer's level on an entry whose folders, from the top down, are `chain` (for a folder, the
 * chain ends with the folder itself): the drive level narrowed by every folder's own settings.
 */
export function levelUnder(chain: readonly { acl?: FolderAcl | undefined }[], viewer: DriveViewer): DriveLevel {
  if (viewer.rights.admin) return viewer.rights.drive;
  let level: number = viewer.rights.drive;
  for (const folder of chain) if (folder.acl) level = Math.min(level, aclCeiling(folder.acl, viewer));
  return level as DriveLevel;
}

/** Level 2 (active) and 3 add entries; 1 reads (changes: `mayChangeItem` in functions/domain/access.ts, with the entry's level). */
export const mayAddUnder = (level: DriveLevel): boolean => level >= 2;
