import { randomInt } from 'node:crypto';
import { toUserDetail, type User } from '#data/users.ts';
import { DomainError } from '#lib/errors.ts';
import type { UserDetail } from '#shared/schemas/users.ts';
import { getUserConsistent, namesFor } from '#data/user-directory.ts';

/** -3 with "the data does not exist": the user was deleted, or never existed in this contract. */
export const recordNotFound = (): DomainError => new DomainError('address', {}, {}, 'notice.recordNotFound');

/** -201: another save got there first. */
export const editedByAnotherUser = (): DomainError => new DomainError('editedByAnotherUser');

/** -2 "You cannot suspend or delete your own account." */
export const cannotChangeSelf = (): DomainError => new DomainError('permission', {}, {}, 'notice.cannotChangeSelf');

/** The user (strongly consistent), checked against the version the caller saw when given. */
export async function requireUser(kykId: string, userId: string, rowVersion?: number): Promise<User> {
  const user = await getUserConsistent(kykId, userId);
  if (!user) throw recordNotFound();
  if (rowVersion !== undefined && user.row_version !== rowVersion) throw editedByAnotherUser();
  return user;
}

/** After a refused condition on the profile: which of -3 or -201 it was. */
export async function lostRace(kykId: string, userId: string): Promise<DomainError> {
  return (await getUserConsistent(kykId, userId)) ? editedByAnotherUser() : recordNotFound();
}

export const refuseSelf = (caller: { userId: string }, userId: string): void => {
  if (caller.userId === userId) throw cannotChangeSelf();
};

/** Users as answered, with their legal entity's and groups' names. */
export async function detailsOf(kykId: string, users: User[]): Promise<UserDetail[]> {
  const names = await namesFor(kykId, users);
  return users.map((user) => toUserDetail(user, {
    corpNm: user.corp_id ? names.corps.get(user.corp_id) : undefined,
    groupNames: Object.fromEntries(names.groups),
  }));
}

/** The stored user as answered (re-read after a change, so the answer is what was written). */
export async function currentDetail(kykId: string, userId: string): Promise<UserDetail> {
  const user = await getUserConsistent(kykId, userId);
  if (!user) throw recordNotFound();
  return (await detailsOf(kykId, [user]))[0]!;
}

/**
 * The user for the audit log: the administrator's view without display names, never the password
 * hash, a temporary password or a TOTP secret.
 */
export function auditView(user: User): Record<string, unknown> {
  const { corp_nm: _corpNm, group_names: _groupNames, ...view } = toUserDetail(user);
  return view;
}

/** A temporary password lives this long (SPEC.md: "short-lived"). */
export const TEMP_PASSWORD_HOURS = 24;
export const TEMP_PASSWORD_LENGTH = 16;

/** Characters that cannot be misread when a password is read aloud or copied by hand (no 0/O, 1/l/I). */
const passwordClasses = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789', '!#$%&*+-=?@_'];

/**
 * A random temporary password of 16 characters with at least one upper-case letter, lower-case
 * letter, digit and symbol (so any password policy's character rules are met), from the CSPRNG:
 * about 95 bits.
 */
export function temporaryPassword(length = TEMP_PASSWORD_LENGTH): string {
  const all = passwordClasses.join('');
  const chars = passwordClasses.map((set) => set[randomInt(set.length)]!);
  while (chars.length < length) chars.push(all[randomInt(all.length)]!);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

export const tempPasswordExpiry = (now = new Date()): string => new Date(now.getTime() + TEMP_PASSWORD_HOURS * 3_600_000).toISOString();
