import * as audit from '../schemas/audit.ts';
import { route, type RouteDef } from './define.ts';

/** The audit log (docs/operations.md "Read the audit log"): read only, administrators of the contract. */
export const auditRoutes = {
  'com/audit_log_list': route({
    group: 'audit', access: 'admin',
    summary: "One page of the contract's audit log, newest first: a time range (at most 92 days) filtered by user, action, item and kind (changes or sign-ins)",
    request: audit.auditLogRequest, response: audit.auditLogResponse,
  }),
} as const satisfies Record<string, RouteDef>;
