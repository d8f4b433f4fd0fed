import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.d.ts';
import type { TextLine } from './text-lines.ts';
import { kanjiOfRadicals } from './fields/normalise.ts';

/**
 * A born-digital PDF page's text layer (pdfjs-dist `getTextContent`) as lines in reading order: the
 * text runs on one baseline (within half a glyph's height) joined left to right. A gap wider than a
 * glyph becomes a space, a gap of several glyphs two (a label and its value in separate columns
 * stay told apart), and each line keeps its box on the page for the preview's highlight.
 */
interface Run {
  text: string;
  x: number;
  /** The baseline, from the top of the page. */
  y: number;
  width: number;
  height: number;
}

const isTextItem = (item: object): item is TextItem => 'str' in item && 'transform' in item;

export async function pdfPageLines(page: PDFPageProxy, pageNumber: number): Promise<TextLine[]> {
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const runs: Run[] = [];
  for (const item of content.items) {
    if (!isTextItem(item) || !item.str.trim()) continue;
    const [x, y] = viewport.convertToViewportPoint(item.transform[4], item.transform[5]) as [number, number];
    // The glyphs' height: the text matrix's vertical scale (item.height is 0 for some fonts).
    const height = Math.abs(item.height) || Math.hypot(item.transform[2], item.transform[3]) || 10;
    // PDF fonts often map a kanji to the radical that shares its glyph (⽇ for 日): the text shown as a value's source reads, and is found, as the document's.
    runs.push({ text: kanjiOfRadicals(item.str), x, y, width: Math.abs(item.width), height });
  }
  runs.sort((a, b) => a.y - b.y || a.x - b.x);

  const rows: Run[][] = [];
  for (const run of runs) {
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
      end = run.x + run.width;
    }
    const left = row[0]!.x;
    const right = Math.max(...row.map((run) => run.x + run.width));
    const height = Math.max(...row.map((run) => run.height));
    const top = row[0]!.y - height;
    return {
      text,
      page: pageNumber,
      region: { page: pageNumber, x: left / viewport.width, y: top / viewport.height, width: (right - left) / viewport.width, height: (height * 1.25) / viewport.height },
    };
  });
}
