import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';
import { usePagedApi } from '@/lib/api-swr.ts';

export type CorrectionHistoryRequest = RouteRequest<'com_drive/correction_history'>;
export type CorrectionHistoryResponse = RouteResponse<'com_drive/correction_history'>;
export type CorrectionHistoryRecord = CorrectionHistoryResponse['records'][number];

/**
 * One page of the contract's correction and deletion history of bookkeeping documents in a range of
 * Japan days, newest first (administrators); `next_cursor` reads on ("Load more").
 */
export const listCorrectionHistory = (request: CorrectionHistoryRequest, options?: CallOptions): Promise<CorrectionHistoryResponse> =>
  callApi('com_drive/correction_history', request, options);

/** The first page of a search of the history (SWR); `current` is the answer to exactly this request. */
export const useCorrectionHistoryPage = (request: CorrectionHistoryRequest) => usePagedApi('com_drive/correction_history', request, undefined, { silent: true });
