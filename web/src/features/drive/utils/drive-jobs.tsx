import Button from '@cloudscape-design/components/button';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import { runPresignedDownload } from '@/components/presigned-download.tsx';
import { Tx } from '@/components/translated.tsx';
import { isAbortError, reportApiError } from '@/lib/api-client.ts';
import { percent } from '@/lib/format.ts';
import { i18n } from '@/lib/i18n/index.ts';
import { dismiss, newNotificationId, notify, SUCCESS_DISMISS_MS } from '@/lib/notifications.ts';
import { followJob, type DriveJob } from '../api/get-job-info.ts';
import { refreshFolder } from '../api/list-folder.ts';

/** The progress flash of a running job: a Cloudscape ProgressBar of entries done out of the total. */
function showProgress(id: string, job: DriveJob, label: string, stop: () => void) {
  const value = job.total ? percent(job.done, job.total) : 0;
  notify({
    id,
    type: 'in-progress',
    loading: true,
    dismissible: false,
    header: label,
    content: (
      <div data-testid="job-progress" data-job-kind={job.kind}>
        <ProgressBar
          value={value}
          label={label}
          additionalInfo={job.total === null ? i18n.t('driveJobs.counting') : i18n.t('driveJobs.progress', { done: job.done, total: job.total })}
        />
      </div>
    ),
    action: (
      <Button onClick={stop} nativeButtonAttributes={{ 'data-testid': 'job-stop-following' }}>
        {i18n.t('driveJobs.hide')}
      </Button>
    ),
  });
}

/** A job's refusal as a flash that stays until dismissed. */
function showFailure(id: string, header: string, message: string) {
  notify({ id, type: 'error', header, content: <span data-testid="job-error">{message}</span>, dismissLabel: i18n.t('common.close') });
}

/**
 * Follows a copy to its end in the notification area; once done the destination (and the folder on
 * screen) are read again, so the copy appears in the listing.
 */
export async function followCopy(job: DriveJob, destination: { id: string; name: string }, currentFolderId: string): Promise<void> {
  const id = newNotificationId('copy');
  const controller = new AbortController();
  const label = i18n.t('driveJobs.copying', { folder: destination.name });
  try {
    const ended = await followJob(job, (state) => showProgress(id, state, label, () => controller.abort()), controller.signal);
    if (ended.state === 'failed') {
      showFailure(id, i18n.t('driveJobs.copyFailed'), ended.error?.message ?? '');
      return;
    }
    notify({
      id,
      type: 'success',
      header: ended.items.length === 1
        ? <Tx k="driveJobs.copiedOne" values={{ name: ended.items[0]!.name, folder: destination.name }} />
        : <Tx k="driveJobs.copiedMany" values={{ count: ended.items.length, folder: destination.name }} />,
      dismissLabel: i18n.t('common.close'),
    }, SUCCESS_DISMISS_MS);
    void refreshFolder(destination.id);
    if (currentFolderId !== destination.id) void refreshFolder(currentFolderId);
  } catch (error) {
    dismiss(id);
    if (!isAbortError(error) && !controller.signal.aborted) reportApiError(error);
  }
}

/** Follows a ZIP job, then downloads the ZIP under its name (the presigned download's own flash takes over). */
export async function followZip(job: DriveJob, name: string): Promise<void> {
  const id = newNotificationId('zip');
  const controller = new AbortController();
  const label = i18n.t('driveJobs.zipping', { name });
  try {
    const ended = await followJob(job, (state) => showProgress(id, state, label, () => controller.abort()), controller.signal);
    if (ended.state === 'failed' || !ended.download) {
      showFailure(id, i18n.t('driveJobs.zipFailed'), ended.error?.message ?? '');
      return;
    }
    dismiss(id);
    const download = ended.download;
    await runPresignedDownload({
      idPrefix: 'zip-download',
      fetchTarget: () => Promise.resolve(download),
      name: download.file_name,
      texts: {
        cancel: <Tx k="common.cancel" />,
        preparing: <Tx k="drive.download.preparing" values={{ name: download.file_name }} />,
        downloading: () => <Tx k="drive.download.downloading" values={{ name: download.file_name }} />,
        progress: (progress) => `${percent(progress.loaded, progress.total)}%`,
        done: (fileName) => <Tx k="drive.download.done" values={{ name: fileName }} />,
        failed: () => <Tx k="drive.download.failed" values={{ name: download.file_name }} />,
      },
    });
  } catch (error) {
    dismiss(id);
    if (!isAbortError(error) && !controller.signal.aborted) reportApiError(error);
  }
}
