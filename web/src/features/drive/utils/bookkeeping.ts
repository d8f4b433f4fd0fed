import type { TFunction } from 'i18next';
import { isLegalDocumentStyle, type DocumentSnapshot, type DocumentStyle, type PaperSize, type ScannerCheckResult, type ScannerGrade } from '@shared/schemas/bookkeeping-fields.ts';
import { storedScannerCheckMessages } from '@shared/scanner-check-messages.ts';
import { formatBytes, formatCalendarDate, formatYen, type DisplayLanguage } from '@/lib/format.ts';

/**
 * A bookkeeping document (docs/e-bookkeeping.md): a file of a legal style, or one still kept (it
 * carries a retention date). Its corrections and deletions need a reason and are recorded.
 */
export const isBookkeepingDocument = (item: { type?: string; document_style?: DocumentStyle | undefined; retention_until?: string | undefined }): boolean =>
  item.type !== 'folder' && (isLegalDocumentStyle(item.document_style) || !!item.retention_until);

/** Today as a calendar day in Japan (YYYY-MM-DD): the server's days are Japan days. */
export function japanToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
}

/** The first and last day of the month of `day` (YYYY-MM-DD). */
export function monthOf(day: string): { from: string; to: string } {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const prefix = `${year}-${String(month).padStart(2, '0')}`;
  return { from: `${prefix}-01`, to: `${prefix}-${String(last).padStart(2, '0')}` };
}

/** The snapshot fields a before → after comparison shows, in reading order. */
export const snapshotFields = [
  'name',
  'document_style',
  'transaction_date',
  'transaction_amount',
  'recipient',
  'provider',
  'invoice_number',
  'scanner_grade',
  'paper_size',
  'received_date',
  'size',
  'sha256',
] as const satisfies readonly (keyof DocumentSnapshot)[];
export type SnapshotField = (typeof snapshotFields)[number];

export interface FieldChange {
  field: SnapshotField;
  before: DocumentSnapshot[SnapshotField];
  after: DocumentSnapshot[SnapshotField];
}

/** The fields that differ between two snapshots (only those; the version is shown on its own). */
export function snapshotChanges(before: DocumentSnapshot | null | undefined, after: DocumentSnapshot | null | undefined): FieldChange[] {
  if (!before || !after) return [];
  return snapshotFields.flatMap((field) => (before[field] === after[field] ? [] : [{ field, before: before[field], after: after[field] }]));
}

/** One snapshot value as the user reads it. */
export function snapshotValue(field: SnapshotField, value: DocumentSnapshot[SnapshotField], t: TFunction, language: DisplayLanguage): string {
  if (value === undefined || value === null || value === '') return t('bookkeeping.corrections.empty_value');
  switch (field) {
    case 'document_style':
      return t(`versions.documentStyles.${value as DocumentStyle}`);
    case 'transaction_date':
    case 'received_date':
      return formatCalendarDate(String(value), language);
    case 'transaction_amount':
      return formatYen(Number(value), language);
    case 'scanner_grade':
      return t(`bookkeeping.fields.grades.${value as ScannerGrade}`);
    case 'paper_size':
      return t(`bookkeeping.fields.paperSizes.${value as PaperSize}`);
    case 'size':
      return formatBytes(Number(value));
    case 'sha256':
      return shortHash(String(value));
    default:
      return String(value);
  }
}

/** A SHA-256 shortened for a table cell: its first 12 hex digits (the full one on hover and copy). */
export const shortHash = (hash: string): string => (hash.length > 16 ? `${hash.slice(0, 12)}…` : hash);

/** The scanner check's messages from the catalogue (section `scannerCheck`), in the UI's language. */
export function scannerCheckTexts(
  check: Pick<ScannerCheckResult, 'status' | 'findings' | 'dpi' | 'width' | 'height' | 'colour'>,
  file: { scanner_grade?: ScannerGrade | undefined; paper_size?: PaperSize | undefined },
  t: TFunction,
): string[] {
  return storedScannerCheckMessages(check, { grade: file.scanner_grade, paperSize: file.paper_size }).map(({ key, params, colourKey }) =>
    t(key, colourKey ? { ...params, colour: t(colourKey) } : params),
  );
}
