import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';
import { revalidateApi, usePagedApi } from '@/lib/api-swr.ts';

export type ListIntakeLogRequest = RouteRequest<'com_drive/intake_log'>;
export type ListIntakeLogResponse = RouteResponse<'com_drive/intake_log'>;
export type IntakeLogEntry = ListIntakeLogResponse['entries'][number];

const PATH = 'com_drive/intake_log';

export const listIntakeLog = (request: ListIntakeLogRequest, options?: CallOptions): Promise<ListIntakeLogResponse> => callApi(PATH, request, options);

/** One page of the intake log (administrators), newest first; of one address when given. */
export const useIntakeLog = (request: ListIntakeLogRequest) => usePagedApi(PATH, request);

export const refreshIntakeLog = (): Promise<unknown> => revalidateApi(PATH);
