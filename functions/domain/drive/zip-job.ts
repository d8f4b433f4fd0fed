import { CompleteMultipartUploadCommand, CreateMultipartUploadCommand, PutObjectCommand, UploadPartCommand } from '@aws-sdk/client-s3';
import { objectChunks } from '#lib/object-storage.ts';
import { ZIP_MAX_BYTES, ZIP_MAX_FILES } from '#shared/drive-limits.ts';
import { s3 } from '#lib/clients.ts';
import { config } from '#lib/config.ts';
import { filesBucketLayout, malwareScan } from '#lib/table-design.ts';
import { currentScanStatus, type ItemRecord } from '#data/drive-items.ts';
import { listFolderSettings } from '#data/folder-settings.ts';
import type { DriveJobOutcome, DriveJobRecord } from '#data/drive-jobs.ts';
import { childLevel, reachableItem, type ReachedItem } from './reach.ts';
import { viewerFor, type DriveViewer } from './folder-access.ts';
import { recordAccessesOf } from './access-log.ts';
import type { DriveLevel } from '#shared/routes/define.ts';
import { childPages } from './subtree.ts';
import { JobRefusal, type JobRun } from './jobs.ts';

/**
 * The ZIP download job (docs/drive.md "Copy and ZIP jobs"): lists the files of the selection with
 * their paths as the user sees them, refuses a selection past ZIP_MAX_FILES / ZIP_MAX_BYTES, then
 * streams each file from S3 into the ZIP (stored, not deflated: office files and PDFs are
 * compressed already) and the ZIP into S3 in parts, so memory holds one part, never the whole.
 * Names are UTF-8 with the ZIP's UTF-8 flag (fflate sets it for any non-ASCII name). The ZIP lives
 * under `exports/`, whose lifecycle rule deletes it after a day. A resumed job starts the ZIP over
 * (the abandoned multipart upload is aborted by the bucket's lifecycle rule).
 */
const PART_BYTES = 8 * 1024 ** 2;

interface ZipEntry {
  path: string;
  item: ItemRecord;
}

export const zipObjectKey = (kykId: string, jobId: string): string => `${filesBucketLayout.exportPrefix}${kykId}/${jobId}.zip`;

/** `<name>.zip` for one selected entry, else `download_<yyyymmddHHMMSS>.zip` in Japan time. */
export const zipFileName = (selected: ItemRecord[], at = new Date()): string => {
  if (selected.length === 1) return `${selected[0]!.name}.zip`;
  const jst = new Date(at.getTime() + 9 * 3_600_000).toISOString();
  return `download_${jst.slice(0, 19).replace(/[-T:]/g, '')}.zip`;
};

const tooLarge = () => new JobRefusal('updateFailure', 'notice.zipTooLarge', { files: ZIP_MAX_FILES, gb: ZIP_MAX_BYTES / 1024 ** 3 });

async function listEntries(viewer: DriveViewer, selected: ReachedItem[]): Promise<{ entries: ZipEntry[]; bytes: number }> {
  const kykId = viewer.kykId;
  const entries: ZipEntry[] = [];
  let bytes = 0;
  let files = 0;
  const add = (path: string, item: ItemRecord) => {
    entries.push({ path, item });
    // No threat leaves through a ZIP (the bucket policy would refuse to read it in AWS anyway).
    if (item.type === 'file' && currentScanStatus(item) === malwareScan.threatsFound) throw new JobRefusal('permission', 'notice.threatFound', { name: path });
    if (item.type === 'file') {
      files += 1;
      bytes += item.size ?? 0;
      if (files > ZIP_MAX_FILES || bytes > ZIP_MAX_BYTES) throw tooLarge();
    }
  };
  const walk = async (folderId: string, prefix: string, level: DriveLevel): Promise<void> => {
    for await (const listed of childPages(kykId, folderId)) {
      // Folders closed to the starter are left out, with everything inside them.
      const page = listed.filter((child) => childLevel(level, child, viewer) >= 1);
      for (const child of page) add(`${prefix}${child.name}${child.type === 'folder' ? '/' : ''}`, child);
      for (const child of page) if (child.type === 'folder') await walk(child.id, `${prefix}${child.name}/`, childLevel(level, child, viewer));
    }
  };
  for (const item of selected) {
    add(`${item.name}${item.type === 'folder' ? '/' : ''}`, item);
    if (item.type === 'folder') await walk(item.id, `${item.name}/`, item.level);
  }
  return { entries, bytes };
}

/** The ZIP's bytes into S3: one PutObject when small, else a multipart upload part by part. */
class PartWriter {
  private chunks: Uint8Array[] = [];
  private buffered = 0;
  private uploadId: string | undefined;
  private parts: { PartNumber: number; ETag: string }[] = [];
  size = 0;

  constructor(private readonly key: string) {}

  push(chunk: Uint8Array): void {
    this.chunks.push(chunk);
    this.buffered += chunk.byteLength;
    this.size += chunk.byteLength;
  }

  private take(): Uint8Array {
    const body = new Uint8Array(this.buffered);
    let offset = 0;
    for (const chunk of this.chunks) {
      body.set(chunk, offset);
      offset += chunk.byteLength;
    }
    this.chunks = [];
    this.buffered = 0;
    return body;
  }

  private async uploadPart(body: Uint8Array): Promise<void> {
    if (!this.uploadId) {
      const { UploadId } = await s3().send(new CreateMultipartUploadCommand({ Bucket: config.bucketName, Key: this.key, ContentType: 'application/zip' }));
      if (!UploadId) throw new Error('S3 answered no UploadId');
      this.uploadId = UploadId;
    }
    const PartNumber = this.parts.length + 1;
    const { ETag } = await s3().send(new UploadPartCommand({ Bucket: config.bucketName, Key: this.key, UploadId: this.uploadId, PartNumber, Body: body }));
    this.parts.push({ PartNumber, ETag: ETag! });
  }

  /** Sends what is buffered once it makes a part. */
  async drain(): Promise<void> {
    if (this.buffered >= PART_BYTES) await this.uploadPart(this.take());
  }

  async finish(): Promise<void> {
    if (!this.uploadId) {
      await s3().send(new PutObjectCommand({ Bucket: config.bucketName, Key: this.key, Body: this.take(), ContentType: 'application/zip' }));
      return;
    }
    if (this.buffered > 0) await this.uploadPart(this.take());
    await s3().send(new CompleteMultipartUploadCommand({ Bucket: config.bucketName, Key: this.key, UploadId: this.uploadId, MultipartUpload: { Parts: this.parts } }));
  }
}

export async function zipWork(job: DriveJobRecord, run: JobRun): Promise<DriveJobOutcome> {
  const kykId = job.kyk_id;
  // Read before the entries: a save from here on makes the ZIP's download wait for it to be made again (jobs.ts `jobView`).
  const { version: settingsVersion } = await listFolderSettings(kykId);
  const viewer = await viewerFor(kykId, job.user_id);
  const selected: ReachedItem[] = [];
  for (const id of job.items) {
    const item = await reachableItem(viewer, id);
    if (!item) throw new JobRefusal('address', 'notice.itemNotFound');
    selected.push(item);
  }
  const { entries, bytes } = await listEntries(viewer, selected);
  const files = entries.filter((entry) => entry.item.type === 'file').length;
  await run.save({ done: 0, total: files, bytes });

  // Loaded here, not with the module: fflate builds its tables when it loads, which cost every cold start of the group.
  const { Zip, ZipPassThrough } = await import('./zip-stream.ts');
  const key = zipObjectKey(kykId, job.job_id);
  const writer = new PartWriter(key);
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else writer.push(chunk);
  });
  let done = 0;
  for (const entry of entries) {
    const file = new ZipPassThrough(entry.path);
    file.mtime = new Date(entry.item.update_date);
    zip.add(file);
    if (entry.item.type === 'folder' || !entry.item.s3_key) {
      file.push(new Uint8Array(0), true);
      continue;
    }
    for await (const chunk of objectChunks(entry.item.s3_key)) {
      file.push(chunk);
      await writer.drain();
    }
    file.push(new Uint8Array(0), true);
    if (failure) throw failure;
    done += 1;
    if (done % 25 === 0) await run.save({ done });
  }
  zip.end();
  if (failure) throw failure;
  await writer.finish();
  await run.save({ done });
  run.log.info('zip written', { kyk: kykId, job: job.job_id, files, size: writer.size });
  // A ZIP is a download of what was selected: in the access log, with the ZIP's name.
  const fileName = zipFileName(selected);
  await recordAccessesOf(job.user_id, 'download', selected, run.log, fileName);
  return { state: 'done', zip_key: key, file_name: fileName, zip_size: writer.size, settings_version: settingsVersion };
}
