import type { RouteResponse } from '@shared/routes.ts';
import { useApi } from '@/lib/api-swr.ts';

export type DataUsage = RouteResponse<'com_drive/data_usage'>;

/** The contract's data usage (administrators): counters kept with every change, and the quota. */
export const useDataUsage = () => useApi('com_drive/data_usage', {});
