import type * as z from 'zod/mini';
import { auditRoutes } from './routes/audit.ts';
import { authRoutes } from './routes/auth.ts';
import { mergeRoutes, type EndpointGroup } from './routes/define.ts';
import { driveRoutes } from './routes/drive.ts';
import { groupsRoutes } from './routes/groups.ts';
import { importsRoutes } from './routes/imports.ts';
import { legalRoutes } from './routes/legal.ts';
import { securityRoutes } from './routes/security.ts';
import { sharesRoutes } from './routes/shares.ts';
import { ssoRoutes } from './routes/sso.ts';
import { usersRoutes } from './routes/users.ts';

export { endpointGroups, type Access, type EndpointGroup, type RouteDef } from './routes/define.ts';

/**
 * The route manifest: every API endpoint, declared once, in the table of its endpoint group
 * (shared/routes/<group>.ts), merged here by a helper that refuses a path declared twice. CDK
 * creates one Lambda per group and one API Gateway route per entry from it, the local adapter
 * serves it, the SPA's API client takes its paths and types from it and docs/openapi.json is
 * generated from it. A group's Lambda imports only its own table (functions/<group>/handler.ts).
 */
export const routes = mergeRoutes({
  auth: authRoutes,
  sso: ssoRoutes,
  drive: driveRoutes,
  shares: sharesRoutes,
  users: usersRoutes,
  groups: groupsRoutes,
  legal: legalRoutes,
  imports: importsRoutes,
  security: securityRoutes,
  audit: auditRoutes,
});


export type Routes = typeof routes;
export type RoutePath = keyof Routes;
export type RouteRequest<P extends RoutePath> = z.input<Routes[P]['request']>;
export type RouteResponse<P extends RoutePath> = z.infer<Routes[P]['response']>;

export const routePaths = Object.keys(routes) as RoutePath[];

export const isRoutePath = (path: string): path is RoutePath => Object.hasOwn(routes, path);

export const routesOfGroup = (group: EndpointGroup): RoutePath[] =>
  routePaths.filter((path) => routes[path].group === group);
