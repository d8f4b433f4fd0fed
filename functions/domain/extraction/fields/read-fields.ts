import { readCheckNames, readFieldNames, type ReadCheck, type ReadField, type ReadFieldName, type ReadFieldSet } from '#shared/schemas/read-fields.ts';
import type { ReadContext, TextLine } from '../text-lines.ts';
import { readDocumentTotal } from './amounts.ts';
import { readDocumentDate } from './dates.ts';
import { readInvoiceNumber } from './invoice-numbers.ts';
import { parseLines, type CheckResults, type Finding } from './parsed-lines.ts';
import { readParties } from './parties.ts';
import { charactersConfidence } from './value-confidence.ts';

/**
 * The bookkeeping fields read from a document's lines (issue 29): each parser's finding, its
 * certainty times the OCR's confidence in the line, and the checks run on them.
 */

/**
 * Below this confidence a value is offered empty (`low_confidence`). A wrong value costs more than
 * a miss — the goal is at most 1% wrong — so the bar sits where a labelled value on a line OCR is
 * fairly sure of passes (0.9 × 0.6) and an unlabelled date or a shop name guessed from a receipt's
 * top fails as soon as OCR hesitates (0.7 × 0.7 = 0.49).
 */
export const READ_CONFIDENCE_MIN = 0.5;

/**
 * The OCR confidence a line needs as well, for a value no check confirms digit for digit: a date, a
 * total without a 小計 + 消費税 that adds up to it, a name whose characters cannot be found in the
 * line as read (NAME_CHARACTERS_MIN is the rule for the rest). For these the line's own confidence
 * is all there is. On the tune layouts' scans (tests/support/invoice-corpus) names came out misread
 * at line confidences of 0.75–0.81 and right from 0.88 up.
 */
export const OCR_LINE_MIN_UNCONFIRMED: Record<ReadFieldName, number> = {
  provider: 0.85, recipient: 0.85, transaction_date: 0.7, transaction_amount: 0.7, invoice_number: 0.7,
};

/**
 * The confidence of its least sure character a name needs (./value-confidence.ts). Nothing tells
 * 太平 from OCR's 大平 but OCR's doubt about that character: on the tune layouts' scans names read
 * right had every character at 0.92 or more (most at 0.97), and each misread one a character at
 * 0.90 or less, on lines of any confidence.
 */
export const NAME_CHARACTERS_MIN = 0.92;

/**
 * The OCR confidence a line needs when printed figures confirm its value digit for digit — a total
 * by a 小計 + 消費税 that adds up, a qualified invoice number by its check digit: only that it is
 * text and not noise. The check catches a misread digit far more surely than tesseract's own doubt
 * about the line, which it rates low for a label it half read (登録番号, 金額 at 0.0–0.6), a ¥ read
 * as a backslash or a comma as a point, all of which the parsers read through. (The check digit
 * lets through one misreading only: a 0 read as 9, or a 9 as 0.)
 */
export const OCR_LINE_MIN_CONFIRMED = 0.3;

const NAME_FIELDS: ReadonlySet<ReadFieldName> = new Set(['provider', 'recipient']);

function toField<T extends string | number>(name: ReadFieldName, finding: Finding<T>): ReadField {
  const { source } = finding.line;
  const characters = NAME_FIELDS.has(name) && finding.value !== null ? charactersConfidence(String(finding.value), source) : undefined;
  const ocr = characters ?? source.confidence ?? 1;
  const confidence = Math.round(finding.certainty * ocr * 1000) / 1000;
  // A value the printed figures confirm stands on them, and on the parser's certainty it is this field's, not on OCR's doubt.
  const unsure = finding.confirmed === true
    ? ocr < OCR_LINE_MIN_CONFIRMED || finding.certainty < READ_CONFIDENCE_MIN
    : confidence < READ_CONFIDENCE_MIN || ocr < (characters !== undefined ? NAME_CHARACTERS_MIN : OCR_LINE_MIN_UNCONFIRMED[name]);
  const low = finding.value !== null && unsure;
  const problem = low ? 'low_confidence' : finding.problem;
  return {
    value: low ? null : finding.value,
    confidence,
    source: source.text,
    ...(source.region ? { region: source.region } : {}),
    ...(problem ? { problem } : {}),
  };
}

/**
 * Provider and recipient, as this product means them: SPEC.md §3 "File and folder" lists
 * "recipient, provider (trading partner)", and the registration form labels provider
 * 提供者（取引先）. So `provider` is the trading partner and `recipient` the side that keeps the
 * document: for a document received, the issuer is the provider and the addressee the recipient;
 * for one the contract issued itself (own_document), the other way round — the addressee is the
 * partner (provider) and the contract, the issuer, is the recipient (issue 29: "the other way
 * round"; shared/schemas/read-fields.ts: "provider and recipient swap").
 */
export interface FieldsReading {
  fields: ReadFieldSet;
  checks: ReadCheck[];
  own_document: boolean;
  /** The values read but offered empty as too unsure (low_confidence): another reading of the page must agree with them. */
  doubted: Partial<Record<ReadFieldName, string | number>>;
}

export function readFieldsFrom(lines: TextLine[], context: ReadContext): FieldsReading {
  const parsed = parseLines(lines);
  const date = readDocumentDate(parsed, context);
  const amount = readDocumentTotal(parsed);
  const parties = readParties(parsed, context.own);
  const number = readInvoiceNumber(parsed, {
    ...(context.own?.invoiceNumber ? { own: context.own.invoiceNumber } : {}),
    ownDocument: parties.ownDocument,
    ...(parties.issuerLine !== undefined ? { issuerLine: parties.issuerLine } : {}),
    ...(parties.addresseeLine !== undefined ? { addresseeLine: parties.addresseeLine } : {}),
    ...(parties.issuerColumn !== undefined ? { issuerColumn: parties.issuerColumn } : {}),
    ...(parties.addresseeColumn !== undefined ? { addresseeColumn: parties.addresseeColumn } : {}),
  });

  const [provider, recipient] = parties.ownDocument ? [parties.addressee, parties.issuer] : [parties.issuer, parties.addressee];
  const findings: Partial<Record<ReadFieldName, Finding<string | number>>> = {
    ...(date.finding ? { transaction_date: date.finding } : {}),
    ...(amount.finding ? { transaction_amount: amount.finding } : {}),
    ...(provider ? { provider } : {}),
    ...(recipient ? { recipient } : {}),
    ...(number.finding ? { invoice_number: number.finding } : {}),
  };
  const fields: ReadFieldSet = {};
  const doubted: FieldsReading['doubted'] = {};
  for (const name of readFieldNames) {
    const finding = findings[name];
    if (!finding) continue;
    const field = toField(name, finding);
    fields[name] = field;
    if (field.problem === 'low_confidence' && finding.value !== null) doubted[name] = finding.value;
  }
  // Every check shown, run or not; the registry is answered elsewhere (../invoice-registry.ts).
  const results: CheckResults = { ...date.checks, ...amount.checks, ...number.checks };
  const checks = readCheckNames.map((check): ReadCheck => ({ check, result: check === 'registry' ? 'not_checked' : (results[check] ?? 'not_checked') }));
  return { fields, checks, own_document: parties.ownDocument, doubted };
}

/** The checks each field's value stands on (the registry's is answered later, on the number chosen). */
const CHECKS_OF: Record<ReadFieldName, ReadCheck['check'][]> = {
  transaction_date: ['date_future', 'date_range'], transaction_amount: ['sum', 'tax_rates'], invoice_number: ['check_digit'], provider: [], recipient: [],
};

/** Two values of a field are one when they are the same amount, date, number or name (spaces and character widths apart). */
const sameValue = (a: string | number, b: string | number) =>
  typeof a === 'number' || typeof b === 'number' ? Number(a) === Number(b) : a.normalize('NFKC').replace(/\s/gu, '') === b.normalize('NFKC').replace(/\s/gu, '');

/**
 * Two readings of one page (OCR by two layouts, ../ocr.ts) as one: each field as the first read it,
 * the fields it left empty as the second read them. Two readings that disagree are a doubt, never a
 * choice: a value the second reads otherwise is offered empty (low_confidence), and the second's
 * value does not fill a field the first read as something else and doubted.
 */
export function mergeReadings(first: FieldsReading, second: FieldsReading): FieldsReading {
  const fields: ReadFieldSet = { ...first.fields };
  const doubted = { ...first.doubted };
  const checks = new Map(first.checks.map((check) => [check.check, check]));
  for (const name of readFieldNames) {
    const mine = first.fields[name];
    const theirs = second.fields[name];
    const theirValue = theirs?.value ?? null;
    if (mine?.value != null) {
      if (theirValue !== null && !sameValue(mine.value, theirValue)) {
        fields[name] = { ...mine, value: null, problem: 'low_confidence' };
        doubted[name] = mine.value;
      }
      continue;
    }
    if (!theirs || theirValue === null) {
      if (!mine && theirs) fields[name] = theirs;
      continue;
    }
    const doubt = first.doubted[name];
    if (doubt !== undefined && !sameValue(doubt, theirValue)) continue;
    fields[name] = theirs;
    delete doubted[name];
    for (const check of second.checks) if (CHECKS_OF[name].includes(check.check)) checks.set(check.check, check);
  }
  return { fields, checks: readCheckNames.map((check) => checks.get(check) ?? { check, result: 'not_checked' }), own_document: first.own_document, doubted };
}
