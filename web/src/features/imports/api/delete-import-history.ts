import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type DeleteImportHistoryRequest = RouteRequest<'com/import_history_list_delete'>;

/** Deletes finished jobs with their files and results (-203 when one is still running). */
export const deleteImportHistory = (
  request: DeleteImportHistoryRequest,
  options?: CallOptions,
): Promise<RouteResponse<'com/import_history_list_delete'>> => callApi('com/import_history_list_delete', request, options);
