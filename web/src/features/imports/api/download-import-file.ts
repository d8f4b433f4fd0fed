import type { RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

/** A presigned download of the file an import read. */
export const getImportFileUrl = (requestId: string, options?: CallOptions): Promise<RouteResponse<'com/import_history_file_download'>> =>
  callApi('com/import_history_file_download', { request_id: requestId }, options);
