import * as z from 'zod/mini';
import { BOOKKEEPING_REASON_MAX, bookkeepingFields, bookkeepingReason, calendarDate, documentSnapshot, documentStyles, invoiceNumber, transactionDate } from './bookkeeping-fields.ts';
import { TRANSACTION_AMOUNT_MAX } from '../drive-limits.ts';
import { cursor, DEFAULT_PAGE_SIZE, flag, itemId, pageSize, trimmedText } from '../validation.ts';
import { userId } from './users.ts';
import { driveItem } from './drive.ts';
import { csvEncodings } from './imports.ts';
import { propertyValuesUpdate } from './property-items.ts';
import { readFieldNames } from './read-fields.ts';

/**
 * The calls of Japan's Electronic Bookkeeping Act (docs/e-bookkeeping.md): correcting a document's
 * details, the correction and deletion history, the late scanner registrations and the tax-office
 * export (ダウンロードの求め).
 */
export { BOOKKEEPING_REASON_MAX };

const rowVersion = z.number('validation.required').check(z.int('validation.invalidValue'), z.gte(1, 'validation.invalidValue'));
const amount = z.number('validation.invalidValue').check(z.int('validation.invalidValue'), z.gte(0, 'validation.invalidValue'), z.lte(TRANSACTION_AMOUNT_MAX, 'validation.invalidValue'));

/**
 * `com_drive/file_detail_upd_btn`: a file's document details. A field not sent keeps its value;
 * `null` clears it. For a document of a legal style (before or after) the change is a new version
 * with the same bytes and needs `reason`; for a general file it is a plain update.
 */
export const fileDetailUpdateRequest = z.strictObject({
  id: itemId,
  row_version: rowVersion,
  document_style: z.optional(z.enum(documentStyles, 'validation.invalidValue')),
  transaction_date: z.optional(z.nullable(transactionDate)),
  transaction_amount: z.optional(z.nullable(amount)),
  recipient: z.optional(z.nullable(trimmedText(100))),
  provider: z.optional(z.nullable(trimmedText(100))),
  invoice_number: z.optional(z.nullable(invoiceNumber)),
  scanner_grade: bookkeepingFields.scanner_grade,
  paper_size: bookkeepingFields.paper_size,
  received_date: z.optional(z.nullable(calendarDate)),
  /** Property item values by item number: those sent replace, `null` clears; the required items in use must stay filled. */
  properties: z.optional(propertyValuesUpdate),
  reason: z.optional(bookkeepingReason),
  /**
   * 1: the caller confirms a correction that keeps the document more than a year longer than its
   * retention end now (without it the server answers -4 on this field, naming the new end).
   */
  confirm_retention: z.optional(flag),
  /**
   * The fields whose values the caller took from the reading of the file's bytes (com_drive/read_fields).
   * Saved into fields that were empty, they are a confirmation of the details, which needs no reason
   * and is recorded with each value's source; a value changed after it was offered is the caller's own.
   */
  confirmed_read: z.optional(z.array(z.enum(readFieldNames, 'validation.invalidValue'), 'validation.invalidValue').check(z.maxLength(readFieldNames.length, 'validation.invalidValue'))),
});
export type FileDetailUpdateRequest = z.input<typeof fileDetailUpdateRequest>;

/** `acceptance`: a received file accepted by a member, who applied its source's document style (docs/drive.md "Receiving documents"). */
export const correctionKinds = ['registration', 'confirmation', 'correction', 'acceptance', 'deletion', 'restore', 'purge'] as const;
export type CorrectionKind = (typeof correctionKinds)[number];

/** One record of the history: who changed which document when, why, and what it was before and after. */
export const correctionRecordView = z.object({
  correction_id: z.string(),
  item_id: z.string(),
  item_name: z.string(),
  kind: z.enum(correctionKinds),
  date: z.string(),
  user_id: z.string(),
  /** Absent for a registration and for the system's own steps (a purge's rescue). */
  reason: z.nullable(z.string()),
  before: z.nullable(documentSnapshot),
  after: z.nullable(documentSnapshot),
  retention_until: z.optional(z.string()),
  /** A confirmation: where each value came from (the line of the document it was read from, and how sure the reading was). */
  sources: z.optional(z.array(z.object({ field: z.enum(readFieldNames), source: z.string(), confidence: z.number() }))),
});
export type CorrectionRecordView = z.infer<typeof correctionRecordView>;

const dateRange = z.superRefine((value: { date_from: string; date_to: string }, context) => {
  if (value.date_to < value.date_from) context.issues.push({ code: 'custom', path: ['date_to'], message: 'validation.dateRangeReversed', input: value });
});

/** `com_drive/correction_history`: the contract's history in a date range (Japan days), or one document's whole history. */
export const correctionHistoryRequest = z.strictObject({
  date_from: calendarDate,
  date_to: calendarDate,
  user_id: z.optional(userId),
  kinds: z.optional(z.array(z.enum(correctionKinds, 'validation.invalidValue'), 'validation.invalidValue').check(z.maxLength(correctionKinds.length, 'validation.invalidValue'))),
  page_size: z._default(pageSize, DEFAULT_PAGE_SIZE),
  cursor: z.optional(cursor),
}).check(dateRange);
export type CorrectionHistoryRequest = z.input<typeof correctionHistoryRequest>;
export const correctionHistoryResponse = z.object({
  records: z.array(z.extend(correctionRecordView, { user_nm: z.string() })),
  next_cursor: z.nullable(z.string()),
});
export type CorrectionHistoryResponse = z.infer<typeof correctionHistoryResponse>;

export const documentHistoryRequest = z.strictObject({ id: itemId });
export const documentHistoryResponse = z.object({
  records: z.array(z.extend(correctionRecordView, { user_nm: z.string() })),
});
export type DocumentHistoryResponse = z.infer<typeof documentHistoryResponse>;


/** `com_drive/tax_export_btn`: every bookkeeping document with a transaction date in the range, as a CSV built in the background. */
export const taxExportRequest = z.strictObject({
  date_from: transactionDate,
  date_to: transactionDate,
  /** UTF-8 (written with a BOM, so Excel reads it) or Shift_JIS (CP932), as the other exports. */
  encoding: z._default(z.enum(csvEncodings, 'validation.invalidValue'), 'utf-8'),
  /** 1: documents deleted logically (in the trash) too. Default 1: a tax office asks for everything kept. */
  include_deleted: z._default(z.union([z.literal(0), z.literal(1)], 'validation.invalidValue'), 1),
}).check(dateRange);
export type TaxExportRequest = z.input<typeof taxExportRequest>;

/** `com_drive/scanner_late_list`: scanner-storage files registered after their input deadline, newest registration first. */
export const lateScansRequest = z.strictObject({
  page_size: z._default(pageSize, DEFAULT_PAGE_SIZE),
  cursor: z.optional(cursor),
});
export const lateScansResponse = z.object({
  items: z.array(driveItem),
  next_cursor: z.nullable(z.string()),
});
export type LateScansResponse = z.infer<typeof lateScansResponse>;
