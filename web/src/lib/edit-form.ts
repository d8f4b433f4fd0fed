import { useState } from 'react';
import { codes } from '@shared/codes.ts';
import { ApiError, isAbortError, reportApiError } from './api-client.ts';

/**
 * Routes a refused save of a form: -201 (someone else changed it first) to the conflict alert when
 * the form has one, -4 with field messages to the fields, anything else to the error modal.
 * Aborted calls are ignored.
 */
export function handleSaveError(error: unknown, on: { conflict?: (message: string) => void; fieldErrors: (fields: Record<string, string>) => void }): void {
  if (isAbortError(error)) return;
  if (on.conflict && error instanceof ApiError && error.code === codes.editedByAnotherUser.code) on.conflict(error.message);
  else if (error instanceof ApiError && error.code === codes.input.code && Object.keys(error.fields).length > 0) on.fieldErrors(error.fields);
  else reportApiError(error);
}

/** The conflict alert's reload: runs `onReload`, with `reloading` true meanwhile. */
export function useReload(onReload: () => Promise<void>): { reloading: boolean; reload: () => Promise<void> } {
  const [reloading, setReloading] = useState(false);
  const reload = async () => {
    setReloading(true);
    try {
      await onReload();
    } finally {
      setReloading(false);
    }
  };
  return { reloading, reload };
}
