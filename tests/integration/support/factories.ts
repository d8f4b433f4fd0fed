import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { RouteRequest } from '#shared/routes.ts';
import type { DriveItem } from '#shared/schemas/drive.ts';
import type { UserGroup } from '#shared/schemas/groups.ts';
import type { Corp } from '#shared/schemas/legal.ts';
import { call } from './api.ts';
import { testPassword } from './passwords.ts';
import type { TestTenant } from './tenants.ts';

/**
 * Test data built through the API, as an administrator would build it, so tests arrange state the
 * product can really reach. Each factory asserts its call succeeded and answers what it made.
 */

/** A user group (account area unless `product` says otherwise) with a unique name. */
export async function aGroup(t: TestTenant, fields: Partial<RouteRequest<'com/user_group_reg_btn'>> = {}): Promise<UserGroup> {
  const result = await call('com/user_group_reg_btn', { product: 'ata', user_group_nm: `Group ${randomUUID().slice(0, 8)}`, ...fields }, t.token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!.group;
}

/** A legal entity with a unique code. */
export async function aCorp(t: TestTenant, fields: Partial<RouteRequest<'com/corp_info_reg_btn'>> = {}): Promise<Corp> {
  const result = await call('com/corp_info_reg_btn', { corp_cd: `C${randomUUID().slice(0, 8)}`, corp_nm: `Corp ${randomUUID().slice(0, 6)}`, ...fields }, t.token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!.corp;
}

/** A folder created by `token` (the administrator's by default). */
export async function aFolder(t: TestTenant, options: { parentId?: string; name?: string; token?: string } = {}): Promise<DriveItem> {
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
  const userId = fields.user_id ?? `u${randomUUID().slice(0, 8)}`;
  const registered = await call('com/user_info_reg_btn', {
    regist_mode: 1, user_id: userId, user_nm: `User ${userId}`, email: `${userId}@example.com`, language: 'en', ...fields,
  }, t.token);
  expect(registered.body.code, JSON.stringify(registered.body)).toBe(990000210001);
  const first = await call('login/login_btn', { kyk_id: t.kykId, user_id: userId, password: registered.body.data!.temporary_password! });
  expect(first.body.code, JSON.stringify(first.body)).toBe(-990000010009);
  const ticket = (first.body.data as { next: { ticket: string } }).next.ticket;
  const password = testPassword();
  const changed = await call('com/passchange_lnk', { ticket, new_password: password, confirm_password: password });
  expect(changed.body.code, JSON.stringify(changed.body)).toBe(990000210002);
  return { userId, password, token: changed.token! };
}
