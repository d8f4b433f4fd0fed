import type { ReadRegion } from '#shared/schemas/read-fields.ts';

/**
 * A line of a document's text as the reading had it (a PDF's text layer, or OCR), in reading order:
 * what the field parsers (./fields/) read. `region` places it on its page for the preview's
 * highlight; `confidence` is OCR's for the line (0 to 1), absent for a text layer (certain).
 */
export interface TextLine {
  text: string;
  /** 1-based. */
  page: number;
  region?: ReadRegion;
  confidence?: number;
  /**
   * OCR's characters of the line in order, each with its own confidence (0 to 1): how sure it was
   * of the characters of a name, apart from the rest of its line (./fields/value-confidence.ts).
   */
  symbols?: Array<{ text: string; confidence: number }>;
}

/** What the parsers need besides the text. */
export interface ReadContext {
  /** Today in Japan, YYYY-MM-DD: no document date after it. */
  today: string;
  /** The contract itself, from common settings: a document it issued has its name or T-number as issuer. */
  own?: { name?: string; invoiceNumber?: string };
}

/** A run of text on a page, in any unit (PDF points, pixels): where it starts, its baseline from the top, its size. */
export interface TextRun {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Runs joined into lines as a reader sees them, in reading order (top to bottom): the runs on one
 * baseline (within half a glyph's height) left to right. A gap wider than a glyph becomes a space,
 * a gap of several glyphs two (a label and its value in separate columns stay told apart). A PDF's
 * text layer and OCR's fragments of text are joined by this one rule, so the parsers read the same
 * lines from either.
 */
export function joinRuns<R extends TextRun>(runs: readonly R[]): Array<{ text: string; runs: R[] }> {
  const sorted = [...runs].sort((a, b) => a.y - b.y || a.x - b.x);
  const rows: R[][] = [];
  for (const run of sorted) {
    const row = rows.at(-1);
    if (row && Math.abs(row[0]!.y - run.y) <= Math.min(row[0]!.height, run.height) / 2) row.push(run);
    else rows.push([run]);
  }
  return rows.map((row) => {
    row.sort((a, b) => a.x - b.x);
    let text = '';
    let end = -Infinity;
    for (const run of row) {
      const gap = run.x - end;
      if (text) text += gap > run.height * 2 ? '  ' : gap > run.height * 0.25 ? ' ' : '';
      text += run.text;
      end = Math.max(end, run.x + run.width);
    }
    return { text, runs: row };
  });
}
