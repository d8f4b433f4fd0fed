import Button from '@cloudscape-design/components/button';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import { codes } from '@shared/codes.ts';
import { runPresignedDownload, throttledProgress } from '@/components/presigned-download.tsx';
import { Tx } from '@/components/translated.tsx';
import { ApiError, isAbortError, type TransferProgress } from '@/lib/api-client.ts';
import { formatBytes, percent } from '@/lib/format.ts';
import { i18n } from '@/lib/i18n/index.ts';
import { dismiss, newNotificationId, notify } from '@/lib/notifications.ts';
import { getDownloadUrl } from '../api/get-download-url.ts';
import { waitUntilReady, type DriveItem } from '../api/get-file-info.ts';
import { refreshFolder } from '../api/list-folder.ts';
import { contentTypeOf, registerFile } from '../api/register-file.ts';
import { sendFileBytes } from './send-file-bytes.ts';
import { refreshFileHistory } from '../api/file-history.ts';
import { DUPLICATE_CHECK_MAX, type ConflictChoice } from '@shared/schemas/drive.ts';
import { itemName } from '@shared/validation.ts';
import { checkDuplicates, type ExistingFile } from '../api/check-duplicates.ts';
import { getVersionDownloadUrl } from '../api/get-version-download-url.ts';

/**
 * Uploads and downloads run outside the page component: they keep going (and keep reporting in the
 * notification area) when the user moves to another folder or page.
 */
const RESULT_DISMISS_MS = 6000;
const PARALLEL_UPLOADS = 3;

const t = i18n.t.bind(i18n);

const progressText = (progress: TransferProgress) => (
  <Tx k="drive.upload.progress" values={{ loaded: formatBytes(progress.loaded), total: formatBytes(progress.total ?? progress.loaded) }} />
);

/** The message to show for a failed transfer: a field message of an input error, else the error's. */
function failureText(error: unknown): string {
  if (error instanceof ApiError) return error.fields.name ?? Object.values(error.fields)[0] ?? error.message;
  if (error instanceof Error && error.message) return error.message;
  return t('notice.networkError');
}

/**
 * Uploads files into a folder, a few at a time, each with its own progress bar. `choices`: what to
 * do, per file name, when a file of that name is there (the duplicate dialog's answers).
 */
export async function startUploads(files: File[], folderId: string, choices: ReadonlyMap<string, ConflictChoice> = new Map()): Promise<void> {
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) await uploadOne(file, folderId, choices.get(file.name));
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, files.length) }, worker));
}

async function uploadOne(file: File, folderId: string, choice: ConflictChoice | undefined): Promise<void> {
  const id = newNotificationId('upload');
  const controller = new AbortController();
  const name = file.name;
  const cancelButton = (
    <Button onClick={() => controller.abort()} nativeButtonAttributes={{ 'data-testid': 'upload-cancel' }}>
      <Tx k="drive.upload.cancel" />
    </Button>
  );
  const show = (progress: TransferProgress) =>
    notify({
      id,
      type: 'in-progress',
      dismissible: false,
      header: <Tx k="drive.upload.uploading" values={{ name }} />,
      action: cancelButton,
      content: (
        <ProgressBar
          data-testid="upload-progress"
          data-file-name={name}
          variant="flash"
          value={percent(progress.loaded, progress.total)}
          description={progressText(progress)}
        />
      ),
    });

  notify({ id, type: 'in-progress', loading: true, dismissible: false, header: <Tx k="drive.upload.registering" values={{ name }} />, action: cancelButton });
  try {
    const { item, upload, upload_version: uploadVersion } = await registerFile(
      { folder_id: folderId, name, size: file.size, content_type: contentTypeOf(file), ...(choice ? { on_conflict: choice } : {}) },
      { silent: true, signal: controller.signal },
    );
    void refreshFolder(folderId);
    show({ loaded: 0, total: file.size });
    await sendFileBytes(item.id, upload, file, { signal: controller.signal, onProgress: throttledProgress(show) });
    // The bytes are stored: the upload is done for the user. The storage event confirms them in the
    // background (off the critical path); the list shows the file as uploading until then.
    notify({ id, type: 'success', header: <Tx k="drive.upload.done" values={{ name }} />, dismissLabel: t('common.close') }, RESULT_DISMISS_MS);
    void refreshFolder(folderId);
    void waitUntilReady(item.id, uploadVersion ? { minVersion: uploadVersion } : {}).then((ready) => {
      if (uploadVersion) void refreshFileHistory(item.id);
      void refreshFolder(folderId);
      if (!ready) {
        notify({ id: newNotificationId('upload-processing'), type: 'info', header: <Tx k="drive.upload.stillProcessing" values={{ name }} />, dismissLabel: t('common.close') }, RESULT_DISMISS_MS);
      }
    }, () => undefined);
  } catch (error) {
    if (isAbortError(error)) {
      notify({ id, type: 'info', header: <Tx k="drive.upload.cancelled" values={{ name }} />, dismissLabel: t('common.close') }, RESULT_DISMISS_MS);
    } else if (error instanceof ApiError && error.code === codes.tokenTimeout.code) {
      dismiss(id);
    } else {
      notify({
        id,
        type: 'error',
        header: <Tx k="drive.upload.failed" values={{ name }} />,
        content: <span data-testid="upload-error">{failureText(error)}</span>,
        dismissLabel: t('common.close'),
      });
    }
    void refreshFolder(folderId);
  }
}

/** Downloads a ready file through its presigned URL, with a progress bar, and saves it. */
export async function startDownload(item: DriveItem): Promise<void> {
  const name = item.name;
  await runPresignedDownload({
    idPrefix: 'download',
    fetchTarget: (signal) => getDownloadUrl({ id: item.id }, { signal }),
    name,
    texts: {
      cancel: <Tx k="common.cancel" />,
      preparing: <Tx k="drive.download.preparing" values={{ name }} />,
      downloading: () => <Tx k="drive.download.downloading" values={{ name }} />,
      progress: progressText,
      done: (fileName) => <Tx k="drive.download.done" values={{ name: fileName }} />,
      failed: () => <Tx k="drive.download.failed" values={{ name }} />,
    },
  });
}

/**
 * The files of a folder whose names the chosen files would take (ignoring case), before anything is
 * sent. Names the server would refuse anyway are not asked about: their registration says why.
 */
export async function findConflicts(files: File[], folderId: string): Promise<ExistingFile[]> {
  const names = [...new Set(files.map((file) => file.name))].filter((name) => itemName.safeParse(name).success);
  const found: ExistingFile[] = [];
  for (let start = 0; start < names.length; start += DUPLICATE_CHECK_MAX) {
    const { existing } = await checkDuplicates({ folder_id: folderId, names: names.slice(start, start + DUPLICATE_CHECK_MAX) });
    found.push(...existing);
  }
  return found;
}

/** Downloads one version of a file through its presigned URL, with a progress bar. */
export async function startVersionDownload(item: DriveItem, version: number): Promise<void> {
  const name = item.name;
  await runPresignedDownload({
    idPrefix: 'download-version',
    fetchTarget: (signal) => getVersionDownloadUrl({ id: item.id, version }, { signal }),
    name,
    texts: {
      cancel: <Tx k="common.cancel" />,
      preparing: <Tx k="drive.download.preparing" values={{ name }} />,
      downloading: () => <Tx k="drive.download.downloading" values={{ name }} />,
      progress: progressText,
      done: (fileName) => <Tx k="drive.download.done" values={{ name: fileName }} />,
      failed: () => <Tx k="drive.download.failed" values={{ name }} />,
    },
  });
}
