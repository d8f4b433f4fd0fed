import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { codes } from '@shared/codes.ts';
import { ApiError, isAbortError, reportApiError } from './api-client.ts';
import { newNotificationId, notify } from './notifications.ts';

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

/**
 * A settings form's save: `busy` while the call runs, the conflict alert cleared before it and set
 * on -201, field messages on -4 (`handleSaveError`), a success flash with `savedHeader`, then
 * `onSaved` with the answer.
 */
export function useSave<T>(options: { notificationId: string; savedHeader: string; fieldErrors: (fields: Record<string, string>) => void; onSaved: (saved: T) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<string>();
  const save = async (call: () => Promise<T>) => {
    setBusy(true);
    setConflict(undefined);
    try {
      const saved = await call();
      notify({ id: newNotificationId(options.notificationId), type: 'success', header: options.savedHeader, dismissLabel: t('common.close') }, 5000);
      options.onSaved(saved);
    } catch (error) {
      handleSaveError(error, { conflict: setConflict, fieldErrors: options.fieldErrors });
    } finally {
      setBusy(false);
    }
  };
  return { busy, conflict, save };
}
