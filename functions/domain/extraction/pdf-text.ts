import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.d.ts';
import { joinRuns, type TextLine, type TextRun } from './text-lines.ts';
import { kanjiOfRadicals } from './fields/normalise.ts';

/**
 * A born-digital PDF page's text layer (pdfjs-dist `getTextContent`) as lines in reading order: its
 * text runs joined into lines (./text-lines.ts `joinRuns`), each line keeping its box on the page
 * for the preview's highlight.
 */
const isTextItem = (item: object): item is TextItem => 'str' in item && 'transform' in item;

export async function pdfPageLines(page: PDFPageProxy, pageNumber: number): Promise<TextLine[]> {
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const runs: TextRun[] = [];
  for (const item of content.items) {
    if (!isTextItem(item) || !item.str.trim()) continue;
    const [x, y] = viewport.convertToViewportPoint(item.transform[4], item.transform[5]) as [number, number];
    // The glyphs' height: the text matrix's vertical scale (item.height is 0 for some fonts).
    const height = Math.abs(item.height) || Math.hypot(item.transform[2], item.transform[3]) || 10;
    // PDF fonts often map a kanji to the radical that shares its glyph (⽇ for 日): the text shown as a value's source reads, and is found, as the document's.
    runs.push({ text: kanjiOfRadicals(item.str), x, y, width: Math.abs(item.width), height });
  }
  return joinRuns(runs).map(({ text, runs: row }) => {
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
