import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type AccessLogExportRequest = RouteRequest<'com_drive/access_log_export'>;

/** The access log with the list's filters as CSV (UTF-8 with a BOM): a presigned download. */
export const exportAccessLog = (request: AccessLogExportRequest, options?: CallOptions): Promise<RouteResponse<'com_drive/access_log_export'>> =>
  callApi('com_drive/access_log_export', request, options);
