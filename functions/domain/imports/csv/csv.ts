import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

/**
 * CSV records in and out. Parsing keeps every record, blank lines included, so a record's index
 * is the row number a spreadsheet shows (header = row 1); a record may have any number of fields
 * (a wrong count is a problem of that row, not of the file). Writing uses CRLF and quotes only
 * where needed, as Excel does.
 */
export type CsvParseResult = { ok: true; records: string[][] } | { ok: false; line: number };

export function parseCsv(text: string): CsvParseResult {
  try {
    const records = parse(text, { relax_column_count: true, skip_empty_lines: false, trim: false }) as string[][];
    return { ok: true, records };
  } catch (error) {
    if (error instanceof CsvError) return { ok: false, line: Number((error as CsvError & { lines?: number }).lines ?? 0) };
    throw error;
  }
}

/**
 * CSV injection (OWASP): a cell starting with = + - @ (or tab, CR) is a formula to Excel. Exports
 * prefix such a value with one `'`, which Excel shows as text; imports remove exactly one `'` in
 * front of such a character. The two are inverse for every value (a value that already starts
 * with `'` before such a character gets one more on export), so an exported file imports back
 * unchanged.
 */
const formulaLike = /^'*[=+\-@\t\r]/;
export const escapeFormula = (value: string): string => (formulaLike.test(value) ? `'${value}` : value);
export const unescapeFormula = (value: string): string => (/^'+[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

export function toCsv(records: string[][]): string {
  // A lone LF or CR inside a value must be quoted too, or a reader would take it for a record end.
  return stringify(records.map((record) => record.map(escapeFormula)), { record_delimiter: 'windows', quoted_match: /[\r\n]/ });
}

/** A record with nothing but empty or blank cells (Excel writes `,,,,` for a cleared row). */
export const isBlankRecord = (record: string[]): boolean => record.every((cell) => cell.trim() === '');
