import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import { actionKeys, reportRefusal } from '@/lib/api-client.ts';
import { newNotificationId, notify } from '@/lib/notifications.ts';
import type { DriveItem } from '../api/get-file-info.ts';
import { copyItems } from '../api/copy-items.ts';
import { LocationDialog, type ChosenFolder } from './location-dialog.tsx';
import { seenItems } from '../utils/seen-items.ts';

// The job follower (progress flash, polling) loads when first used.
const jobs = () => import('../utils/drive-jobs.tsx');

/**
 * "Copy to…": the destination dialog and the copy's start (loaded when first opened, not with the
 * drive page). A copy the server finished within the call shows its result at once; a larger one is
 * followed in the notification area until done. A refusal of the whole copy stays in the dialog.
 */
export function CopyDialog({ copying, folderId, onCopied, onDismiss }: { copying: DriveItem[]; folderId: string; onCopied: () => void; onDismiss: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  // Choosing the same folder again after a failure is the same copy: it is made once.
  const [keys] = useState(actionKeys);

  const copyTo = async (folder: ChosenFolder) => {
    setBusy(true);
    setError(undefined);
    const destination = { id: folder.id, name: folder.id === 'root' ? t('location.root') : folder.name };
    try {
      const request = { items: seenItems(copying), folder_id: folder.id };
      const { job, failed } = await copyItems(request, { silent: true, idempotencyKey: keys.for(request) });
      keys.done();
      onCopied();
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
      // Another folder can be chosen.
      reportRefusal(failure, (refusal) => setError(refusal.message));
    } finally {
      setBusy(false);
    }
  };

  return (
    <LocationDialog
      header={t('driveJobs.copyTitle')}
      description={copying.length === 1 ? t('driveJobs.copyDescriptionOne', { name: copying[0]!.name }) : t('driveJobs.copyDescriptionMany', { count: copying.length })}
      submitLabel={t('driveJobs.copySubmit')}
      busy={busy}
      error={error}
      onSubmit={(folder) => void copyTo(folder)}
      onDismiss={onDismiss}
    >
      {copying.some((item) => item.type === 'folder') && (
        <Box variant="p" color="text-body-secondary">
          {t('driveJobs.copyNote')}
        </Box>
      )}
    </LocationDialog>
  );
}
