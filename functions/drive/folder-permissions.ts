import type { PermissionPrincipal, PermissionSide } from '#shared/schemas/drive.ts';
import { DomainError } from '#lib/errors.ts';
import { auditActor, type Operation } from '#lib/api-handler.ts';
import { writeAudit } from '#lib/audit.ts';
import { saveFolderAcl, type FolderAcl, type FolderState } from '#data/drive-items.ts';
import { getGroups } from '#data/groups.ts';
import { getUsers } from '#data/user-directory.ts';
import { viewerOf, type DriveViewer } from '#domain/drive/folder-access.ts';
import { reach, type ReachedItem, itemNotFound } from '#domain/drive/reach.ts';


/** A folder the caller reaches, with the folders above it (files follow their folder: they have no settings of their own). */
async function reachableFolder(viewer: DriveViewer, id: string): Promise<ReachedItem & { above: FolderState[] }> {
  const reached = await reach(viewer, id, 'see');
  if (reached?.entry.type !== 'folder') throw itemNotFound();
  return { ...reached.entry, above: reached.path };
}

/** Administrators, and whoever may update the folder (level 3 after the folders above), change its settings. */
const mayEdit = (viewer: DriveViewer, folder: ReachedItem): boolean => viewer.rights.admin || folder.level >= 3;

/** The names of the users and groups of some settings: one batch read of each. */
async function principalsOf(kykId: string, acls: FolderAcl[]) {
  const userIds = [...new Set(acls.flatMap((acl) => [...acl.view.users, ...acl.update.users]))];
  const groupIds = [...new Set(acls.flatMap((acl) => [...acl.view.groups, ...acl.update.groups]))];
  const [users, groups] = await Promise.all([getUsers(kykId, userIds), getGroups(kykId, groupIds)]);
  const userNames = new Map(users.map((user) => [user.user_id, user.user_nm]));
  // A user or group deleted since keeps its place in the list, under its id.
  return (side: PermissionSide): PermissionPrincipal[] => [
    ...side.groups.map((id) => ({ kind: 'group' as const, id, name: groups.get(id)?.user_group_nm ?? id })),
    ...side.users.map((id) => ({ kind: 'user' as const, id, name: userNames.get(id) ?? id })),
  ];
}

/** A folder's permission settings: its own, and those of the folders above that apply here too. */
export const getFolderPermissions: Operation<'com_drive/permission_info'> = async ({ caller, input }) => {
  const viewer = viewerOf(caller);
  const folder = await reachableFolder(viewer, input.id);
  const above = folder.above.filter((entry): entry is FolderState & { acl: FolderAcl } => !!entry.acl);
  const named = await principalsOf(caller.kykId, [...above.map((entry) => entry.acl), ...(folder.acl ? [folder.acl] : [])]);
  return {
    folder: { id: folder.id, name: folder.name },
    row_version: folder.row_version,
    own: !!folder.acl,
    policy: folder.acl?.policy ?? 'allow',
    view: folder.acl ? named(folder.acl.view) : [],
    update: folder.acl ? named(folder.acl.update) : [],
    inherited: above.map((entry) => ({ folder: { id: entry.id, name: entry.name }, policy: entry.acl.policy, view: named(entry.acl.view), update: named(entry.acl.update) })),
    may_edit: mayEdit(viewer, folder),
  };
};

const sorted = (side: PermissionSide): PermissionSide => ({ users: [...new Set(side.users)].sort(), groups: [...new Set(side.groups)].sort() });

/**
 * Saves a folder's own settings, or removes them (`inherit`). SPEC.md §5: at least one update
 * permission (990000140101, an allow-list without anyone on the update side) and the same user or
 * group not on both sides (990000140102). Every user and account-area group named must exist in the
 * contract. Audited with the settings before and after.
 */
export const saveFolderPermissions: Operation<'com_drive/permission_save_btn'> = async (context) => {
  const { caller, input } = context;
  const viewer = viewerOf(caller);
  const folder = await reachableFolder(viewer, input.id);
  if (!mayEdit(viewer, folder)) throw new DomainError('permissionError');

  let acl: FolderAcl | undefined;
  if (input.inherit !== 1) {
    const view = sorted(input.view);
    const update = sorted(input.update);
    if (view.users.some((id) => update.users.includes(id)) || view.groups.some((id) => update.groups.includes(id))) throw new DomainError('permissionBothSides');
    if (input.policy === 'allow' && update.users.length + update.groups.length === 0) throw new DomainError('permissionNoUpdater');
    await mustExist(caller.kykId, { users: [...view.users, ...update.users], groups: [...view.groups, ...update.groups] });
    acl = { policy: input.policy, view, update };
  }
  if (folder.row_version !== input.row_version) throw new DomainError('editedByAnotherUser');
  const saved = await saveFolderAcl({ kyk_id: folder.kyk_id, id: folder.id }, acl, input.row_version);
  await writeAudit(auditActor(context), {
    action: 'drive.folder_permission_save', targetType: 'folder', targetId: folder.id,
    before: { name: folder.name, acl: folder.acl ?? null }, after: { name: folder.name, acl: acl ?? null },
  });
  return { row_version: saved.row_version };
};

/** Users of the contract and its account-area groups (the groups folder settings can name): -4 on the side naming another. */
async function mustExist(kykId: string, named: PermissionSide): Promise<void> {
  const [users, groups] = await Promise.all([getUsers(kykId, named.users), getGroups(kykId, named.groups)]);
  const knownUsers = new Set(users.map((user) => user.user_id));
  const unknownUser = named.users.some((id) => !knownUsers.has(id));
  const unknownGroup = named.groups.some((id) => groups.get(id)?.product !== 'ata');
  if (unknownUser || unknownGroup) throw new DomainError('input', {}, { [unknownUser ? 'users' : 'groups']: 'validation.invalidValue' });
}

