import { normalizeInvoiceNumber, parseInvoiceNumber } from '#shared/invoice-number.ts';
import { columnsOf, type CheckResults, type Finding, type ParsedLine } from './parsed-lines.ts';

/**
 * The qualified invoice issuer's registration number (適格請求書発行事業者登録番号): T and 13
 * digits, as printed (T7-0000-1205-0002, 登録番号:T7000012050002, full width, OCR's O for 0 undone
 * by ./normalise.ts, 丁 read for T), checked with the shared rule (shared/invoice-number.ts).
 */

export interface InvoiceNumberCandidate {
  /** Canonical: T + 13 digits. */
  number: string;
  valid: boolean;
  line: ParsedLine;
  /** After a 登録番号 label (the issuer's, as printed on a qualified invoice). */
  labelled: boolean;
  /** Labelled as the addressee's (貴社登録番号, お客様の登録番号): never the document's. */
  addressee: boolean;
  /** Which of its line's columns (parts between wide gaps) it is printed in, from 0. */
  column: number;
}

/**
 * T (or 丁, OCR's T) and 13 digits, not glued to a word or a longer number: 13 digits in a row, or
 * with a space or a hyphen between any two (then no further digit group may follow: 14 digits
 * printed in groups are no number).
 */
const T_NUMBER = /(?<![A-Za-z0-9])[T丁]\s?[-:]?\s?(\d{13}(?!\d)|\d(?:[\s-]?\d){12}(?!\d|[\s-]\d))/gu;
/** 13 digits after a 登録番号 label, the T left off, or glued to the label by OCR (Registration numberT7011…). */
const LABELLED_DIGITS = /(?:登録番号|Registration\s*(?:No\.?|number)|Reg\.\s*No\.?)\s*[:.]?\s*[T丁]?\s?(\d(?:[\s-]?\d){12})(?!\d|[\s-]\d)/giu;
const NUMBER_LABEL = /登録番号|事業者番号|Registration\s*(?:No|number)|Reg\.\s*No|Invoice\s*(?:registration\s*)?number|インボイス/iu;
const ADDRESSEE_LABEL = /(?:貴社|御社|お客様|ご請求先|請求先|Customer|Client|Your)\s*(?:の)?\s*(?:登録番号|事業者番号|registration)/iu;

/** Every registration number printed on the document, in reading order. */
export function findInvoiceNumbers(lines: ParsedLine[]): InvoiceNumberCandidate[] {
  const found: InvoiceNumberCandidate[] = [];
  for (const line of lines) {
    const spans: Array<{ start: number; digits: string }> = [];
    for (const match of line.text.matchAll(T_NUMBER)) spans.push({ start: match.index, digits: match[1]! });
    for (const match of line.text.matchAll(LABELLED_DIGITS)) {
      if (!spans.some((span) => span.digits === match[1])) spans.push({ start: match.index, digits: match[1]! });
    }
    for (const span of spans.sort((a, b) => a.start - b.start)) {
      const number = normalizeInvoiceNumber(span.digits);
      const before = line.text.slice(0, span.start);
      const previous = lines[line.index - 1]?.text ?? '';
      found.push({
        number,
        valid: parseInvoiceNumber(number).ok,
        line,
        labelled: NUMBER_LABEL.test(before) || NUMBER_LABEL.test(previous),
        addressee: ADDRESSEE_LABEL.test(before) || (before.trim() === '' && ADDRESSEE_LABEL.test(previous)),
        column: columnsOf(before).length - 1,
      });
    }
  }
  return found;
}

export interface InvoiceNumberContext {
  /** The contract's own registration number (common settings). */
  own?: string;
  /** The contract issued this document itself (./parties.ts). */
  ownDocument: boolean;
  /** Where the issuer's and the addressee's blocks are (./parties.ts), to tell two numbers apart. */
  issuerLine?: number;
  addresseeLine?: number;
  /** The columns of their lines the issuer's and the addressee's names are printed in, for blocks side by side. */
  issuerColumn?: number;
  addresseeColumn?: number;
}

export interface InvoiceNumberReading {
  finding?: Finding<string>;
  checks: CheckResults;
}

const CERTAINTY = { labelled: 0.97, bare: 0.9, byPlace: 0.85 };

/**
 * The issuer's number. The addressee's (labelled so) is never it, nor the contract's own unless
 * the contract issued the document. Of two or more left, the one nearest the issuer's block and
 * nearer it than the addressee's; without that, none (a miss, not a guess). A number failing its
 * check digit is offered empty (`invoice_check_digit`): a misread digit, or a misprint.
 */
export function readInvoiceNumber(lines: ParsedLine[], context: InvoiceNumberContext): InvoiceNumberReading {
  const own = context.own ? normalizeInvoiceNumber(context.own) : undefined;
  let candidates = findInvoiceNumbers(lines).filter((candidate) => !candidate.addressee && blockSide(candidate, context) !== 'addressee');
  if (own !== undefined) {
    const owns = candidates.filter((candidate) => candidate.number === own);
    candidates = context.ownDocument && owns.length > 0 ? owns : candidates.filter((candidate) => candidate.number !== own);
  }
  const numbers = [...new Set(candidates.map((candidate) => candidate.number))];
  if (numbers.length === 0) return { checks: {} };

  let chosen: InvoiceNumberCandidate | undefined;
  let certainty: number;
  if (numbers.length === 1) {
    chosen = candidates.find((candidate) => candidate.labelled) ?? candidates[0]!;
    certainty = chosen.labelled ? CERTAINTY.labelled : CERTAINTY.bare;
  } else {
    chosen = nearestIssuer(candidates, context);
    certainty = CERTAINTY.byPlace;
  }
  if (!chosen) return { checks: {} };
  if (!chosen.valid) {
    return { finding: { value: null, certainty, line: chosen.line, problem: 'invoice_check_digit' }, checks: { check_digit: 'failed' } };
  }
  return { finding: { value: chosen.number, certainty, line: chosen.line, confirmed: true }, checks: { check_digit: 'ok' } };
}

/** Where a line of one column starts, as a fraction of the page's width, to be the right-hand column's. */
const RIGHT_COLUMN_X = 0.4;

/**
 * Whose column a number under two blocks side by side is printed in (Acme Co., Ltd.  Bill to, the
 * addressee's name under its label; 株式会社A 御中  株式会社B): on a line holding both columns, its
 * column's; on a line of one (the other side empty there), the side of the page the line starts on.
 * Undefined when the blocks are not side by side, or the number is printed above them.
 */
function blockSide(candidate: InvoiceNumberCandidate, context: InvoiceNumberContext): 'issuer' | 'addressee' | undefined {
  const { issuerLine, addresseeLine, issuerColumn, addresseeColumn } = context;
  if (issuerLine === undefined || addresseeLine === undefined || issuerColumn === undefined || addresseeColumn === undefined) return undefined;
  if (issuerColumn === addresseeColumn || Math.abs(issuerLine - addresseeLine) > 1 || candidate.line.index < Math.min(issuerLine, addresseeLine)) return undefined;
  const columns = columnsOf(candidate.line.text).length;
  if (columns > Math.max(issuerColumn, addresseeColumn)) {
    return candidate.column === issuerColumn ? 'issuer' : candidate.column === addresseeColumn ? 'addressee' : undefined;
  }
  const region = candidate.line.source.region;
  if (columns > 1 || !region) return undefined;
  const right = region.x >= RIGHT_COLUMN_X;
  return right === issuerColumn > addresseeColumn ? 'issuer' : 'addressee';
}

/**
 * How far a line is from a block's name line: a block's details follow its name (〒, TEL, 登録番号
 * under 株式会社サンプル), so a line before the name counts twice as far as one after it.
 */
export const blockDistance = (line: number, block: number): number => (line >= block ? line - block : (block - line) * 2);

/**
 * Of several numbers, the issuer's: each belongs to the block it is nearer (the addressee's or the
 * issuer's); of those the issuer's block holds, the nearest, when no other is as near.
 */
function nearestIssuer(candidates: InvoiceNumberCandidate[], context: InvoiceNumberContext): InvoiceNumberCandidate | undefined {
  const { issuerLine, addresseeLine } = context;
  if (issuerLine === undefined) return undefined;
  const inIssuerSide = candidates.filter((candidate) => blockSide(candidate, context) === 'issuer');
  const sided = new Set(inIssuerSide.map((candidate) => candidate.number));
  if (sided.size === 1) return inIssuerSide[0];
  if (sided.size > 1) return undefined;
  if (issuerLine === addresseeLine) return inIssuerColumn(candidates);
  const distance = (candidate: InvoiceNumberCandidate) => blockDistance(candidate.line.index, issuerLine);
  const issuers = candidates.filter((candidate) => addresseeLine === undefined || distance(candidate) < blockDistance(candidate.line.index, addresseeLine));
  const [first, second] = issuers.sort((a, b) => distance(a) - distance(b));
  if (!first || (second && second.number !== first.number && distance(second) === distance(first))) return undefined;
  return first;
}

/**
 * A two-column head (合同会社さくら企画 御中  株式会社サンプル on one line): the addressee's column
 * left, the issuer's right, their details interleaved line by line in reading order. The issuer's
 * number is the one whose line starts in the right half of the page; without regions, none.
 */
function inIssuerColumn(candidates: InvoiceNumberCandidate[]): InvoiceNumberCandidate | undefined {
  const right = candidates.filter((candidate) => candidate.line.source.region !== undefined && candidate.line.source.region.x >= 0.5);
  const numbers = new Set(right.map((candidate) => candidate.number));
  return numbers.size === 1 ? right[0] : undefined;
}
