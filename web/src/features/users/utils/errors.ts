import type { TFunction } from 'i18next';
import { codes } from '@shared/codes.ts';
import { ApiError } from '@/lib/api-client.ts';

/** The text to show in place for a failed call: the server's message, else the network notice. */
export const failureMessage = (error: unknown, t: TFunction): string => (error instanceof ApiError ? error.message : t('notice.networkError'));

/** -201: someone else changed the user first (reload it before trying again). */
export const isStale = (error: unknown): boolean => error instanceof ApiError && error.code === codes.editedByAnotherUser.code;

/** -4 with field messages (duplicate user ID, unknown group, ...): shown under the fields. */
export const inputFields = (error: unknown): Record<string, string> | undefined =>
  error instanceof ApiError && error.code === codes.input.code && Object.keys(error.fields).length > 0 ? error.fields : undefined;
