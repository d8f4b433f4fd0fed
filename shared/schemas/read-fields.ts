import * as z from 'zod/mini';
import { itemId } from '../validation.ts';

/**
 * Bookkeeping fields read from a document's own content (issue 29; docs/e-bookkeeping.md "Fields
 * read from the document"): the extraction function reads a version's bytes (a PDF's text layer,
 * or OCR of an image or a scanned PDF) and stores what it found apart from the document's fields.
 * Read values are suggestions: never searched, never in the tax export or the correction history,
 * until a person saves them into the fields.
 */

/** The document fields a reading may suggest. */
export const readFieldNames = ['transaction_date', 'transaction_amount', 'provider', 'recipient', 'invoice_number'] as const;
export type ReadFieldName = (typeof readFieldNames)[number];

/**
 * Why a field is offered empty although text for it was found (the check that failed is shown with it):
 * - `date_future`: the date lies after today in Japan;
 * - `date_range`: outside the transaction dates the drive accepts (shared/transaction-date.ts);
 * - `date_ambiguous`: several unlabelled dates and none marked as the document's;
 * - `amount_sum`: 小計 + 消費税 ≠ 合計 where all three were read;
 * - `amount_tax`: a tax line does not match its rate's base (10% / 8%);
 * - `amount_ambiguous`: several totals and none marked as this document's;
 * - `invoice_check_digit`: T + 13 digits whose check digit is wrong (a misread digit);
 * - `low_confidence`: the OCR was too unsure of the characters.
 */
export const readProblems = [
  'date_future', 'date_range', 'date_ambiguous', 'amount_sum', 'amount_tax', 'amount_ambiguous', 'invoice_check_digit', 'low_confidence',
] as const;
export type ReadProblem = (typeof readProblems)[number];

/** Where on a page the source text is: fractions of the page's width and height (0 to 1), top left origin. */
export const readRegion = z.object({ page: z.number(), x: z.number(), y: z.number(), width: z.number(), height: z.number() });
export type ReadRegion = z.infer<typeof readRegion>;

/** One field as read: its value (null: offered empty, with the problem), how sure, and the text it came from. */
export const readField = z.object({
  value: z.nullable(z.union([z.string(), z.number()])),
  /** 0 to 1: the parser's certainty times, for OCR, the characters' confidence. */
  confidence: z.number(),
  /** The line of text the value was read from, as read. */
  source: z.string(),
  region: z.optional(readRegion),
  problem: z.optional(z.enum(readProblems)),
});
export type ReadField = z.infer<typeof readField>;

/** The cross-checks run on what was read, shown beside the fields whatever their result. */
export const readCheckNames = ['sum', 'tax_rates', 'date_future', 'date_range', 'check_digit', 'registry'] as const;
export type ReadCheckName = (typeof readCheckNames)[number];
export const readCheck = z.object({
  check: z.enum(readCheckNames),
  result: z.enum(['ok', 'failed', 'not_checked']),
});
export type ReadCheck = z.infer<typeof readCheck>;

/**
 * The National Tax Agency's answer for the invoice number (適格請求書発行事業者公表システム), when the
 * contract has the check on: registered on the transaction date (and under what name), not, or not
 * checked (no answer in time, or no application ID): never "not registered" for a timeout.
 */
export const registryAnswer = z.object({
  status: z.enum(['registered', 'not_registered', 'not_checked']),
  name: z.optional(z.string()),
  /** The day the answer is about (the transaction date read, or the reading's day). */
  on: z.string(),
});
export type RegistryAnswer = z.infer<typeof registryAnswer>;

/** Why a version was not read: over 20 MB, a type with no text to read, bytes that could not be decoded, no text found. */
export const readSkipReasons = ['too_large', 'unsupported', 'unreadable', 'no_text'] as const;
export type ReadSkipReason = (typeof readSkipReasons)[number];

/** A version's reading as stored and shown. */
export const readFieldsResult = z.object({
  version: z.number(),
  status: z.enum(['read', 'skipped']),
  reason: z.optional(z.enum(readSkipReasons)),
  /** How the text was had: a PDF's text layer, or OCR. */
  method: z.optional(z.enum(['text', 'ocr'])),
  /** Pages read (at most READ_PAGES_MAX) and the document's page count. */
  pages_read: z.optional(z.number()),
  pages: z.optional(z.number()),
  /** The contract issued this document itself (its name or T-number as issuer): provider and recipient swap. */
  own_document: z.optional(z.boolean()),
  fields: z.object({
    transaction_date: z.optional(readField),
    transaction_amount: z.optional(readField),
    provider: z.optional(readField),
    recipient: z.optional(readField),
    invoice_number: z.optional(readField),
  }),
  checks: z.array(readCheck),
  registry: z.optional(registryAnswer),
  read_at: z.string(),
  /** Milliseconds the reading took (the bench reads them too). */
  ms: z.number(),
});
export type ReadFieldsResult = z.infer<typeof readFieldsResult>;
export type ReadFieldSet = ReadFieldsResult['fields'];

/** Pages read of a document, from the first; larger files are not read at all. */
export const READ_PAGES_MAX = 3;
export const READ_BYTES_MAX = 20 * 1024 * 1024;

export const readFieldsRequest = z.strictObject({ id: itemId });
export const readFieldsResponse = z.object({
  /** The reading of the file's current bytes; null: none (yet). */
  reading: z.nullable(readFieldsResult),
  /** The current bytes are of a type that is read, and their reading has not arrived yet: ask again. */
  pending: z.boolean(),
});
export type ReadFieldsResponse = z.infer<typeof readFieldsResponse>;
