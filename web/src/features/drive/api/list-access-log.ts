import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { usePagedApi } from '@/lib/api-swr.ts';

export type AccessLogRequest = RouteRequest<'com_drive/access_log'>;
export type AccessLogResponse = RouteResponse<'com_drive/access_log'>;
export type AccessLogEvent = AccessLogResponse['events'][number];

/**
 * One page of the access log, newest first: the contract's for administrators, else the caller's
 * own (`scope`). `current` is the answer to exactly this page.
 */
export const useAccessLogPage = (request: AccessLogRequest) => usePagedApi('com_drive/access_log', request);
