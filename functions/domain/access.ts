import type { Access, DriveLevel } from '#shared/routes/define.ts';
import { driveLevelNeeded } from '#shared/routes/define.ts';
import type { LoginRights } from '#shared/schemas/auth.ts';
import { getGroup, type GroupRecord } from '#data/groups.ts';
import type { User } from '#data/users.ts';
import { getCommonSettings } from '#data/common-settings.ts';
import { lowestIssuingLevel, type LinkIssuing } from './drive/share-right.ts';

/**
 * The access model (SPEC.md §6, docs/architecture.md "Who may do what"), computed once per request
 * by the handler kit. The user's account-area (ata) group carries administration and the
 * common-drive level; a user outside any account-area group has the individual flags
 * (`ata_admin_permission`, and `indiv_com_drive_permission` when `indiv_permission_flg` is 1). An
 * administrator, by the group or by the individual flag, has drive level 3. Groups of other
 * product areas decide only their own product's admin flag, never this product's rights.
 */
export interface Rights {
  admin: boolean;
  drive: DriveLevel;
  /** Where the rights come from: the account-area group, or the individual flags (-1 in lists). */
  source: 'group' | 'individual';
}

type GroupRights = Pick<GroupRecord, 'admin_permission' | 'com_drive_permission'>;

const asDriveLevel = (value: unknown): DriveLevel => (value === 1 || value === 2 || value === 3 ? value : 0);

export function rightsFrom(user: Pick<User, 'ata_admin_permission' | 'indiv_permission_flg' | 'indiv_com_drive_permission'>, group: GroupRights | undefined): Rights {
  if (group) {
    const admin = group.admin_permission === 1 || user.ata_admin_permission === 1;
    return { admin, drive: admin ? 3 : asDriveLevel(group.com_drive_permission), source: 'group' };
  }
  const admin = user.ata_admin_permission === 1;
  const individual = user.indiv_permission_flg === 1 ? asDriveLevel(user.indiv_com_drive_permission) : 0;
  return { admin, drive: admin ? 3 : individual, source: 'individual' };
}

/** The rights of a signed-in user: one strongly consistent point read of the account-area group. */
export async function loadRights(user: User): Promise<Rights> {
  const groupId = user.groups?.ata;
  const group = groupId ? await getGroup(user.kyk_id, groupId) : undefined;
  return rightsFrom(user, group);
}

/** Does a route's declared access admit these rights (public and user routes admit every session)? */
export const allows = (rights: Rights, access: Access): boolean =>
  access === 'admin' ? rights.admin : rights.drive >= driveLevelNeeded(access);

/**
 * Item-level rule of the "active" level (2): add files and folders, and change or delete only what
 * one registered oneself; "update" (3) changes anything; "view" (1) changes nothing.
 */
export const mayChangeItem = (rights: Rights, userId: string, item: { regist_user_id?: string; level?: number }): boolean => {
  // An entry reached through the drive carries the level the folder permissions leave (functions/domain/drive/folder-access.ts).
  const level = Math.min(rights.drive, item.level ?? rights.drive);
  return level >= 3 || (level === 2 && item.regist_user_id === userId);
};

/** The rights as the SPA reads them to hide what the user may not do. */
export const toLoginRights = (rights: Rights, links: LinkIssuing): LoginRights => ({
  admin: rights.admin ? 1 : 0, drive: rights.drive, individual: rights.source === 'individual' ? 1 : 0,
  link_issuer_level: lowestIssuingLevel(links) as LoginRights['link_issuer_level'],
});

/** The rights as the SPA reads them, with the contract's share-link issuing (common settings). */
export async function loginRightsOf(kykId: string, rights: Rights): Promise<LoginRights> {
  const { settings } = await getCommonSettings(kykId);
  return toLoginRights(rights, settings);
}
