import * as z from 'zod/mini';
import { trimmedText } from '../validation.ts';
import { normalizeInvoiceNumber, parseInvoiceNumber } from '../invoice-number.ts';
import { isAcceptedTransactionDate, TRANSACTION_DATE_MIN, transactionDateMax } from '../transaction-date.ts';

/**
 * The fields Japan's Electronic Bookkeeping Act adds to a file (docs/e-bookkeeping.md), shared by
 * registration, the detail correction, the item and its versions.
 */

/**
 * SPEC.md §4 document styles. The four legal styles (e-document, electronic bookkeeping, electronic
 * trading, scanner storage) are never removed before their retention ends: a change is a new
 * version with a reason, a deletion is logical and recorded.
 */
export const documentStyles = ['general', 'e_document', 'e_bookkeeping', 'e_trading', 'scanner'] as const;
export type DocumentStyle = (typeof documentStyles)[number];
export const isLegalDocumentStyle = (style: DocumentStyle | undefined): boolean => style !== undefined && style !== 'general';

/** Scanner storage: 重要書類 (contracts, invoices, receipts) or 一般書類 (quotes, orders); the law's colour rule differs. */
export const scannerGrades = ['important', 'general'] as const;
export type ScannerGrade = (typeof scannerGrades)[number];

/** The paper a scan was made from: the pixels it needs at 200 dpi when the image carries no real resolution. */
export const paperSizes = ['A3', 'A4', 'A5', 'B4', 'B5', 'letter'] as const;
export type PaperSize = (typeof paperSizes)[number];

/** A calendar date `YYYY-MM-DD` that exists. */
export const calendarDate = z.string('validation.invalidValue').check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalidValue'),
  z.refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'validation.invalidValue'),
);

/**
 * A transaction date (取引年月日), and a bound of a transaction-date range: a calendar date from
 * 1900-01-01 to today in Japan plus one year (shared/transaction-date.ts), judged when it is checked.
 */
export const transactionDate = calendarDate.check(z.superRefine((value, context) => {
  if (!isAcceptedTransactionDate(value)) {
    context.issues.push({ code: 'custom', message: 'validation.transactionDateRange', params: { min: TRANSACTION_DATE_MIN, max: transactionDateMax() }, input: value });
  }
}));

export const BOOKKEEPING_REASON_MAX = 300;
/** Why a bookkeeping document is corrected or deleted (通達 10-2: the record names the reason). */
export const bookkeepingReason = trimmedText(BOOKKEEPING_REASON_MAX);

/**
 * 適格請求書発行事業者登録番号: what users type (full-width, hyphens, a missing T) is normalised to
 * `T` and 13 digits, then the format and the check digit are checked (shared/invoice-number.ts).
 */
/** What is wrong with a normalised registration number, as the message key that says it. */
function invoiceNumberProblem(value: string): 'validation.invoiceNumberFormat' | 'validation.invoiceNumberCheckDigit' | undefined {
  const parsed = parseInvoiceNumber(value);
  return parsed.ok ? undefined : parsed.problem === 'format' ? 'validation.invoiceNumberFormat' : 'validation.invoiceNumberCheckDigit';
}

export const invoiceNumber = z.string('validation.invalidValue').check(
  z.overwrite(normalizeInvoiceNumber),
  z.superRefine((value, context) => {
    const problem = invoiceNumberProblem(value);
    if (problem) context.issues.push({ code: 'custom', message: problem, input: value });
  }),
);

/** A registration number, or empty for none (a setting that may be left unset). */
export const invoiceNumberOrEmpty = z.string('validation.invalidValue').check(
  z.overwrite((value) => (value.trim() === '' ? '' : normalizeInvoiceNumber(value))),
  z.superRefine((value, context) => {
    const problem = value === '' ? undefined : invoiceNumberProblem(value);
    if (problem) context.issues.push({ code: 'custom', message: problem, input: value });
  }),
);

/** The fields a registration or a correction may set, besides style, date, amount and partner. */
export const bookkeepingFields = {
  invoice_number: z.optional(invoiceNumber),
  /** Scanner storage: important (24-bit colour) or general (greyscale allowed). Default important. */
  scanner_grade: z.optional(z.enum(scannerGrades, 'validation.invalidValue')),
  /** Scanner storage: the paper the scan was made from (A4 by default). */
  paper_size: z.optional(z.enum(paperSizes, 'validation.invalidValue')),
  /** Scanner storage: the day the paper was received (the input deadline runs from it). */
  received_date: z.optional(calendarDate),
};

export const scannerFindings = ['dpi', 'pixels', 'ledger_bit', 'unknown_size', 'unreadable'] as const;
export type ScannerFinding = (typeof scannerFindings)[number];

/** The scanner-storage checks on one version's bytes, as stored and shown. */
export const scannerCheckResult = z.object({
  status: z.enum(['compliant', 'non_compliant', 'unknown_size', 'unreadable']),
  findings: z.array(z.enum(scannerFindings)),
  dpi: z.nullable(z.number()),
  width: z.nullable(z.number()),
  height: z.nullable(z.number()),
  colour: z.nullable(z.string()),
  checked_at: z.string(),
});
export type ScannerCheckResult = z.infer<typeof scannerCheckResult>;

/** What a file of a legal style shows besides its document fields. */
export const bookkeepingItemFields = {
  invoice_number: z.optional(z.string()),
  scanner_grade: z.optional(z.enum(scannerGrades)),
  paper_size: z.optional(z.enum(paperSizes)),
  received_date: z.optional(z.string()),
  /** Legal styles: kept at least until this day (YYYY-MM-DD); nobody deletes it for good before. */
  retention_until: z.optional(z.string()),
  /** Scanner storage registered after its input deadline (7 business days, or 2 months + 7 with a processing rule). */
  input_late: z.optional(z.boolean()),
  input_deadline: z.optional(z.string()),
  /** The scanner checks on the current version's bytes. */
  scanner_check: z.optional(scannerCheckResult),
};

/** A document's details at one point: what a version recorded, what a correction changed. */
export const documentSnapshot = z.object({
  name: z.string(),
  version: z.number(),
  document_style: z.enum(documentStyles),
  transaction_date: z.optional(z.string()),
  transaction_amount: z.optional(z.number()),
  recipient: z.optional(z.string()),
  provider: z.optional(z.string()),
  invoice_number: z.optional(z.string()),
  scanner_grade: z.optional(z.enum(scannerGrades)),
  paper_size: z.optional(z.enum(paperSizes)),
  received_date: z.optional(z.string()),
  /** Property item values by item number (docs/property-items.md). */
  properties: z.optional(z.record(z.string(), z.union([z.string(), z.number(), z.array(z.string())]))),
  size: z.optional(z.number()),
  sha256: z.optional(z.string()),
});
export type DocumentSnapshot = z.infer<typeof documentSnapshot>;
