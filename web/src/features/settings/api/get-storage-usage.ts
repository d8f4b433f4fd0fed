import type { RouteResponse } from '@shared/routes.ts';
import { useApi } from '@/lib/api-swr.ts';

export type StorageUsage = RouteResponse<'com_drive/data_usage'>;

/** The contract's storage (data_usage): shown read-only beside the settings, with the quota the operator set. */
export const useStorageUsage = () => useApi('com_drive/data_usage', {});
