import { readFieldNames, type ReadFieldName, type ReadSkipReason } from '#shared/schemas/read-fields.ts';
import { mergeReadings, readFieldsFrom, type FieldsReading } from './fields/read-fields.ts';
import { readDocument, type DocumentText } from './read-document.ts';
import type { ReadContext } from './text-lines.ts';

/**
 * A document's bookkeeping fields from its bytes: its text (./read-document.ts), the fields read in it
 * (./fields/read-fields.ts). A scan is read by OCR as sparse text first; when that leaves a field
 * unread, the page is read again by its layout and the two readings are merged, each a check on the
 * other (`mergeReadings`). Most pages are read once; the ones OCR found hard cost a second reading.
 */
export interface DocumentFields extends FieldsReading {
  text: DocumentText;
  /** OCR's readings of the pages: 1, or 2 when the first left a field unread. */
  readings: number;
}

/**
 * Whether a first reading leaves work for a second: the date or the total unread (every document has
 * both), or any field found but offered empty (doubted, or a check failed). A name or a number found
 * nowhere is not reason enough: a till receipt has no addressee, an unregistered issuer no number.
 */
const ESSENTIAL: ReadFieldName[] = ['transaction_date', 'transaction_amount'];
const complete = (reading: FieldsReading) =>
  ESSENTIAL.every((name) => reading.fields[name]?.value != null) && readFieldNames.every((name) => reading.fields[name]?.problem === undefined);

/** `contextOf` is asked only for a document with text to read (a type never read costs no settings lookup). */
export async function readDocumentFields(bytes: Uint8Array, options: { name: string }, contextOf: () => Promise<ReadContext>): Promise<DocumentFields | { skipped: ReadSkipReason }> {
  const text = await readDocument(bytes, options);
  if ('skipped' in text) return text;
  const context = await contextOf();
  const reading = readFieldsFrom(text.lines, context);
  if (text.method !== 'ocr' || complete(reading)) return { ...reading, text, readings: 1 };
  const again = await readDocument(bytes, { ...options, layout: 'layout' });
  if ('skipped' in again) return { ...reading, text, readings: 1 };
  return { ...mergeReadings(reading, readFieldsFrom(again.lines, context)), text: { ...text, ms: text.ms + again.ms }, readings: 2 };
}
