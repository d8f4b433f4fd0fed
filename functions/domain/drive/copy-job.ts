import { CopyObjectCommand } from '@aws-sdk/client-s3';
import { s3 } from '#lib/clients.ts';
import { config } from '#lib/config.ts';
import { nowIso } from '#lib/data/table.ts';
import { objectKey } from '#lib/object-storage.ts';
import { currentScanStatus, getItem, getItems, nameKey, type DocumentFields, type ItemRecord } from '#data/drive-items.ts';
import { malwareScan } from '#lib/table-design.ts';
import { readUsage } from '#data/pending-uploads.ts';
import type { DriveJobOutcome, DriveJobRecord } from '#data/drive-jobs.ts';
import { copiedId, CopyNameTakenError, CopyParentGoneError, CopyQuotaError, insertCopiedEntry, publishCopy, type CopyRecord } from '#data/drive-copies.ts';
import { mapLimit } from '#domain/imports/pool.ts';
import { childLevel, reachableItem, writableFolder, type ReachedItem } from './reach.ts';
import { viewerFor } from './folder-access.ts';
import { DomainError } from '#lib/errors.ts';
import type { DriveLevel } from '#shared/routes/define.ts';
import { childPages, measureSubtree } from './subtree.ts';
import { extendLocks } from './bookkeeping.ts';
import { HandOver, JobRefusal, refusalOf, type JobRun } from './jobs.ts';
import { freeNumber, numberedName, NUMBERED_NAME_ATTEMPTS } from './numbered-names.ts';

/** Server-side copies in flight at once (S3 CopyObject and DynamoDB writes of one page). */
const PARALLEL = 8;

/**
 * A copy keeps the document's SPEC.md §3 fields (a copied invoice is still an invoice), and a
 * bookkeeping document's copy is kept as long as the original (docs/e-bookkeeping.md).
 */
const documentFieldsOf = (source: ItemRecord): DocumentFields => Object.fromEntries(
  (['document_style', 'transaction_date', 'transaction_amount', 'recipient', 'provider', 'invoice_number', 'scanner_grade', 'paper_size', 'received_date', 'retention_until', 'properties', 'property_links'] as const)
    .filter((field) => source[field] !== undefined).map((field) => [field, source[field]]),
);

const destinationGone = () => new JobRefusal('address', 'notice.destinationMissing');

/**
 * The copy job (docs/drive.md "Copy and ZIP jobs"): counts the selection (and refuses it past the
 * quota before writing anything), writes the top-level copies unlisted, copies everything below
 * them page by page (S3 CopyObject, then the entry), then publishes each top-level copy. Resumable:
 * ids derive from the job and the source, so a resumed run skips what is already written.
 */
export async function copyWork(job: DriveJobRecord, run: JobRun): Promise<DriveJobOutcome> {
  const kykId = job.kyk_id;
  // The starter's rights as they are now: folder permissions decide what is copied, and where to.
  const viewer = await viewerFor(kykId, job.user_id);
  const destination = await writableFolder(viewer, job.folder_id!).catch((error: unknown) => {
    if (error instanceof DomainError) throw refusalOf(error);
    throw error;
  });
  if (!destination) throw destinationGone();
  const sources = (await Promise.all(job.items.map((id) => reachableItem(viewer, id)))).filter((item): item is ReachedItem => item !== undefined);
  for (const source of sources) {
    if (source.type === 'folder' && (source.id === destination.id || destination.chain.some((folder) => folder.id === source.id))) {
      throw new JobRefusal('input', 'notice.copyIntoItself');
    }
  }
  const usage = await readUsage(kykId);
  const quota = usage?.quota_bytes;
  let total = job.total;
  if (total === null) {
    const size = await measureSubtree(kykId, sources);
    // Nothing is written yet: a copy past the quota is refused whole.
    if (quota !== undefined && (usage!.usage_bytes + usage!.reserved_bytes) + size.bytes > quota) throw new JobRefusal('serverCapacityExceeded', 'code.serverCapacityExceeded');
    total = size.count;
    await run.save({ done: 0, total, bytes: size.bytes });
  }

  let done = 0;
  const now = nowIso();
  const copyOf = (source: ItemRecord, parentId: string, hidden: boolean): CopyRecord => {
    const id = copiedId(job.job_id, source.id);
    return {
      kyk_id: kykId, id, parent_id: parentId, type: source.type, name: source.name, name_key: source.name_key,
      size: source.size, declared_size: source.size, version: 1, status: 'ready', content_type: source.content_type,
      s3_key: source.type === 'file' ? objectKey(kykId, id, 1) : null, row_version: 1,
      regist_date: now, regist_user_id: job.user_id, update_date: now, update_user_id: job.user_id,
      ...documentFieldsOf(source),
      ...(hidden ? { copy_job: job.job_id } : {}),
    };
  };
  const copyBytes = async (source: ItemRecord, copy: CopyRecord): Promise<void> => {
    if (source.type === 'file' && currentScanStatus(source) === malwareScan.threatsFound) throw new JobRefusal('permission', 'notice.threatFound', { name: source.name });
    // The bytes first: the entry, once there, always has its object (a resumed run copies again).
    if (source.type === 'file' && source.s3_key && copy.s3_key) {
      await s3().send(new CopyObjectCommand({ Bucket: config.bucketName, Key: copy.s3_key, CopySource: `${config.bucketName}/${encodeURIComponent(source.s3_key).replace(/%2F/g, '/')}` }));
      // A copied bookkeeping document is kept as long as its original: the bucket holds its new
      // bytes as it holds an upload's (S3 copies no lock; storage-events confirms no copy).
      if (copy.retention_until) await extendLocks([copy.s3_key], copy.retention_until);
    }
  };
  const refusalOfWrite = (error: unknown, copy: CopyRecord): unknown => {
    if (error instanceof CopyNameTakenError) return new JobRefusal(copy.type === 'folder' ? 'folderExistsAtDestination' : 'fileExistsAtDestination', copy.type === 'folder' ? 'code.folderExistsAtDestination' : 'code.fileExistsAtDestination');
    if (error instanceof CopyQuotaError) return new JobRefusal('serverCapacityExceeded', 'code.serverCapacityExceeded');
    if (error instanceof CopyParentGoneError) return destinationGone();
    return error;
  };
  const write = async (source: ItemRecord, copy: CopyRecord, hidden: boolean): Promise<void> => {
    await copyBytes(source, copy);
    try {
      await insertCopiedEntry(copy, { hidden, quota });
    } catch (error) {
      throw refusalOfWrite(error, copy);
    }
  };
  /**
   * A top-level copy. Into its source's own folder it takes the next free "name (n)" (the name
   * claim decides: a copy that loses the number to a racing one looks again, a bounded number of
   * times); elsewhere its source's name, a name held there refusing it.
   */
  const writeTop = async (source: ItemRecord, planned: CopyRecord): Promise<CopyRecord> => {
    if (source.parent_id !== destination.id) {
      await write(source, planned, true);
      return planned;
    }
    await copyBytes(source, planned);
    for (let attempt = 0; attempt < NUMBERED_NAME_ATTEMPTS; attempt++) {
      const name = numberedName(source.name, await freeNumber(kykId, destination.id, source.name, source.type), source.type);
      const numbered: CopyRecord = { ...planned, name, name_key: nameKey(name) };
      try {
        await insertCopiedEntry(numbered, { hidden: true, quota });
        return numbered;
      } catch (error) {
        if (!(error instanceof CopyNameTakenError)) throw refusalOfWrite(error, numbered);
      }
    }
    throw refusalOfWrite(new CopyNameTakenError(), planned);
  };
  const step = async (visited: number) => {
    done += visited;
    await run.save({ done });
    if (!(await writableFolder(viewer, destination.id).catch(() => undefined))) throw destinationGone();
    if (run.timeIsUp()) throw new HandOver();
  };
  const copyTree = async (sourceFolderId: string, copyFolderId: string, level: DriveLevel): Promise<void> => {
    for await (const listed of childPages(kykId, sourceFolderId)) {
      // Folders closed to the starter are not copied (nor what is inside them).
      const page = listed.filter((source) => childLevel(level, source, viewer) >= 1);
      const copies = page.map((source) => copyOf(source, copyFolderId, false));
      const existing = new Set((await getItems(kykId, copies.map((copy) => copy.id))).map((item) => item.id));
      await mapLimit(page, PARALLEL, async (source, index) => {
        if (!existing.has(copies[index]!.id)) await write(source, copies[index]!, false);
      });
      await step(listed.length);
      for (const [index, source] of page.entries()) if (source.type === 'folder') await copyTree(source.id, copies[index]!.id, childLevel(level, source, viewer));
    }
  };

  const tops: CopyRecord[] = [];
  for (const source of sources) {
    const planned = copyOf(source, destination.id, true);
    // A resumed run finds the top it wrote, under the name it was given.
    const top = ((await getItem(kykId, planned.id)) as CopyRecord | undefined) ?? (await writeTop(source, planned));
    tops.push(top);
    await step(1);
    if (source.type === 'folder') await copyTree(source.id, top.id, source.level);
  }
  for (const top of tops) if (!(await publishCopy(top, job.job_id, destination.chain))) throw destinationGone();
  run.log.info('copy finished', { kyk: kykId, job: job.job_id, entries: done });
  return { state: 'done', result_ids: tops.map((top) => top.id) };
}
