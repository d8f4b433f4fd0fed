import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { RouteRequest } from '#shared/routes.ts';
import type { UserGroup } from '#shared/schemas/groups.ts';
import { call } from './api.ts';
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
