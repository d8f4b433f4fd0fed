import type * as z from 'zod/mini';

export const endpointGroups = ['auth', 'sso', 'drive', 'shares', 'users', 'groups', 'legal', 'imports', 'security', 'audit'] as const;
export type EndpointGroup = (typeof endpointGroups)[number];

/**
 * What a route needs (docs/architecture.md "Who may do what"): `public` no token; `user` a live
 * session; `admin` an administrator of the account area; `drive-view`, `drive-active`,
 * `drive-update` at least that common-drive level (SPEC.md §6: view 1, active 2, update 3).
 * The handler kit refuses with -101 before the operation runs.
 */
export type Access = 'public' | 'user' | 'admin' | 'drive-view' | 'drive-active' | 'drive-update';

/** Common-drive levels of SPEC.md §6: none 0, view 1, active 2, update 3. */
export type DriveLevel = 0 | 1 | 2 | 3;

/** The drive level a route's access asks for (0 for routes that are not drive calls). */
export const driveLevelNeeded = (access: Access): DriveLevel =>
  access === 'drive-view' ? 1 : access === 'drive-active' ? 2 : access === 'drive-update' ? 3 : 0;

export interface RouteDef<Req extends z.ZodMiniType = z.ZodMiniType, Res extends z.ZodMiniType = z.ZodMiniType> {
  readonly group: EndpointGroup;
  readonly access: Access;
  readonly summary: string;
  readonly request: Req;
  readonly response: Res;
  /** The call can end a sign-in: the SPA keeps the token its answer carries. */
  readonly startsSession?: true;
  /** `form`: the body is an HTML form post (application/x-www-form-urlencoded), not JSON (the SAML ACS). */
  readonly body?: 'form';
  /**
   * Runs once per Idempotency-Key (shared/envelope.ts; functions/lib/idempotency.ts): a retry with
   * the key answers the first answer. The kit hands the key only to these routes' operations.
   */
  readonly idempotent?: true;
}

/** One endpoint group's routes (shared/routes/<group>.ts); the handler kit of that group reads only these. */
export type RouteTable = Readonly<Record<string, RouteDef>>;

export const route = <Req extends z.ZodMiniType, Res extends z.ZodMiniType>(def: RouteDef<Req, Res>) => def;

type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;

/**
 * The whole manifest from the group tables: refuses a path declared twice, and a route filed in a
 * group table that is not its own (so a Lambda never serves another group's route).
 */
export function mergeRoutes<T extends { [G in EndpointGroup]: RouteTable }>(tables: T): UnionToIntersection<T[EndpointGroup]> {
  const merged: Record<string, RouteDef> = {};
  for (const group of endpointGroups) {
    for (const [path, def] of Object.entries(tables[group])) {
      if (Object.hasOwn(merged, path)) throw new Error(`Route ${path} is declared twice`);
      if (def.group !== group) throw new Error(`Route ${path} of group ${def.group} is filed under ${group}`);
      merged[path] = def;
    }
  }
  return merged as UnionToIntersection<T[EndpointGroup]>;
}
