import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { useApi, revalidateApi } from '@/lib/api-swr.ts';

export type DocumentHistoryRequest = RouteRequest<'com_drive/document_history'>;
export type DocumentHistoryResponse = RouteResponse<'com_drive/document_history'>;
export type DocumentHistoryRecord = DocumentHistoryResponse['records'][number];

const PATH = 'com_drive/document_history';

/** One document's correction and deletion history (通達 10-2), newest first; `null` waits. */
export const useDocumentHistory = (request: DocumentHistoryRequest | null) => useApi(PATH, request);

/** Reads a document's history again (after a correction of it). */
export const refreshDocumentHistory = (id: string): Promise<unknown> => revalidateApi(PATH, (request) => request.id === id);
