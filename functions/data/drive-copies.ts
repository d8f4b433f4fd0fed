import { createHash } from 'node:crypto';
import { table } from '#lib/data/table.ts';
import { TransactionFailed, transactWrite, type LabelledItem } from '#lib/data/transact.ts';
import { contractKey, usageCounterAdd } from './contracts.ts';
import { versionKey, versionPut } from './file-versions.ts';
import { claimedId, getItem, itemKey, listingKeys, nameClaimKey, ROOT_ID, type FolderState, type ItemRecord } from './drive-items.ts';
import { purgeQueuePut } from './drive-trash.ts';
import { gramDeletes, gramPuts, partnerDeletes, partnerPuts, recordPartnerNames } from './drive-search-keys.ts';
import { propertyUsageChanges } from './property-items.ts';

/**
 * The writes of a copy job (docs/drive.md "Copy and ZIP jobs"). A copy is made of new entries with
 * new ids, written with the ordinary drive keys (functions/data/drive-items.ts): no key of its own.
 *
 * - Ids are derived from the job and the source entry, so a resumed job finds what its dead worker
 *   wrote (the conditional put fails) instead of writing it twice.
 * - The copied top-level entries hold their name claim in the destination from the start, but carry
 *   `copy_job` and no listing keys, so they are not listed (nor is anything below them) until the
 *   job publishes them, one transaction each, with the destination's path checked live.
 * - Each copied file adds its bytes and count to the contract's usage in its own transaction,
 *   conditional on the quota read at the job's start, and writes the record of its one version.
 */
export const copiedId = (jobId: string, sourceId: string): string => {
  const hex = createHash('sha256').update(`${jobId}:${sourceId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

export type CopyRecord = ItemRecord & { copy_job?: string };

export class CopyNameTakenError extends Error {}
export class CopyQuotaError extends Error {}
export class CopyParentGoneError extends Error {}

/** A copied file's bytes and count join the contract's usage, on condition of the quota read at the job's start. */
const usageAdd = (kykId: string, bytes: number, quota: number | undefined): LabelledItem => {
  const counters = usageCounterAdd({ file_count: 1 });
  return {
    label: 'usage',
    Update: {
      TableName: table(), Key: contractKey(kykId),
      UpdateExpression: `SET usage_bytes = if_not_exists(usage_bytes, :zero) + :bytes, committed_bytes = if_not_exists(committed_bytes, :zero) + :bytes${counters.clause}`,
      ConditionExpression: quota === undefined
        ? 'attribute_exists(pk) AND attribute_not_exists(quota_bytes)'
        : 'attribute_exists(pk) AND quota_bytes = :quota AND (attribute_not_exists(committed_bytes) OR committed_bytes <= :room)',
      ExpressionAttributeValues: { ':zero': 0, ':bytes': bytes, ...counters.values, ...(quota === undefined ? {} : { ':quota': quota, ':room': quota - bytes }) },
    },
  };
};

const usageRelease = (kykId: string, bytes: number): LabelledItem => {
  const counters = usageCounterAdd({ file_count: -1 });
  return {
    label: 'usage',
    Update: {
      TableName: table(), Key: contractKey(kykId),
      UpdateExpression: `SET usage_bytes = usage_bytes - :bytes, committed_bytes = committed_bytes - :bytes${counters.clause}`,
      ExpressionAttributeValues: { ':bytes': bytes, ...counters.values },
    },
  };
};

/**
 * Writes one copied entry with its name claim and, for a file, its usage. A top-level entry
 * (`hidden`) is written unlisted with `copy_job`. Answers false when the entry is already there (a
 * resumed job). Throws CopyNameTakenError (the name is someone else's), CopyQuotaError,
 * CopyParentGoneError (the parent copy was removed: the job is being cleaned up).
 */
export async function insertCopiedEntry(record: CopyRecord, options: { hidden: boolean; quota: number | undefined }): Promise<boolean> {
  const claim = nameClaimKey(record.kyk_id, record.parent_id, record.type, record.name_key);
  const item = options.hidden ? { ...itemKey(record.kyk_id, record.id), ...record } : { ...itemKey(record.kyk_id, record.id), ...listingKeys(record), ...record };
  await recordPartnerNames(record);
  try {
    await transactWrite([
      { label: 'nameClaim', Put: { TableName: table(), Item: { ...claim, type: 'name-claim', item_id: record.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
      { label: 'item', Put: { TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
      ...gramPuts(record),
      ...partnerPuts(record),
      ...propertyUsageChanges(record.kyk_id, [], record.property_links),
      // A file: its bytes and count in the usage, and the record of its one version (the history starts at the copy).
      ...(record.type === 'file' ? [
        usageAdd(record.kyk_id, record.size ?? 0, options.quota),
        versionPut({ kyk_id: record.kyk_id, item_id: record.id, version: record.version, size: record.size ?? 0, s3_key: record.s3_key!, content_type: record.content_type, regist_user_id: record.regist_user_id, regist_date: record.regist_date }),
      ] : []),
      // Below the top the parent is a copy of this job, never trashed; the top's destination is checked at publication.
      ...(options.hidden || record.parent_id === ROOT_ID ? [] : [{
        label: 'parent',
        ConditionCheck: { TableName: table(), Key: itemKey(record.kyk_id, record.parent_id), ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(purging)' },
      }]),
    ]);
    return true;
  } catch (error) {
    if (!(error instanceof TransactionFailed)) throw error;
    if (error.failed('item')) return false;
    if (error.failed('nameClaim')) {
      if ((await claimedId(claim)) === record.id) return false;
      throw new CopyNameTakenError();
    }
    if (error.failed('usage')) throw new CopyQuotaError();
    if (error.failed('parent')) throw new CopyParentGoneError();
    throw error;
  }
}

/**
 * Makes a finished top-level copy visible: listed in the destination, in one transaction with every
 * folder on the destination's path checked unchanged and out of the trash. Answers false when the
 * destination (or a folder above it) changed: the job then fails and cleans up.
 */
export async function publishCopy(record: CopyRecord, jobId: string, chain: FolderState[]): Promise<boolean> {
  const pathChecks: LabelledItem[] = chain.map((folder, index) => ({
    label: `path${index}`,
    ConditionCheck: {
      TableName: table(),
      Key: itemKey(record.kyk_id, folder.id),
      ConditionExpression: '#type = :folder AND parent_id = :parent AND attribute_not_exists(trashed_date) AND attribute_not_exists(purging)',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':folder': 'folder', ':parent': folder.parent_id },
    },
  }));
  const listing = listingKeys(record);
  try {
    await transactWrite([
      { label: 'item', Update: {
        TableName: table(), Key: itemKey(record.kyk_id, record.id),
        UpdateExpression: 'SET gsi1pk = :g1, gsi1sk = :g1s, gsi2pk = :g2, gsi2sk = :g2s, srch_pk = :sp REMOVE copy_job',
        ConditionExpression: 'copy_job = :job',
        ExpressionAttributeValues: { ':g1': listing.gsi1pk, ':g1s': listing.gsi1sk, ':g2': listing.gsi2pk, ':g2s': listing.gsi2sk, ':sp': listing.srch_pk, ':job': jobId },
      } },
      ...pathChecks,
    ]);
    return true;
  } catch (error) {
    if (!(error instanceof TransactionFailed)) throw error;
    // Published already by a worker that died right after.
    if (error.failed('item') && !pathChecks.some((check) => error.failed(check.label))) {
      const now = (await getItem(record.kyk_id, record.id)) as (CopyRecord & { gsi1pk?: string }) | undefined;
      if (now && now.copy_job === undefined && now.gsi1pk !== undefined) return true;
    }
    return false;
  }
}

/**
 * Removes an unpublished top-level copy of a failed job: a file at once with its usage and claim
 * (the caller deletes its object), a folder marked `purging` with its claim given back and its
 * purge queued (the scheduled purge removes what it holds, giving back the usage). Idempotent.
 */
export async function abandonCopy(kykId: string, id: string, jobId: string): Promise<CopyRecord | undefined> {
  const record = (await getItem(kykId, id)) as (CopyRecord & { gsi1pk?: string }) | undefined;
  if (!record || record.copy_job !== jobId) return undefined;
  const claimRelease: LabelledItem = {
    label: 'claim',
    Delete: { TableName: table(), Key: nameClaimKey(kykId, record.parent_id, record.type, record.name_key), ConditionExpression: 'item_id = :id', ExpressionAttributeValues: { ':id': id } },
  };
  try {
    if (record.type === 'file') {
      await transactWrite([
        { label: 'item', Delete: { TableName: table(), Key: itemKey(kykId, id), ConditionExpression: 'copy_job = :job', ExpressionAttributeValues: { ':job': jobId } } },
        claimRelease,
        usageRelease(kykId, record.size ?? 0),
        { label: 'versionRecord', Delete: { TableName: table(), Key: versionKey(kykId, id, record.version) } },
        ...gramDeletes(record),
        ...partnerDeletes(record),
        ...propertyUsageChanges(kykId, record.property_links, []),
      ]);
    } else {
      await transactWrite([
        { label: 'item', Update: { TableName: table(), Key: itemKey(kykId, id), UpdateExpression: 'SET purging = :yes REMOVE copy_job', ConditionExpression: 'copy_job = :job', ExpressionAttributeValues: { ':yes': true, ':job': jobId } } },
        claimRelease,
        purgeQueuePut(kykId, id),
      ]);
    }
  } catch (error) {
    if (error instanceof TransactionFailed && error.failed()) return undefined;
    throw error;
  }
  return record;
}
