import Button from '@cloudscape-design/components/button';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import { Tx, type TextKey } from '@/components/translated.tsx';
import { ApiError, downloadBlob, isAbortError, saveBlob, type TransferProgress } from '@/lib/api-client.ts';
import { formatBytes, percent } from '@/lib/format.ts';
import { i18n } from '@/lib/i18n/index.ts';
import { dismiss, newNotificationId, notify } from '@/lib/notifications.ts';

const RESULT_DISMISS_MS = 6000;
const PROGRESS_INTERVAL_MS = 100;

/** Reports progress when the percentage changed, at most every PROGRESS_INTERVAL_MS (the end always). */
function throttled(report: (progress: TransferProgress) => void) {
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

/**
 * A presigned CSV download (template, export, an import's source file) reported in the notification
 * area: "preparing" while the API builds the file, then a progress bar (`download-progress` with
 * `data-file-name`), then done; saved under the Content-Disposition name, else the API's file_name.
 * API failures were shown by the error modal; transfer failures go to the notification (`download-error`).
 */
export async function downloadPresigned(fetchTarget: (signal: AbortSignal) => Promise<{ url: string; file_name: string }>, label: TextKey): Promise<void> {
  const id = newNotificationId('csv-download');
  const controller = new AbortController();
  const t = i18n.t.bind(i18n);
  const what = <Tx k={label} />;
  const cancelButton = (
    <Button onClick={() => controller.abort()} nativeButtonAttributes={{ 'data-testid': 'download-cancel' }}>
      <Tx k="imports.download.cancel" />
    </Button>
  );
  let name = '';
  notify({ id, type: 'in-progress', loading: true, dismissible: false, header: <Tx k="imports.download.preparing" values={{ name: t(label) }} />, action: cancelButton });
  try {
    const target = await fetchTarget(controller.signal);
    name = target.file_name;
    const show = (progress: TransferProgress) =>
      notify({
        id,
        type: 'in-progress',
        dismissible: false,
        header: <Tx k="imports.download.downloading" values={{ name }} />,
        action: cancelButton,
        content: (
          <ProgressBar
            data-testid="download-progress"
            data-file-name={name}
            variant="flash"
            value={percent(progress.loaded, progress.total)}
            description={
              <Tx k="imports.download.progress" values={{ loaded: formatBytes(progress.loaded), total: formatBytes(progress.total ?? progress.loaded) }} />
            }
          />
        ),
      });
    const { blob, fileName } = await downloadBlob(target.url, { signal: controller.signal, fallbackName: target.file_name, onProgress: throttled(show) });
    saveBlob(blob, fileName);
    notify(
      { id, type: 'success', header: <Tx k="imports.download.done" values={{ name: fileName }} />, dismissLabel: t('common.close') },
      RESULT_DISMISS_MS,
    );
  } catch (error) {
    if (isAbortError(error) || error instanceof ApiError) {
      dismiss(id);
      return;
    }
    notify({
      id,
      type: 'error',
      header: name ? <Tx k="imports.download.failed" values={{ name }} /> : <>{what}</>,
      content: <span data-testid="download-error">{error instanceof Error && error.message ? error.message : t('notice.networkError')}</span>,
      dismissLabel: t('common.close'),
    });
  }
}
