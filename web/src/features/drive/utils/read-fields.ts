import type { FileDetailUpdateRequest } from '@shared/schemas/bookkeeping.ts';
import type { DocumentStyle } from '@shared/schemas/bookkeeping-fields.ts';
import { normalizeInvoiceNumber } from '@shared/invoice-number.ts';
import { readFieldNames, type ReadField, type ReadFieldName, type ReadFieldSet, type ReadProblem } from '@shared/schemas/read-fields.ts';
import { formatCalendarDate, formatYen, type DisplayLanguage } from '@/lib/format.ts';
import { amountOf } from './file-details.ts';
import { fileExtension, fileKind } from './file-kind.ts';

/**
 * Read values offered beside the details fields (docs/e-bookkeeping.md "Fields read from the
 * document"): what each field is offered, which fields the user took from the reading, and whether
 * a save is a confirmation of read values (no reason asked) or the user's own change.
 */

/** Whether the server reads a file's fields: PDFs and images, as the drive knows them by name and type (SVG is markup, never read). */
export const isReadKind = (file: { name: string; type?: string }): boolean => {
  const kind = fileKind({ type: 'file', name: file.name, content_type: file.type ?? null });
  return kind === 'pdf' || (kind === 'image' && fileExtension(file.name) !== 'svg');
};

/** The five read fields as a details form holds them: text as typed (the date YYYY-MM-DD, the amount's digits). */
export type ReadFieldValues = Record<ReadFieldName, string>;

/** Below this confidence an offered value says to check it against the document. */
export const UNSURE_BELOW = 0.8;

/** A read value as the form field takes it, or undefined when the field was offered empty. */
export function formValueOf(read: ReadField | undefined): string | undefined {
  if (!read || read.value === null) return undefined;
  return String(read.value);
}

/**
 * Whether the field holds the read value, compared as the server compares the saved value with the
 * reading's: the amount as its number, the registration number normalised, text without outer spaces.
 */
export function holdsReadValue(field: ReadFieldName, typed: string, read: ReadField | undefined): boolean {
  if (!read || read.value === null || typed.trim() === '') return false;
  if (field === 'transaction_amount') return amountOf(typed) === read.value;
  if (field === 'invoice_number') return normalizeInvoiceNumber(typed) === read.value;
  return typed.trim() === String(read.value);
}

/** What one field shows of the reading. */
export type FieldOffer =
  /** A value to use: the field is empty or holds another one. */
  | { kind: 'offer'; value: string; read: ReadField }
  /** The field holds the value read and the user took it from the reading. */
  | { kind: 'taken'; read: ReadField }
  /** The field holds the value read, saved or typed before (nothing to do). */
  | { kind: 'matches'; read: ReadField }
  /** Text was found but a check failed: the field is offered empty, with the reason. */
  | { kind: 'problem'; problem: ReadProblem; read: ReadField };

export function offerFor(field: ReadFieldName, typed: string, read: ReadField | undefined, taken: ReadonlySet<ReadFieldName>): FieldOffer | undefined {
  if (!read) return undefined;
  const value = formValueOf(read);
  if (value === undefined) return read.problem ? { kind: 'problem', problem: read.problem, read } : undefined;
  if (!holdsReadValue(field, typed, read)) return { kind: 'offer', value, read };
  return taken.has(field) ? { kind: 'taken', read } : { kind: 'matches', read };
}

/** The fields "Use all read values" fills: each empty one the reading has a value for (a value already there, stored or typed, stays). */
export function fillableFields(values: ReadFieldValues, fields: ReadFieldSet): ReadFieldName[] {
  return readFieldNames.filter((field) => values[field].trim() === '' && formValueOf(fields[field]) !== undefined);
}

/**
 * `confirmed_read` of the save: exactly the fields the user took from the reading ("Use") whose
 * value is still the read one (typing over a suggestion makes the value the user's own).
 */
export function confirmedReadFields(taken: ReadonlySet<ReadFieldName>, values: ReadFieldValues, fields: ReadFieldSet): ReadFieldName[] {
  return readFieldNames.filter((field) => taken.has(field) && holdsReadValue(field, values[field], fields[field]));
}

const NOT_CHANGES = new Set(['id', 'row_version', 'reason', 'confirm_retention', 'confirmed_read']);

/**
 * Whether the save only confirms read values, as the server judges it (functions/drive/correct-details.ts):
 * every field it changes was empty and takes the value read and named in `confirmed`; besides them
 * only a general file's first document style. Such a save needs no reason, even for a bookkeeping document.
 */
export function isConfirmation(
  file: Partial<Record<ReadFieldName, unknown>> & { document_style?: DocumentStyle | undefined },
  body: FileDetailUpdateRequest,
  confirmed: readonly ReadFieldName[],
): boolean {
  const changed = Object.keys(body).filter((key) => !NOT_CHANGES.has(key));
  if (confirmed.length === 0 || changed.length === 0) return false;
  return changed.every((key) => {
    if (key === 'document_style') return (file.document_style ?? 'general') === 'general';
    const field = key as ReadFieldName;
    return confirmed.includes(field) && file[field] === undefined && body[field] !== null && body[field] !== undefined;
  });
}

/** How sure the reading was, in whole percent (the history and the suggestions' details say it so). */
export const confidencePercent = (confidence: number): number => Math.round(Math.min(1, Math.max(0, confidence)) * 100);

/** A read value as the user reads it: the date and the amount in the language's way, the rest as read. */
export function readValueText(field: ReadFieldName, value: string, language: DisplayLanguage): string {
  if (field === 'transaction_date') return formatCalendarDate(value, language);
  if (field === 'transaction_amount') return formatYen(Number(value), language);
  return value;
}
