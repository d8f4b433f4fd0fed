import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { routes } from '../routes.ts';
import { endpointGroups, mergeRoutes, route, type EndpointGroup, type RouteTable } from './define.ts';

const empty = Object.fromEntries(endpointGroups.map((group) => [group, {}])) as Record<EndpointGroup, RouteTable>;
const def = (group: EndpointGroup) => route({ group, access: 'user', summary: 'x', request: z.object({}), response: z.object({}) });

describe('mergeRoutes', () => {
  it('refuses a path declared twice, in two groups or one', () => {
    expect(() => mergeRoutes({ ...empty, auth: { 'a/b': def('auth') }, drive: { 'a/b': def('drive') } })).toThrow('Route a/b is declared twice');
  });

  it('refuses a route filed under a group that is not its own', () => {
    expect(() => mergeRoutes({ ...empty, drive: { 'a/b': def('users') } })).toThrow('Route a/b of group users is filed under drive');
  });

  it('the manifest holds every group table, and every drive route names a drive level (or administrators; share links also the public page)', () => {
    for (const [path, entry] of Object.entries(routes)) {
      if (entry.group === 'drive') expect(entry.access, path).toMatch(/^(drive-(view|active|update)|admin)$/);
      else if (entry.group === 'shares') expect(entry.access, path).toMatch(/^(drive-(view|active|update)|admin|public)$/);
      else expect(entry.access, path).not.toMatch(/^drive-/);
    }
  });
});
