import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import { ApiError, isAbortError, reportApiError } from '@/lib/api-client.ts';
import { newNotificationId, notify } from '@/lib/notifications.ts';
import type { DriveItem } from '../api/get-file-info.ts';
import { copyItems } from '../api/copy-items.ts';
import { startZipDownload } from '../api/zip-download.ts';
import type { ChosenFolder } from './location-dialog.tsx';

const LocationDialog = lazy(() => import('./location-dialog.tsx').then((module) => ({ default: module.LocationDialog })));
// The job follower (progress flash, polling, the ZIP's download) loads when first used.
const jobs = () => import('../utils/drive-jobs.tsx');

const seen = (items: DriveItem[]) => items.map(({ id, type, row_version }) => ({ id, type, row_version }));

/**
 * "Copy to…" and "Download as ZIP" of the drive page: whether each may run for the selection, their
 * starts (for the header's menus) and the copy's location dialog. A copy the server finished within the call shows its result at once; a
 * larger one, and every ZIP, is followed in the notification area until done.
 */
export function useCopyAndZip(options: { folderId: string; selected: DriveItem[]; mayAdd: boolean; onCopied: () => void }): {
  canCopy: boolean;
  startCopy: () => void;
  canZip: boolean;
  zip: () => void;
  zipBusy: boolean;
  dialog: ReactNode;
} {
  const { t } = useTranslation();
  const { folderId, selected, mayAdd } = options;
  const [copying, setCopying] = useState<DriveItem[]>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [zipBusy, setZipBusy] = useState(false);

  const ready = selected.length > 0 && selected.every((item) => item.status === 'ready');
  const canZip = ready && (selected.length > 1 || selected[0]!.type === 'folder');

  const copyTo = async (folder: ChosenFolder) => {
    if (!copying) return;
    setBusy(true);
    setError(undefined);
    const destination = { id: folder.id, name: folder.id === 'root' ? t('location.root') : folder.name };
    try {
      const { job, failed } = await copyItems({ items: seen(copying), folder_id: folder.id }, { silent: true });
      setCopying(undefined);
      options.onCopied();
      if (failed.length > 0) {
        notify({
          id: newNotificationId('copy-refused'),
          type: 'warning',
          header: t('driveJobs.copyRefused', { count: failed.length }),
          content: (
            <ul data-testid="copy-failures">
              {failed.map((entry) => (
                <li key={entry.id}>
                  <strong>{copying.find((item) => item.id === entry.id)?.name ?? entry.id}</strong>: {entry.message}
                </li>
              ))}
            </ul>
          ),
          dismissLabel: t('common.close'),
        });
      }
      void jobs().then((module) => module.followCopy(job, destination, folderId));
    } catch (failure) {
      if (isAbortError(failure)) return;
      // A refusal of the whole copy stays in the dialog: another folder can be chosen.
      if (failure instanceof ApiError && failure.kind === 'api') setError(failure.message);
      else reportApiError(failure);
    } finally {
      setBusy(false);
    }
  };

  const zip = async () => {
    setZipBusy(true);
    const name = selected.length === 1 ? `${selected[0]!.name}.zip` : t('driveJobs.zipMany', { count: selected.length });
    try {
      const { job } = await startZipDownload({ items: seen(selected) });
      void jobs().then((module) => module.followZip(job, name));
    } catch (failure) {
      if (!isAbortError(failure) && !(failure instanceof ApiError)) reportApiError(failure);
    } finally {
      setZipBusy(false);
    }
  };

  const startCopy = () => {
    setError(undefined);
    setCopying(selected);
  };

  const dialog = copying && (
    <Suspense fallback={null}>
      <LocationDialog
        header={t('driveJobs.copyTitle')}
        description={copying.length === 1 ? t('driveJobs.copyDescriptionOne', { name: copying[0]!.name }) : t('driveJobs.copyDescriptionMany', { count: copying.length })}
        submitLabel={t('driveJobs.copySubmit')}
        busy={busy}
        error={error}
        onSubmit={(folder) => void copyTo(folder)}
        onDismiss={() => setCopying(undefined)}
      >
        {copying.some((item) => item.type === 'folder') && (
          <Box variant="p" color="text-body-secondary">
            {t('driveJobs.copyNote')}
          </Box>
        )}
      </LocationDialog>
    </Suspense>
  );

  return { canCopy: ready && mayAdd, startCopy, canZip, zip: () => void zip(), zipBusy, dialog };
}
