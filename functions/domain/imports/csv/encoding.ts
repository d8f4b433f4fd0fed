import type { csvEncodings } from '#shared/schemas/imports.ts';
import { decodeShiftJis, encodeShiftJis } from './shift-jis.ts';

/**
 * Character sets of CSV files. Japanese Excel writes Shift_JIS (really Windows-31J / CP932, which
 * adds the NEC and IBM extensions such as ① and Ⅱ) or, with "CSV UTF-8", UTF-8 with a BOM; other
 * tools write UTF-8 without one. Imports accept all three; exports write UTF-8 with a BOM (so Excel
 * opens it as UTF-8) or CP932.
 */
export type CsvEncoding = (typeof csvEncodings)[number];
export type DetectedEncoding = 'utf-8' | 'utf-8-bom' | 'shift_jis';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** C0 controls other than tab, line feed and carriage return never occur in a text CSV (a binary file, say an .xlsx renamed, does). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this detects
const binaryCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffd]/;

const strictUtf8 = (bytes: Uint8Array): string | undefined => {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
};

/**
 * The text of a CSV file: UTF-8 with a BOM, else UTF-8 if the bytes are valid UTF-8, else CP932 if
 * every byte sequence decodes. Valid UTF-8 of Japanese text is practically never valid-looking
 * Shift_JIS text and vice versa, so the order decides nothing for real files. Undefined when the
 * file is neither (or binary).
 */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: DetectedEncoding } | undefined {
  const withBom = bytes.length >= 3 && bytes[0] === BOM[0] && bytes[1] === BOM[1] && bytes[2] === BOM[2];
  const utf8 = strictUtf8(withBom ? bytes.subarray(3) : bytes);
  if (utf8 !== undefined) return binaryCharacters.test(utf8) ? undefined : { text: utf8, encoding: withBom ? 'utf-8-bom' : 'utf-8' };
  if (withBom) return undefined;
  const sjis = decodeShiftJis(bytes);
  return binaryCharacters.test(sjis) ? undefined : { text: sjis, encoding: 'shift_jis' };
}

/**
 * The bytes of an export. UTF-8 carries a BOM, without which Excel reads UTF-8 as the system code
 * page. CP932 cannot hold every character (emoji, some rare kanji): they are written as `?`,
 * so a lossless round trip needs UTF-8.
 */
export function encodeCsv(text: string, encoding: CsvEncoding): Buffer {
  return encoding === 'shift_jis' ? encodeShiftJis(text) : Buffer.concat([BOM, Buffer.from(text, 'utf8')]);
}

export const csvContentType = (encoding: CsvEncoding): string =>
  `text/csv; charset=${encoding === 'shift_jis' ? 'Shift_JIS' : 'UTF-8'}`;
