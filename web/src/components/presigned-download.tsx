import type { ReactNode } from 'react';
import Button from '@cloudscape-design/components/button';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import { Tx, type TextKey } from '@/components/translated.tsx';
import { ApiError, downloadBlob, isAbortError, saveBlob, type TransferProgress } from '@/lib/api-client.ts';
import { formatBytes, percent } from '@/lib/format.ts';
import { i18n } from '@/lib/i18n/index.ts';
import { dismiss, newNotificationId, notify } from '@/lib/notifications.ts';

const RESULT_DISMISS_MS = 6000;
/** At most this often: progress of a fast transfer arrives in microtask bursts, and each report re-renders. */
const PROGRESS_INTERVAL_MS = 100;

/**
 * Reports progress when the percentage changed and at least PROGRESS_INTERVAL_MS has passed (the
 * end always). Reporting every change of a fast local download re-rendered React hundreds of times
 * in one task and hit its nested-update limit (error #185).
 */
export function throttledProgress(report: (progress: TransferProgress) => void) {
  let last = -1;
  let lastAt = 0;
  return (progress: TransferProgress) => {
    const value = percent(progress.loaded, progress.total);
    const now = performance.now();
    if (value === last || (value < 100 && now - lastAt < PROGRESS_INTERVAL_MS)) return;
    last = value;
    lastAt = now;
    report(progress);
  };
}

/** Where a presigned download comes from: the API's URL and file name (and size, when known). */
export interface PresignedTarget {
  url: string;
  file_name: string;
  size?: number;
}

/** The texts of one kind of download's notification; `name` is the shown name ('' before the target is known). */
export interface DownloadTexts {
  cancel: ReactNode;
  preparing: ReactNode;
  downloading: (name: string) => ReactNode;
  progress: (progress: TransferProgress) => ReactNode;
  done: (fileName: string) => ReactNode;
  failed: (name: string) => ReactNode;
}

/**
 * Downloads through a presigned URL, reported in the notification area: "preparing" while the API
 * answers, then a progress bar (`download-progress` with `data-file-name`, cancel `download-cancel`),
 * then done; saved under the Content-Disposition name, else the API's file_name. API failures were
 * shown by the error modal; transfer failures go to the notification (`download-error`).
 */
export async function runPresignedDownload(options: {
  idPrefix: string;
  fetchTarget: (signal: AbortSignal) => Promise<PresignedTarget>;
  /** The name shown while downloading; the target's file_name when not given. */
  name?: string;
  texts: DownloadTexts;
}): Promise<void> {
  const { texts } = options;
  const id = newNotificationId(options.idPrefix);
  const controller = new AbortController();
  const t = i18n.t.bind(i18n);
  const cancelButton = (
    <Button onClick={() => controller.abort()} nativeButtonAttributes={{ 'data-testid': 'download-cancel' }}>
      {texts.cancel}
    </Button>
  );
  let name = options.name ?? '';
  notify({ id, type: 'in-progress', loading: true, dismissible: false, header: texts.preparing, action: cancelButton });
  try {
    const target = await options.fetchTarget(controller.signal);
    name = options.name ?? target.file_name;
    const show = (progress: TransferProgress) =>
      notify({
        id,
        type: 'in-progress',
        dismissible: false,
        header: texts.downloading(name),
        action: cancelButton,
        content: (
          <ProgressBar
            data-testid="download-progress"
            data-file-name={name}
            variant="flash"
            value={percent(progress.loaded, progress.total)}
            description={texts.progress(progress)}
          />
        ),
      });
    const { blob, fileName } = await downloadBlob(target.url, {
      signal: controller.signal,
      fallbackName: target.file_name,
      ...(target.size !== undefined ? { expectedSize: target.size } : {}),
      onProgress: throttledProgress(show),
    });
    saveBlob(blob, fileName);
    notify({ id, type: 'success', header: texts.done(fileName), dismissLabel: t('common.close') }, RESULT_DISMISS_MS);
  } catch (error) {
    if (isAbortError(error) || error instanceof ApiError) {
      // Cancelled, or an API result the error modal already showed.
      dismiss(id);
      return;
    }
    notify({
      id,
      type: 'error',
      header: texts.failed(name),
      content: <span data-testid="download-error">{error instanceof Error && error.message ? error.message : t('notice.networkError')}</span>,
      dismissLabel: t('common.close'),
    });
  }
}

/** A presigned CSV download (template, export, an import's source file); `label` names it until the file name is known. */
export async function downloadPresigned(fetchTarget: (signal: AbortSignal) => Promise<{ url: string; file_name: string }>, label: TextKey): Promise<void> {
  const t = i18n.t.bind(i18n);
  await runPresignedDownload({
    idPrefix: 'csv-download',
    fetchTarget,
    texts: {
      cancel: <Tx k="imports.download.cancel" />,
      preparing: <Tx k="imports.download.preparing" values={{ name: t(label) }} />,
      downloading: (name) => <Tx k="imports.download.downloading" values={{ name }} />,
      progress: (progress) => (
        <Tx k="imports.download.progress" values={{ loaded: formatBytes(progress.loaded), total: formatBytes(progress.total ?? progress.loaded) }} />
      ),
      done: (fileName) => <Tx k="imports.download.done" values={{ name: fileName }} />,
      failed: (name) => (name ? <Tx k="imports.download.failed" values={{ name }} /> : <Tx k={label} />),
    },
  });
}
