import { DomainError } from '#lib/errors.ts';
import type { LabelledItem } from '#lib/data/transact.ts';
import { adminGroupIds, administratorsGuardItem, readAdministratorsGuard, someActiveUser } from '#data/administrators.ts';
import { getGroup } from '#data/groups.ts';
import { getUserConsistent } from '#data/user-directory.ts';
import type { User } from '#data/users.ts';

/**
 * A contract always keeps an active administrator (docs/architecture.md, "Who may do what"): a
 * change that takes administration from someone (the individual flag, the account-area group, a
 * suspension or a deletion, a group's admin flag or members) asks here first, and adds the guard
 * item this answers to its own transaction, so two such changes at once cannot each count on the
 * administrator the other removes.
 */
export type AdministrationState = Pick<User, 'status' | 'ata_admin_permission' | 'groups'>;

export interface AdministrationAfter {
  /** Users the change touches, as they will be (null: deleted). */
  users?: Record<string, AdministrationState | null>;
  /** Account-area groups whose admin flag the change sets. */
  groups?: Record<string, 0 | 1>;
}

type GroupAdmin = (groupId: string) => Promise<boolean>;

const groupAdminFrom = (kykId: string, after: AdministrationAfter): GroupAdmin => async (groupId) => {
  const set = after.groups?.[groupId];
  if (set !== undefined) return set === 1;
  return (await getGroup(kykId, groupId))?.admin_permission === 1;
};

/** An available user with administration, by the individual flag or the account-area group. */
async function administers(state: AdministrationState, groupAdmin: GroupAdmin): Promise<boolean> {
  if (state.status !== 0) return false;
  if (state.ata_admin_permission === 1) return true;
  const groupId = state.groups?.ata;
  return !!groupId && (await groupAdmin(groupId));
}

/** Whether the change takes administration from anyone it touches (only then is the check needed). */
export async function takesAdministration(kykId: string, before: Record<string, AdministrationState>, after: AdministrationAfter): Promise<boolean> {
  const groupAdminBefore = groupAdminFrom(kykId, {});
  const groupAdminAfter = groupAdminFrom(kykId, after);
  for (const [userId, state] of Object.entries(before)) {
    const next = after.users?.[userId] === undefined ? state : after.users[userId];
    if ((await administers(state, groupAdminBefore)) && !(next && (await administers(next, groupAdminAfter)))) return true;
  }
  return false;
}

/**
 * Refuses (-202, or -203 for a deletion) a change after which no available user administers the
 * contract; answers the guard item for the change's transaction.
 */
export async function keepAnAdministrator(kykId: string, after: AdministrationAfter, refusal: 'updateFailure' | 'deleteFailure' = 'updateFailure'): Promise<LabelledItem> {
  const guard = await readAdministratorsGuard(kykId);
  const groupAdmin = groupAdminFrom(kykId, after);
  const touched = after.users ?? {};
  let found = false;
  for (const state of Object.values(touched)) if (state && (await administers(state, groupAdmin))) found = true;
  const adminGroups = found ? new Set<string>() : await adminGroupIds(kykId);
  for (const [groupId, flag] of Object.entries(after.groups ?? {})) if (flag === 1) adminGroups.add(groupId);
  found ||= await someActiveUser(kykId, async (candidate) => {
    if (Object.hasOwn(touched, candidate.user_id)) return false;
    const viaGroup = !!candidate.groups?.ata && adminGroups.has(candidate.groups.ata) && after.groups?.[candidate.groups.ata] !== 0;
    if (candidate.ata_admin_permission !== 1 && !viaGroup) return false;
    // The index may lag a change that just finished: the profile and its group decide.
    const fresh = await getUserConsistent(kykId, candidate.user_id);
    return !!fresh && (await administers(fresh, groupAdmin));
  });
  if (!found) throw new DomainError(refusal, {}, {}, 'notice.lastAdministrator');
  return administratorsGuardItem(kykId, guard);
}
