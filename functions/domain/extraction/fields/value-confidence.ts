import type { TextLine } from '../text-lines.ts';

/**
 * How sure OCR was of the characters of a value, apart from the rest of its line: the least
 * confident of them. A line's confidence is its words' mean, and a line that holds a name also holds
 * a label, an honorific, a stray mark of a ruling or a stamp, any of which can drag it down while
 * the name is read clean; a misread character in the name itself (大各 for 大和, オオ for ズ) is
 * what the per-character confidence shows. It is no use for digits: tesseract is as sure of a 2 it
 * misread as of the 3 it saw (a total's line doubt is the better sign there, ./read-fields.ts).
 *
 * Undefined when the line has no characters from OCR (a text layer) or the value is not spelt out
 * in them as it was read (a name the parsers expanded, (株) into 株式会社).
 */

/** Letters and digits, compatibility forms folded: what a value and its line share, spaces and marks apart. */
const comparable = (text: string): string[] => [...text.normalize('NFKC')].filter((char) => /[\p{L}\p{N}]/u.test(char));

export function charactersConfidence(value: string, line: TextLine): number | undefined {
  if (!line.symbols?.length) return undefined;
  const wanted = comparable(value);
  if (wanted.length === 0) return undefined;
  const read = line.symbols.flatMap((symbol) => comparable(symbol.text).map((char) => ({ char, confidence: symbol.confidence })));
  for (let start = 0; start + wanted.length <= read.length; start++) {
    if (wanted.every((char, offset) => read[start + offset]!.char === char)) {
      return Math.min(...read.slice(start, start + wanted.length).map((char) => char.confidence));
    }
  }
  return undefined;
}
