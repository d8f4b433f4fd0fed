import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type CheckDuplicatesRequest = RouteRequest<'com_drive/file_duplicate_check'>;
export type CheckDuplicatesResponse = RouteResponse<'com_drive/file_duplicate_check'>;
export type ExistingFile = CheckDuplicatesResponse['existing'][number];

/** Which of the names about to be uploaded files already hold in the folder (before sending bytes). */
export const checkDuplicates = (request: CheckDuplicatesRequest, options?: CallOptions): Promise<CheckDuplicatesResponse> =>
  callApi('com_drive/file_duplicate_check', request, options);
