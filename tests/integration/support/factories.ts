import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { RouteRequest, RouteResponse } from '#shared/routes.ts';
import type { DriveItem } from '#shared/schemas/drive.ts';
import type { UserGroup } from '#shared/schemas/groups.ts';
import type { Corp } from '#shared/schemas/legal.ts';
import type { PasswordPolicy } from '#shared/schemas/security.ts';
import { call, signIn } from './api.ts';
import { testPassword } from './passwords.ts';
import type { TestTenant } from './tenants.ts';

/**
 * Test data built through the API, as an administrator would build it, so tests arrange state the
 * product can really reach. Each factory asserts its call succeeded and answers what it made.
 */

/** Whoever builds the data: a tenant's administrator, or any session with the rights (only its token is used). */
export type Builder = Pick<TestTenant, 'token'>;

/** A user group (account area unless `product` says otherwise) with a unique name. */
export async function aGroup(t: Builder, fields: Partial<RouteRequest<'com/user_group_reg_btn'>> = {}): Promise<UserGroup> {
  const result = await call('com/user_group_reg_btn', { product: 'ata', user_group_nm: `Group ${randomUUID().slice(0, 8)}`, ...fields }, t.token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!.group;
}

/** A legal entity with a unique code. */
export async function aCorp(t: Builder, fields: Partial<RouteRequest<'com/corp_info_reg_btn'>> = {}): Promise<Corp> {
  const result = await call('com/corp_info_reg_btn', { corp_cd: `C${randomUUID().slice(0, 8)}`, corp_nm: `Corp ${randomUUID().slice(0, 6)}`, ...fields }, t.token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!.corp;
}

/** A folder created by `token` (the administrator's by default). */
export async function aFolder(t: Builder, options: { parentId?: string; name?: string; token?: string } = {}): Promise<DriveItem> {
  const result = await call('com_drive/folder_reg_btn', { parent_id: options.parentId ?? 'root', name: options.name ?? `Folder ${randomUUID().slice(0, 8)}` }, options.token ?? t.token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!.item;
}

export interface SignedInUser {
  userId: string;
  password: string;
  token: string;
}

/**
 * A user registered by the administrator (so it must change its password at the first sign-in),
 * then signed in the way the SPA does: password, the forced change, a session. Fields of the
 * registration form override the defaults (e.g. `groups: { ata: id }`, `indiv_permission_flg: 1`).
 */
export async function aUser(t: TestTenant, fields: Partial<RouteRequest<'com/user_info_reg_btn'>> = {}): Promise<SignedInUser> {
  const { user, temporary_password } = await aRegisteredUser(t, fields);
  const userId = user.user_id;
  const first = await call('login/login_btn', { kyk_id: t.kykId, user_id: userId, password: fields.password ?? temporary_password! });
  expect(first.body.code, JSON.stringify(first.body)).toBe(-990000010009);
  const ticket = (first.body.data as { next: { ticket: string } }).next.ticket;
  const password = testPassword();
  const changed = await call('com/passchange_lnk', { ticket, new_password: password, confirm_password: password });
  expect(changed.body.code, JSON.stringify(changed.body)).toBe(990000210002);
  return { userId, password, token: changed.token! };
}

/**
 * A user registered by the administrator and nothing more (no sign-in yet): the registration's
 * answer, with the temporary password when `fields` gives none.
 */
export async function aRegisteredUser(t: Builder, fields: Partial<RouteRequest<'com/user_info_reg_btn'>> = {}): Promise<RouteResponse<'com/user_info_reg_btn'>> {
  const userId = fields.user_id ?? `u${randomUUID().slice(0, 8)}`;
  const registered = await call('com/user_info_reg_btn', {
    regist_mode: 1, user_id: userId, user_nm: `User ${userId}`, email: `${userId}@example.com`, language: 'en', ...fields,
  }, t.token);
  expect(registered.body.code, JSON.stringify(registered.body)).toBe(990000210001);
  return registered.body.data!;
}

export interface ReadyUser {
  userId: string;
  password: string;
  /** A fresh sign-in with the chosen password; answers the token. */
  signIn: () => Promise<string>;
}

/**
 * A user who has been through the first sign-in (password chosen) and signed out again, so the next
 * sign-in is a plain one: what a test of the sign-in or of another group's calls starts from.
 */
export async function aSignedOutUser(t: TestTenant, fields: Partial<RouteRequest<'com/user_info_reg_btn'>> = {}): Promise<ReadyUser> {
  const { userId, password, token } = await aUser(t, fields);
  const out = await call('login/logout_btn', {}, token);
  expect(out.body.code, JSON.stringify(out.body)).toBe(0);
  return { userId, password, signIn: () => signIn(t.kykId, userId, password) };
}

/** The contract's password policy saved with `changes` over what is stored; answers the saved policy. */
export async function aPasswordPolicy(t: Builder, changes: Partial<PasswordPolicy> = {}): Promise<RouteResponse<'com/security_info_save_btn'>> {
  const current = await call('com/security_info', {}, t.token);
  const result = await call('com/security_info_save_btn', { row_version: current.body.data!.row_version, ...current.body.data!.policy, ...changes }, t.token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!;
}

/** An account-area group whose members need the second step (1 e-mail code, 2 authenticator), trusted devices kept `mfaDays` days. */
export const aSecondStepGroup = (t: Builder, twoStep: 1 | 2, memberIds: string[], mfaDays = 30): Promise<UserGroup> =>
  aGroup(t, { two_step: twoStep, mfa_valid_days: mfaDays, member_ids: memberIds });
