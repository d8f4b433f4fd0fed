import Button from '@cloudscape-design/components/button';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import { runPresignedDownload, throttledProgress } from '@/components/presigned-download.tsx';
import { Tx } from '@/components/translated.tsx';
import { ApiError, type TransferProgress } from '@/lib/api-client.ts';
import { formatBytes, formatDateTime, percent, type DisplayLanguage } from '@/lib/format.ts';
import { i18n } from '@/lib/i18n/index.ts';
import { dismiss, newNotificationId, notify } from '@/lib/notifications.ts';
import { codes } from '@shared/codes.ts';
import { createFolder } from '../api/create-folder.ts';
import { listFolder } from '../api/list-folder.ts';
import { walkDropped, type DroppedTree } from './dropped-files.ts';
import type { RegistrationFields } from './file-details.ts';
import { getItemTags } from '../api/get-item-tags.ts';
import { refreshTagReads, saveItemTags } from '../api/save-item-tags.ts';
import { pickedFolderTree, placeDroppedTree, type FolderCalls } from './dropped-folders.ts';
import { getDownloadUrl } from '../api/get-download-url.ts';
import { getFileInfo, waitUntilReady, type DriveItem } from '../api/get-file-info.ts';
import { getReadFields, READ_FIELDS_WAIT_MS } from '../api/get-read-fields.ts';
import { isReadKind } from './read-fields.ts';
import { refreshFolder } from '../api/list-folder.ts';
import { contentTypeOf, registerFile } from '../api/register-file.ts';
import { sendFileBytes } from './send-file-bytes.ts';
import { cancelUpload } from '../api/cancel-upload.ts';
import { addTransfer, refusePausedFile, removeTransfer, renameTransfer, resumeTransfer, showTransfersPanel, transfersNow, useTransfers, warnTransfer, type Transfer, type TransferRun } from './transfer-queue.ts';
import { discardResumable, forgetResumable, holdUploadLock, keepPart, keepResumable, ownerOf, sameFile } from './upload-resume.ts';
import { getUploadPartsList } from '../api/get-upload-parts-list.ts';
import { failedScan, ScanWarningList } from './scan-warnings.tsx';
import { readStoredUser } from '@/lib/session.ts';
import { refreshFileHistory } from '../api/file-history.ts';
import { DUPLICATE_CHECK_MAX } from '@shared/drive-limits.ts';
import type { ConflictChoice } from '@shared/schemas/drive.ts';
import { itemName } from '@shared/validation.ts';
import { checkDuplicates, type ExistingFile } from '../api/check-duplicates.ts';
import { getVersionDownloadUrl } from '../api/get-version-download-url.ts';

/**
 * Uploads and downloads run outside the page component: they keep going (uploads in the transfers
 * panel, each batch summed up in one flash) when the user moves to another folder or page.
 */
const RESULT_DISMISS_MS = 6000;

const t = i18n.t.bind(i18n);
const displayLanguage = (): DisplayLanguage => (i18n.language === 'ja' ? 'ja' : 'en');

const progressText = (progress: TransferProgress) => (
  <Tx k="drive.upload.progress" values={{ loaded: formatBytes(progress.loaded), total: formatBytes(progress.total ?? progress.loaded) }} />
);

/** The message to show for a failed transfer: a field message of an input error, else the error's. */
function failureText(error: unknown): string {
  if (error instanceof ApiError) return error.fields.name ?? Object.values(error.fields)[0] ?? error.message;
  if (error instanceof Error && error.message) return error.message;
  return t('notice.networkError');
}

/** One file to upload: where it goes (the folder's id, and its path as the user reads it) and, when its name is taken there, the user's choice. */
export interface UploadTarget {
  file: File;
  folderId: string;
  place: string;
  choice?: ConflictChoice;
  /** Why a bookkeeping document of the same name gets a new version (`old_version` over a legal style). */
  reason?: string;
  /** Detailed registration: the document's fields, and tags to set on it. */
  fields?: RegistrationFields;
  tagIds?: string[];
  /** Detailed registration follows each file on into the confirmation of its read fields. */
  follow?: UploadFollower;
}

/** Who follows one upload: told its transfer, the file once the storage event confirmed its bytes, or that it never started. */
export interface UploadFollower {
  queued: (transferId: string) => void;
  ready: (item: DriveItem) => void;
  /** The upload was not started (the name-conflict question was cancelled, or the check failed). */
  dropped: () => void;
}

/** The work of one upload in the transfers panel: register, send the bytes, let the list catch up. */
const uploadRun = ({ file, folderId, place, choice, reason, fields, tagIds, follow }: UploadTarget): TransferRun => async (report, signal, transferId) => {
  const { item, upload, upload_version: uploadVersion } = await registerFile(
    { folder_id: folderId, name: file.name, size: file.size, content_type: contentTypeOf(file), ...(choice ? { on_conflict: choice } : {}), ...(reason ? { reason } : {}), ...fields },
    { silent: true, signal },
  );
  // The name it is stored under ("name (1).ext" when both are kept).
  if (item.name !== file.name) renameTransfer(transferId, item.name);
  const user = readStoredUser();
  // A multipart upload survives a reload: what is needed to go on is kept in the browser (never the bytes).
  const resumable = upload.method === 'MULTIPART' && user !== undefined;
  if (resumable) {
    await keepResumable({
      item_id: item.id, upload_id: upload.upload_id, part_size: upload.part_size, name: file.name, size: file.size, last_modified: file.lastModified,
      folder_id: folderId, place, ...(uploadVersion ? { upload_version: uploadVersion } : {}), owner: ownerOf(user), parts: [], started_at: Date.now(),
    });
  }
  try {
    // Before the bytes: a refusal fails the transfer, whose retry registers (re-arms) and tags again.
    if (tagIds && tagIds.length > 0) await addTags(item.id, tagIds, signal);
    void refreshFolder(folderId);
    report({ loaded: 0 });
    await sendBytes(item.id, upload, file, signal, report, resumable ? { onPart: (part) => void keepPart(item.id, part) } : {});
  } catch (error) {
    // Cancelled: the entry (or the new version) is withdrawn at once instead of showing "uploading" for a day.
    if (signal.aborted) void cancelUpload({ id: item.id }, { silent: true }).then(() => refreshFolder(folderId), () => undefined);
    // Kept for resuming only when the network or the page went away, not when the user or the server ended it.
    if (resumable && (signal.aborted || error instanceof ApiError)) void forgetResumable(item.id);
    throw error;
  }
  if (resumable) void forgetResumable(item.id);
  afterBytes(transferId, item, folderId, uploadVersion, follow);
};

/** Sends the bytes holding the upload's lock, so another tab does not list it as unfinished meanwhile. */
async function sendBytes(itemId: string, upload: Parameters<typeof sendFileBytes>[1], file: File, signal: AbortSignal, report: (progress: { loaded: number }) => void, extra: Parameters<typeof sendFileBytes>[3]): Promise<void> {
  const sending = sendFileBytes(itemId, upload, file, { ...extra, signal, onProgress: throttledProgress((progress) => report({ loaded: progress.loaded })) });
  if (upload.method === 'MULTIPART') holdUploadLock(itemId, sending);
  await sending;
}

/**
 * The bytes are stored: the upload is done for the user. The storage event confirms them in the
 * background (off the critical path); the list shows the file as uploading until then. A scan
 * (scanner storage) is followed until its checks are in: what it fails is said on its row and in
 * a warning, naming the rule.
 */
function afterBytes(transferId: string, item: DriveItem, folderId: string, uploadVersion: number | undefined, follow?: UploadFollower) {
  void refreshFolder(folderId);
  void waitUntilReady(item.id, uploadVersion ? { minVersion: uploadVersion } : {}).then(async (ready) => {
    if (uploadVersion) void refreshFileHistory(item.id);
    void refreshFolder(folderId);
    if (ready) {
      follow?.ready(ready);
      void refreshWhenRead(ready, folderId);
    }
    if (!ready) {
      notify({ id: newNotificationId('upload-processing'), type: 'info', header: <Tx k="drive.upload.stillProcessing" values={{ name: item.name }} />, dismissLabel: t('common.close') }, RESULT_DISMISS_MS);
      return;
    }
    if (ready.document_style !== 'scanner') return;
    const checked = await waitForScannerCheck(ready);
    const scan = failedScan(checked);
    if (!scan) return;
    warnTransfer(transferId, scan);
    notify({
      id: newNotificationId('upload-scan-warning'),
      type: 'warning',
      header: <Tx k="transfers.scan.header" values={{ name: checked.name }} />,
      content: (
        <ScanWarningList scan={scan} testId="upload-scan-warnings" />
      ),
      action: showTransfersButton,
      dismissLabel: t('common.close'),
    });
  }, () => undefined);
}

/**
 * The fields of a PDF or an image are read after the file is ready (docs/e-bookkeeping.md "Fields
 * read from the document"): the folder is read again once the reading is in, for the file's "fields
 * read — confirm" mark. Asked less and less often (1.5 s, 3 s, 6 s…), so a batch of scans costs
 * a few calls a file, and given up after a minute.
 */
async function refreshWhenRead(item: DriveItem, folderId: string): Promise<void> {
  // By its name and type: the preview, which judges the bytes, may come after the file is ready.
  if (!isReadKind({ name: item.name, ...(item.content_type ? { type: item.content_type } : {}) })) return;
  const deadline = Date.now() + READ_FIELDS_WAIT_MS;
  for (let delay = 1500; Date.now() + delay < deadline; delay *= 2) {
    await new Promise((resolve) => setTimeout(resolve, delay));
    const answer = await getReadFields({ id: item.id }, { silent: true }).catch(() => undefined);
    if (!answer?.pending) {
      if (answer?.reading) void refreshFolder(folderId);
      return;
    }
  }
}

/** The storage event checks a scan just after confirming it: its result is awaited a little longer. */
async function waitForScannerCheck(item: DriveItem): Promise<DriveItem> {
  const deadline = Date.now() + 30_000;
  let current = item;
  for (let delay = 300; !current.scanner_check && Date.now() + delay < deadline; delay = Math.min(delay * 1.5, 2000)) {
    await new Promise((resolve) => setTimeout(resolve, delay));
    current = (await getFileInfo({ id: item.id, polling: true }, { silent: true })).item;
  }
  return current;
}

/**
 * Goes on with an upload cut off by a reload, once its file is picked again: refused unless the
 * file is the same one (name, size and last change); then the server says which parts S3 holds,
 * only the rest is sent and the upload completes. An upload no longer waiting (expired, cancelled,
 * finished) is forgotten with the server's reason.
 */
export function resumeUpload(transfer: Transfer, file: File): void {
  const kept = transfer.resume;
  if (!kept) return;
  if (!sameFile(kept, file)) {
    refusePausedFile(transfer.id, t('transfers.resume.otherFile', { name: kept.name, size: formatBytes(kept.size), date: formatDateTime(kept.last_modified, displayLanguage()) }));
    return;
  }
  const run: TransferRun = async (report, signal, transferId) => {
    let listed;
    try {
      listed = await getUploadPartsList({ id: kept.item_id, upload_id: kept.upload_id }, { silent: true, signal });
    } catch (error) {
      if (error instanceof ApiError) void forgetResumable(kept.item_id);
      throw error;
    }
    const stored = listed.parts.map(({ part_number, etag }) => ({ part_number, etag }));
    const count = Math.max(1, Math.ceil(listed.size / listed.part_size));
    const held = new Set(stored.map((part) => part.part_number));
    const rest = Array.from({ length: count }, (_, index) => index + 1).filter((number) => !held.has(number));
    const upload = { method: 'MULTIPART' as const, upload_id: kept.upload_id, part_size: listed.part_size, parts: rest.map((part_number) => ({ part_number, url: '' })), expires_at: new Date(0).toISOString() };
    try {
      await sendBytes(kept.item_id, upload, file, signal, report, { stored, onPart: (part) => void keepPart(kept.item_id, part) });
    } catch (error) {
      if (signal.aborted) void cancelUpload({ id: kept.item_id }, { silent: true }).then(() => refreshFolder(kept.folder_id), () => undefined);
      if (signal.aborted || error instanceof ApiError) void forgetResumable(kept.item_id);
      throw error;
    }
    void forgetResumable(kept.item_id);
    const { item } = await getFileInfo({ id: kept.item_id }, { silent: true, signal });
    afterBytes(transferId, item, kept.folder_id, kept.upload_version);
  };
  // -3: the upload is no longer waiting (finished, lapsed or cancelled, e.g. in another tab).
  const describeError = (error: unknown) => (error instanceof ApiError && error.code === codes.address.code ? t('transfers.resume.gone') : failureText(error));
  void resumeTransfer(transfer.id, { name: kept.name, place: kept.place, size: kept.size, run, describeError }).then((state) => {
    if (state === 'done') notify({ id: newNotificationId('upload'), type: 'success', header: <Tx k="drive.upload.done" values={{ name: transfersNow().find((entry) => entry.id === transfer.id)?.name ?? kept.name }} />, dismissLabel: t('common.close') }, RESULT_DISMISS_MS);
  });
}

/** Discards an upload cut off by a reload: withdrawn on the server (the existing cancel) and forgotten here. */
export async function discardUpload(transfer: Transfer): Promise<void> {
  const kept = transfer.resume;
  if (!kept) return;
  removeTransfer(transfer.id);
  await discardResumable(kept.item_id);
  await cancelUpload({ id: kept.item_id }, { silent: true }).then(() => refreshFolder(kept.folder_id), () => undefined);
}

/** Adds tags to an entry, keeping those it has (a new version of an existing file keeps its tags). */
async function addTags(itemId: string, tagIds: string[], signal: AbortSignal): Promise<void> {
  const { tags } = await getItemTags({ id: itemId }, { silent: true, signal });
  await saveItemTags({ id: itemId, tag_ids: [...new Set([...tags.map((tag) => tag.id), ...tagIds])] }, { silent: true, signal });
  void refreshTagReads();
}

const showTransfersButton = (
  <Button onClick={showTransfersPanel} nativeButtonAttributes={{ 'data-testid': 'show-transfers' }}>
    <Tx k="transfers.batch.show" />
  </Button>
);

/** A batch's progress in its flash: the bytes of all its files (finished ones whole). */
function BatchProgress({ ids }: { ids: readonly string[] }) {
  const batch = useTransfers().filter((transfer) => ids.includes(transfer.id));
  const total = batch.reduce((sum, transfer) => sum + transfer.size, 0);
  const loaded = batch.reduce((sum, transfer) => sum + (transfer.state === 'done' ? transfer.size : transfer.loaded), 0);
  const single = batch.length === 1 ? batch[0] : undefined;
  return (
    <ProgressBar
      data-testid="upload-progress"
      data-file-name={single?.name}
      variant="flash"
      value={percent(loaded, total)}
      description={progressText({ loaded, total })}
    />
  );
}

/**
 * Uploads files, each into its folder, through the transfers panel (a few at a time, each with its
 * own progress, cancel and retry). The batch has one flash: its progress, then what came of it.
 */
export function startUploads(targets: UploadTarget[]): void {
  if (targets.length === 0) return;
  const started = targets.map((target) => {
    const transfer = addTransfer({ name: target.file.name, place: target.place, size: target.file.size, run: uploadRun(target), describeError: failureText });
    target.follow?.queued(transfer.id);
    return transfer;
  });
  const ids = started.map((transfer) => transfer.id);
  const single = targets.length === 1 ? targets[0]!.file.name : undefined;
  const flashId = newNotificationId('upload');
  notify({
    id: flashId,
    type: 'in-progress',
    dismissible: false,
    header: single ? <Tx k="drive.upload.uploading" values={{ name: single }} /> : <Tx k="transfers.batch.started" values={{ count: targets.length }} />,
    content: <BatchProgress ids={ids} />,
    action: showTransfersButton,
  });
  void Promise.all(started.map((transfer) => transfer.ended)).then((states) => {
    const failed = ids.flatMap((id) => transfersNow().filter((transfer) => transfer.id === id && transfer.state === 'failed'));
    const done = states.filter((state) => state === 'done').length;
    if (failed.length > 0) {
      notify({
        id: flashId,
        type: 'error',
        header: single ? <Tx k="drive.upload.failed" values={{ name: single }} /> : <Tx k="transfers.batch.failed" values={{ count: failed.length }} />,
        content: (
          <ul data-testid="upload-errors">
            {failed.map((transfer) => (
              <li key={transfer.id} data-testid="upload-error">
                {single ? transfer.error : <><strong>{transfer.name}</strong>: {transfer.error}</>}
              </li>
            ))}
          </ul>
        ),
        action: showTransfersButton,
        dismissLabel: t('common.close'),
      });
    } else if (done > 0) {
      // The name it was stored under: "name (1).ext" when both were kept.
      const stored = single ? transfersNow().find((transfer) => transfer.id === ids[0])?.name ?? single : undefined;
      const header = stored ? <Tx k="drive.upload.done" values={{ name: stored }} /> : <Tx k="transfers.batch.done" values={{ count: done }} />;
      notify({ id: flashId, type: 'success', header, dismissLabel: t('common.close') }, RESULT_DISMISS_MS);
    } else {
      const header = single ? <Tx k="drive.upload.cancelled" values={{ name: single }} /> : <Tx k="transfers.batch.cancelled" values={{ count: targets.length }} />;
      notify({ id: flashId, type: 'info', header, dismissLabel: t('common.close') }, RESULT_DISMISS_MS);
    }
  });
}

/** The drive's calls for the folders of a drop: make one, or find the one holding its name. */
const folderCalls: FolderCalls = {
  create: async (parentId, name) => {
    try {
      return { id: (await createFolder({ parent_id: parentId, name }, { silent: true })).item.id };
    } catch (error) {
      if (error instanceof ApiError && error.code === codes.folderNameDuplicate.code) return 'exists';
      throw new Error(failureText(error));
    }
  },
  find: async (parentId, name) => {
    const wanted = name.toLowerCase();
    let cursor: string | undefined;
    do {
      const page = await listFolder({ folder_id: parentId, folders_only: 1, page_size: 1000, ...(cursor ? { cursor } : {}) }, { silent: true });
      const found = page.items.find((item) => item.type === 'folder' && item.name.toLowerCase() === wanted);
      if (found) return found.id;
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    return undefined;
  },
  get takenMessage() {
    return t('code.folderNameDuplicate');
  },
};

/**
 * What a drop onto the drive page holds, made ready to upload: its folders made in the drive (merged
 * into folders of the same name), the files placed in them. Loose files are answered apart: they go
 * through the duplicate check of the drop target. Folders that could not be made are reported.
 */
export async function planDrop(dropped: Parameters<typeof walkDropped>[0], targetId: string, place: string): Promise<{ top: File[]; nested: UploadTarget[] }> {
  const hasFolders = dropped.some((entry) => !(entry instanceof File) && entry.isDirectory);
  return planTree(() => walkDropped(dropped), hasFolders, targetId, place);
}

/**
 * A folder chosen through the picker (`webkitdirectory`): the same as a drop of it, the tree read
 * from each file's path inside the chosen folder.
 */
export function planPickedFolder(files: File[], targetId: string, place: string): Promise<{ top: File[]; nested: UploadTarget[] }> {
  return planTree(() => Promise.resolve(pickedFolderTree(files)), true, targetId, place);
}

async function planTree(read: () => Promise<DroppedTree>, hasFolders: boolean, targetId: string, place: string): Promise<{ top: File[]; nested: UploadTarget[] }> {
  const reading = newNotificationId('drop-reading');
  if (hasFolders) notify({ id: reading, type: 'in-progress', loading: true, dismissible: false, header: <Tx k="transfers.drop.reading" /> });
  try {
    const tree = await read();
    const plan = await placeDroppedTree(tree, targetId, folderCalls);
    if (tree.folders.length > 0) void refreshFolder(targetId);
    if (plan.failed.length > 0) {
      notify({
        id: newNotificationId('drop-folders'),
        type: 'error',
        header: <Tx k="transfers.drop.foldersFailed" values={{ count: plan.failed.length }} />,
        content: (
          <ul data-testid="drop-folder-errors">
            {plan.failed.map((failure) => (
              <li key={failure.path.join('/')}>
                <Tx k="transfers.drop.folderFailed" values={{ name: failure.path.join(' / '), message: failure.message }} />
              </li>
            ))}
          </ul>
        ),
        dismissLabel: t('common.close'),
      });
    }
    return {
      top: plan.top,
      nested: plan.nested.map((entry) => ({ file: entry.file, folderId: entry.folderId, place: [place, ...entry.folders].join(' / ') })),
    };
  } finally {
    if (hasFolders) dismiss(reading);
  }
}

/** What a download's flash says, for a file of this name (any version). */
const downloadTexts = (name: string): Parameters<typeof runPresignedDownload>[0]['texts'] => ({
  cancel: <Tx k="common.cancel" />,
  preparing: <Tx k="drive.download.preparing" values={{ name }} />,
  downloading: () => <Tx k="drive.download.downloading" values={{ name }} />,
  progress: progressText,
  done: (fileName) => <Tx k="drive.download.done" values={{ name: fileName }} />,
  failed: () => <Tx k="drive.download.failed" values={{ name }} />,
});

/** Downloads a ready file through its presigned URL, with a progress bar, and saves it. */
export async function startDownload(item: DriveItem): Promise<void> {
  const name = item.name;
  await runPresignedDownload({
    idPrefix: 'download',
    fetchTarget: (signal) => getDownloadUrl({ id: item.id }, { signal }),
    name,
    texts: downloadTexts(name),
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
    texts: downloadTexts(name),
  });
}
