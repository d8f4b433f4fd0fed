import { auditRoutes } from '#shared/routes/audit.ts';
import { createApiHandler } from '#lib/api-handler.ts';
import { listAuditLog } from './list-audit-log.ts';

/**
 * The audit log, read only (docs/operations.md "Read the audit log"). Its Lambda may query the
 * audit table and its indexes and never writes to it (infra/aws/api-stack.ts).
 */
export const handler = createApiHandler(auditRoutes, {
  'com/audit_log_list': listAuditLog,
});
