import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';
import { usePagedApi } from '@/lib/api-swr.ts';

export type AuditLogRequest = RouteRequest<'com/audit_log_list'>;
export type AuditLogResponse = RouteResponse<'com/audit_log_list'>;
export type AuditLogRecord = AuditLogResponse['records'][number];

/** One page of the contract's audit log, newest first (administrators). */
export const useAuditLogPage = (request: AuditLogRequest | null) => usePagedApi('com/audit_log_list', request);

/** One page, outside SWR (the CSV export reads page after page). */
export const listAuditLog = (request: AuditLogRequest, options?: CallOptions): Promise<AuditLogResponse> =>
  callApi('com/audit_log_list', request, options);
