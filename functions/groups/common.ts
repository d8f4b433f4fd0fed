import { DomainError } from '#lib/errors.ts';
import { getGroup, type GroupRecord } from '#data/groups.ts';

/** -3 with "the data does not exist": the group was deleted, or never existed in this contract. */
export const recordNotFound = (): DomainError => new DomainError('address', {}, {}, 'notice.recordNotFound');

/** -201: another save got there first. */
export const editedByAnotherUser = (): DomainError => new DomainError('editedByAnotherUser');

/** The group, checked against the version the caller saw (when given). */
export async function requireGroup(kykId: string, groupId: string, rowVersion?: number): Promise<GroupRecord> {
  const group = await getGroup(kykId, groupId);
  if (!group) throw recordNotFound();
  if (rowVersion !== undefined && group.row_version !== rowVersion) throw editedByAnotherUser();
  return group;
}

/** After a lost race on the group's own condition: says which of -3 or -201 it was. */
export async function lostRace(kykId: string, groupId: string): Promise<DomainError> {
  return (await getGroup(kykId, groupId)) ? editedByAnotherUser() : recordNotFound();
}

export const unique = (ids: readonly string[]): string[] => [...new Set(ids)];
