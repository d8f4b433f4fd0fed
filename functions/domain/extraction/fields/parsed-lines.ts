import type { ReadCheck, ReadProblem } from '#shared/schemas/read-fields.ts';
import type { TextLine } from '../text-lines.ts';
import { normaliseLine } from './normalise.ts';

/** A document line as the parsers read it: its normalised text, its place in reading order, and the line as read. */
export interface ParsedLine {
  index: number;
  text: string;
  source: TextLine;
}

export const parseLines = (lines: TextLine[]): ParsedLine[] => lines.map((source, index) => ({ index, text: normaliseLine(source.text), source }));

const COLUMN_GAP = '  ';

/** A normalised line's columns: its parts between the wide gaps ./normalise.ts writes as two spaces, each with where it starts. */
export function columnsOf(text: string): Array<{ text: string; start: number }> {
  let start = 0;
  return text.split(COLUMN_GAP).map((part) => {
    const column = { text: part, start };
    start += part.length + COLUMN_GAP.length;
    return column;
  });
}

/**
 * What one parser found for its field, before the OCR's confidence and the threshold are applied
 * (./read-fields.ts): the value, or null with the problem that emptied it, the parser's own
 * certainty (0 to 1: labelled or not, checks passed) and the line it came from.
 */
export interface Finding<T extends string | number> {
  value: T | null;
  certainty: number;
  line: ParsedLine;
  problem?: ReadProblem;
  /** Other printed figures confirm the value digit for digit (a check digit, 小計 + 消費税 = 合計). */
  confirmed?: boolean;
}

/** The checks a parser ran, by name (those it has no say in are left out). */
export type CheckResults = Partial<Record<ReadCheck['check'], ReadCheck['result']>>;
