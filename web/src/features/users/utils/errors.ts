import type { TFunction } from 'i18next';
import { codes } from '@shared/codes.ts';
import { ApiError } from '@/lib/api-client.ts';
import { apiFailureMessage } from '@/lib/bulk-actions.ts';

/** The text to show in place for a failed call: the server's message, else the network notice. */
export const failureMessage: (error: unknown, t: TFunction) => string = apiFailureMessage;

/** -201: someone else changed the user first (reload it before trying again). */
export const isStale = (error: unknown): boolean => error instanceof ApiError && error.code === codes.editedByAnotherUser.code;
