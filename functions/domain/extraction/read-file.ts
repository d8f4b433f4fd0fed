import type { Logger } from '#lib/logger.ts';
import { READ_BYTES_MAX, type ReadCheck, type ReadFieldsResult, type ReadFieldSet, type ReadSkipReason } from '#shared/schemas/read-fields.ts';
import { getItem, type ItemRecord } from '#data/drive-items.ts';
import type { CommonSettings } from '#shared/schemas/settings.ts';
import { getCommonSettings } from '#data/common-settings.ts';
import { getReadFields, recordReadFields } from '#data/read-fields.ts';
import { parseObjectKey, readObject } from '#lib/object-storage.ts';
import { tokyoDate } from '#domain/ebookkeeping/calendar-date.ts';
import { readDocumentFields } from './read-document-fields.ts';
import type { ReadContext } from './text-lines.ts';
import { checkInvoiceRegistry, invoiceRegistryApplicationId } from './invoice-registry.ts';

/**
 * Fields read from a version's bytes when they arrive (docs/e-bookkeeping.md "Fields read from the
 * document"): the extraction function runs this for every object created under `t/`, after the
 * storage event confirmed the version. The reading is stored apart from the document's fields
 * (functions/data/read-fields.ts); a file whose read fields would fill empty ones is marked as
 * waiting for confirmation ("Needs attention"). The file is ready long before: nothing here holds
 * its upload up, and a failure leaves it as it was.
 */

/** Thrown for bytes whose version the storage event has not confirmed yet: the event is delivered again. */
export class VersionNotConfirmed extends Error {
  constructor(key: string) {
    super(`the version of ${key} is not confirmed yet`);
    this.name = 'VersionNotConfirmed';
  }
}

/** The fields a reading fills that the file has empty. */
export function fieldsToConfirm(item: Pick<ItemRecord, 'transaction_date' | 'transaction_amount' | 'provider' | 'recipient' | 'invoice_number'>, fields: ReadFieldSet): string[] {
  return (Object.entries(fields) as [keyof ReadFieldSet, ReadFieldSet[keyof ReadFieldSet]][])
    .filter(([name, field]) => field?.value !== null && field?.value !== undefined && item[name] === undefined)
    .map(([name]) => name);
}

/**
 * Whether a reading is worth a person's confirmation: it found what makes a document a transaction
 * (its amount or its invoice number, not only a date any document has) and would fill empty fields.
 */
export const awaitsConfirmation = (item: ItemRecord, fields: ReadFieldSet): boolean =>
  (fields.transaction_amount?.value != null || fields.invoice_number?.value != null) && fieldsToConfirm(item, fields).length > 0;

const skipped = (version: number, reason: ReadSkipReason, started: number): ReadFieldsResult => ({
  version, status: 'skipped', reason, fields: {}, checks: [], read_at: new Date().toISOString(), ms: Math.round(performance.now() - started),
});

/** The registry's answer folded into the checks: shown as checked only when the agency answered. */
function withRegistry(checks: ReadCheck[], status: 'registered' | 'not_registered' | 'not_checked'): ReadCheck[] {
  const result = status === 'registered' ? 'ok' : status === 'not_registered' ? 'failed' : 'not_checked';
  return [...checks.filter((check) => check.check !== 'registry'), { check: 'registry', result }];
}

/** What the parsers need of the contract: today in Japan, and its own name and registration number. */
function readContextOf(settings: CommonSettings): ReadContext {
  const own = { ...(settings.own_company_name ? { name: settings.own_company_name } : {}), ...(settings.own_invoice_number ? { invoiceNumber: settings.own_invoice_number } : {}) };
  return { today: tokyoDate(new Date()), own };
}

/** Reads the fields of the bytes under `key` once; keys outside the drive's layout are ignored. */
export async function readFileFields(key: string, log: Pick<Logger, 'info' | 'warn'>): Promise<ReadFieldsResult | undefined> {
  const parsed = parseObjectKey(key);
  if (!parsed) return undefined;
  const item = await getItem(parsed.kykId, parsed.itemId);
  if (item?.type !== 'file' || item.trashed_date || item.purging) return undefined;
  // Both functions run on the same event: these bytes may be waiting for storage-events still.
  if (item.status === 'pending' || item.pending_version?.s3_key === key) throw new VersionNotConfirmed(key);
  // Bytes no longer the file's (a redelivery after newer bytes arrived), or already read. A
  // correction of the details moves the version on over the same bytes: those are still read once.
  if (item.s3_key !== key) return undefined;
  const stored = await getReadFields(parsed.kykId, parsed.itemId);
  if (stored && stored.version >= parsed.version) return undefined;

  const started = performance.now();
  let result: ReadFieldsResult;
  // The file holds these bytes (s3_key above): its size is theirs, as the storage event confirmed it.
  if ((item.size ?? 0) > READ_BYTES_MAX) {
    result = skipped(parsed.version, 'too_large', started);
  } else {
    // The contract's settings are read once, and only for a document with text to read.
    let settingsRead: Promise<CommonSettings> | undefined;
    const settingsOf = () => (settingsRead ??= getCommonSettings(parsed.kykId).then(({ settings }) => settings));
    const read = await readDocumentFields(await readObject(key), { name: item.name }, async () => readContextOf(await settingsOf()));
    // A type that is never read (text, Office, archives) leaves no reading: there is nothing to say about it.
    if ('skipped' in read && read.skipped === 'unsupported') return undefined;
    if ('skipped' in read) {
      result = skipped(parsed.version, read.skipped, started);
    } else {
      const { text } = read;
      const settings = await settingsOf();
      let checks = read.checks;
      let registry: ReadFieldsResult['registry'];
      const number = read.fields.invoice_number?.value;
      if (settings.invoice_registry_check === 1 && typeof number === 'string') {
        const on = typeof read.fields.transaction_date?.value === 'string' ? read.fields.transaction_date.value : tokyoDate(new Date());
        registry = await checkInvoiceRegistry(number, on, { applicationId: await invoiceRegistryApplicationId(log), kykId: parsed.kykId, log });
        checks = withRegistry(checks, registry.status);
      }
      result = {
        version: parsed.version, status: 'read', method: text.method, pages_read: text.pagesRead, pages: text.pages,
        own_document: read.own_document, fields: read.fields, checks, ...(registry ? { registry } : {}),
        read_at: new Date().toISOString(), ms: Math.round(performance.now() - started),
      };
    }
  }
  const recorded = await recordReadFields(item, result, result.status === 'read' && awaitsConfirmation(item, result.fields));
  log.info('fields read', {
    kyk: parsed.kykId, item: parsed.itemId, version: parsed.version, status: result.status, reason: result.reason, method: result.method,
    found: Object.entries(result.fields).filter(([, field]) => field?.value != null).map(([name]) => name), ms: result.ms, recorded,
  });
  return result;
}
