import { nowIso } from '#lib/data/table.ts';
import { DomainError } from '#lib/errors.ts';
import type { Operation } from '#lib/api-handler.ts';
import { mayChangeItem } from '#domain/access.ts';
import { reachableItem, itemNotFound } from '#domain/drive/reach.ts';
import { viewerOf } from '#domain/drive/folder-access.ts';
import { noteRecent } from '#domain/drive/recent.ts';
import { extendLocks, inputTiming, isBookkeepingChange, refuseFutureReceipt, refuseUnconfirmedLengthening, requireReason, retentionFor } from '#domain/drive/bookkeeping.ts';
import { getCommonSettings } from '#data/common-settings.ts';
import { ItemChangedError, toDriveItem, type DocumentFields, type ItemRecord } from '#data/drive-items.ts';
import { allVersions, correctDetails, hasLivePendingVersion } from '#data/file-versions.ts';
import { listPropertyItems } from '#data/property-items.ts';
import { currentReading, type Confirmation } from '#data/read-fields.ts';
import { readFieldNames, type ReadFieldName } from '#shared/schemas/read-fields.ts';
import { checkPropertyValues } from '#domain/property-values.ts';

/** Values compared whatever order their keys came back in. */
const canonical = (values: Record<string, unknown>): string => JSON.stringify(Object.entries(values).sort(([a], [b]) => a.localeCompare(b)));

const CLEARABLE = ['transaction_date', 'transaction_amount', 'recipient', 'provider', 'invoice_number', 'received_date'] as const;
const SETTABLE = [...CLEARABLE, 'document_style', 'scanner_grade', 'paper_size'] as const;

/**
 * Whether a save confirms read values (docs/e-bookkeeping.md "Fields read from the document"): every
 * field it changes was empty and takes the value the reading of the current bytes offered, named in
 * `confirmed_read`; besides them only a general file's first style may be set. Anything else (a
 * value typed over the suggestion, a field already filled, a cleared one) is a correction as ever.
 */
async function confirmationOf(item: ItemRecord, set: DocumentFields, clear: (keyof DocumentFields)[], named: readonly ReadFieldName[]): Promise<Confirmation | undefined> {
  if (clear.length) return undefined;
  const reading = await currentReading(item);
  if (!reading) return undefined;
  const sources: Confirmation['sources'] = [];
  for (const field of Object.keys(set) as (keyof DocumentFields)[]) {
    if (field === 'document_style' && (item.document_style ?? 'general') === 'general') continue;
    const read = (readFieldNames as readonly string[]).includes(field) ? reading.fields[field as ReadFieldName] : undefined;
    if (!read || !named.includes(field as ReadFieldName) || item[field] !== undefined || read.value !== set[field]) return undefined;
    sources.push({ field: field as ReadFieldName, source: read.source, confidence: read.confidence });
  }
  return sources.length ? { version: reading.version, sources } : undefined;
}

/**
 * Changes a file's document details (docs/e-bookkeeping.md "Corrections"). A bookkeeping document
 * (a legal style before or after, or still retained) gets a new version over the same bytes, with
 * the mandatory reason and what it was before in its correction history; the versions before stay
 * as they were, and only the newest is ever changed. A general file's details change in place.
 * The registration time is the server's and is not a field here: nobody can change it.
 */
export const correctFileDetails: Operation<'com_drive/file_detail_upd_btn'> = async ({ caller, input, log }) => {
  const item = await reachableItem(viewerOf(caller), input.id);
  if (item?.type !== 'file') throw itemNotFound();
  if (!mayChangeItem(caller.rights, caller.userId, item)) throw new DomainError('permissionError');
  if (item.status !== 'ready' || hasLivePendingVersion(item)) throw new DomainError('updateFailure', {}, {}, 'notice.fileUploading');
  if (item.row_version !== input.row_version) throw new DomainError('editedByAnotherUser');

  const set: DocumentFields = {};
  const clear: (keyof DocumentFields)[] = [];
  for (const field of SETTABLE) {
    const value = input[field];
    if (value === undefined || value === item[field]) continue;
    if (value === null) {
      if (item[field] !== undefined) clear.push(field);
    } else Object.assign(set, { [field]: value });
  }
  if (input.properties !== undefined) {
    // The values sent replace those of their items; the others in use are checked as they are (docs/property-items.md).
    const checked = checkPropertyValues(await listPropertyItems(caller.kykId), input.properties, item.properties ?? {});
    if (canonical(checked.properties) !== canonical(item.properties ?? {})) {
      if (Object.keys(checked.properties).length) set.properties = checked.properties;
      else if (item.properties !== undefined) clear.push('properties');
      if (checked.links.length) set.property_links = checked.links;
      else if (item.property_links !== undefined) clear.push('property_links');
    }
  }
  if (!Object.keys(set).length && !clear.length) return { item: toDriveItem(item) };

  const after: ItemRecord = { ...item, ...set };
  for (const field of clear) delete after[field];
  refuseFutureReceipt(set.received_date);
  const versioned = isBookkeepingChange(item, after);
  const confirmation = input.confirmed_read?.length ? await confirmationOf(item, set, clear, input.confirmed_read) : undefined;
  // A confirmation of read values needs no reason; a reason given is kept with it.
  const reason = versioned ? (confirmation ? (input.reason ?? null) : requireReason(input.reason)) : null;

  // The retention only ever grows (a date moved back, or a style corrected to general, frees nothing early).
  const { settings } = await getCommonSettings(caller.kykId);
  const retention = retentionFor(after, settings);
  if (retention && retention !== item.retention_until) set.retention_until = retention;
  refuseUnconfirmedLengthening(item.retention_until, set.retention_until, input.confirm_retention === 1);
  const timing = inputTiming(after, settings);
  if (timing && after.received_date !== item.received_date) Object.assign(set, { input_deadline: timing.input_deadline, input_late: timing.input_late || item.input_late === true });

  try {
    const corrected = await correctDetails(item, { set, clear, userId: caller.userId, date: nowIso(), reason, versioned, expectedVersion: input.row_version, ...(confirmation ? { confirmation } : {}) });
    await noteRecent(corrected, caller.userId, 'change', log);
    if (set.retention_until) await extendLocks((await allVersions(caller.kykId, item.id)).map((version) => version.s3_key), set.retention_until);
    return { item: toDriveItem(corrected) };
  } catch (error) {
    if (error instanceof ItemChangedError) throw (await reachableItem(viewerOf(caller), item.id)) ? new DomainError('editedByAnotherUser') : itemNotFound();
    throw error;
  }
};
