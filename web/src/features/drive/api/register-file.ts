import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { isContentType } from '@shared/drive-limits.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type RegisterFileRequest = RouteRequest<'com_drive/file_reg_btn'>;
export type RegisterFileResponse = RouteResponse<'com_drive/file_reg_btn'>;

/** Registers a file (status pending) and answers where to send its bytes: one presigned PUT, or parts. */
export const registerFile = (request: RegisterFileRequest, options?: CallOptions): Promise<RegisterFileResponse> =>
  callApi('com_drive/file_reg_btn', request, options);

/** The content type the schema accepts (`type/subtype`), or none. */
export function contentTypeOf(file: Blob): string | undefined {
  const type = file.type.split(';')[0]?.trim().toLowerCase() ?? '';
  return isContentType(type) ? type : undefined;
}
