import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { actionKeys, ApiError, isAbortError, reportApiError } from '@/lib/api-client.ts';
import type { DriveItem } from '../api/get-file-info.ts';
import { startZipDownload } from '../api/zip-download.ts';
import { seenItems } from '../utils/seen-items.ts';

const CopyDialog = lazy(() => import('./copy-dialog.tsx').then((module) => ({ default: module.CopyDialog })));
// The job follower (progress flash, polling, the ZIP's download) loads when first used.
const jobs = () => import('../utils/drive-jobs.tsx');

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
  const [zipBusy, setZipBusy] = useState(false);
  // The same ZIP asked again after a failure is the same action: one job.
  const [zipKeys] = useState(actionKeys);

  const ready = selected.length > 0 && selected.every((item) => item.status === 'ready');
  const canZip = ready && (selected.length > 1 || selected[0]!.type === 'folder');

  const zip = async () => {
    setZipBusy(true);
    const name = selected.length === 1 ? `${selected[0]!.name}.zip` : t('driveJobs.zipMany', { count: selected.length });
    try {
      const request = { items: seenItems(selected) };
      const { job } = await startZipDownload(request, { idempotencyKey: zipKeys.for(request) });
      zipKeys.done();
      void jobs().then((module) => module.followZip(job, name));
    } catch (failure) {
      if (!isAbortError(failure) && !(failure instanceof ApiError)) reportApiError(failure);
    } finally {
      setZipBusy(false);
    }
  };

  const startCopy = () => setCopying(selected);

  const dialog = copying && (
    <Suspense fallback={null}>
      <CopyDialog
        copying={copying}
        folderId={folderId}
        onCopied={() => {
          setCopying(undefined);
          options.onCopied();
        }}
        onDismiss={() => setCopying(undefined)}
      />
    </Suspense>
  );

  return { canCopy: ready && mayAdd, startCopy, canZip, zip: () => void zip(), zipBusy, dialog };
}
