import type { RouteResponse } from '@shared/routes.ts';
import { useApi } from '@/lib/api-swr.ts';

export type ManualInfoResponse = RouteResponse<'com/manual_download_info'>;

/** The manual's editions: language, title, updated date and size of each download. */
export const useManualInfo = () => useApi('com/manual_download_info', {}, { revalidateOnFocus: false });
