import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { usePagedApi } from '@/lib/api-swr.ts';

export type LateScansRequest = RouteRequest<'com_drive/scanner_late_list'>;
export type LateScansResponse = RouteResponse<'com_drive/scanner_late_list'>;
export type LateScan = LateScansResponse['items'][number];

/** One page of the scanner-storage files registered after their input deadline, newest registration first (administrators). */
export const useLateScansPage = (request: LateScansRequest | null) => usePagedApi('com_drive/scanner_late_list', request);
