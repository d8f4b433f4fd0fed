import { READ_BYTES_MAX, READ_PAGES_MAX, type ReadSkipReason } from '#shared/schemas/read-fields.ts';
import { judge, sniff } from '#domain/drive/file-type.ts';
import { drawPdfPage, MAX_INPUT_PIXELS, openPdf, sharp } from '#domain/drive/render-tools.ts';
import { ocrPage, type OcrLayout } from './ocr.ts';
import { pdfPageLines } from './pdf-text.ts';
import type { TextLine } from './text-lines.ts';

/**
 * A document's text, for the field parsers: a born-digital PDF by its text layer, an image or a
 * scanned PDF (pages with next to no text layer) by OCR of each page drawn at 200 dpi. The first
 * READ_PAGES_MAX pages are read (an invoice's fields are on its first page; a long document's
 * later pages cost time and find nothing the first did not); files over READ_BYTES_MAX are not.
 */
export interface DocumentText {
  lines: TextLine[];
  method: 'text' | 'ocr';
  pages: number;
  pagesRead: number;
  ms: number;
}

/**
 * A page with fewer characters of text layer than this is a scan: a scanner's PDF carries none, or a
 * stray label; a born-digital page with less than a word of text has nothing to read either way.
 */
const TEXT_LAYER_MIN_CHARS = 4;
/** Scanned PDF pages are drawn at 200 dpi for OCR (PDF units are 1/72 inch). */
const OCR_SCALE = 200 / 72;
const OCR_MAX_PX = 3400;

const visibleChars = (lines: TextLine[]) => lines.reduce((sum, line) => sum + line.text.replace(/\s/gu, '').length, 0);

async function readPdf(bytes: Uint8Array, layout: OcrLayout): Promise<Omit<DocumentText, 'ms'> | undefined> {
  const document = await openPdf(bytes).catch(() => undefined);
  if (!document) return undefined;
  try {
    const pagesRead = Math.min(document.numPages, READ_PAGES_MAX);
    const pages = [];
    for (let number = 1; number <= pagesRead; number++) pages.push(await document.getPage(number));
    const layers = await Promise.all(pages.map((page, index) => pdfPageLines(page, index + 1)));
    if (layers.every((lines) => visibleChars(lines) >= TEXT_LAYER_MIN_CHARS)) {
      return { lines: layers.flat(), method: 'text', pages: document.numPages, pagesRead };
    }
    // A scan in a PDF: every page read by OCR (one reading method per document keeps the confidence comparable).
    const lines: TextLine[] = [];
    for (const [index, page] of pages.entries()) {
      // A PDF page may say it is 200 inches wide: drawn no larger than an A3 page at 200 dpi.
      const natural = page.getViewport({ scale: 1 });
      const scale = Math.min(OCR_SCALE, OCR_MAX_PX / Math.max(natural.width, natural.height));
      lines.push(...(await ocrPage(await drawPdfPage(page, scale), index + 1, layout)));
    }
    return { lines, method: 'ocr', pages: document.numPages, pagesRead };
  } finally {
    await document.destroy();
  }
}

const decodable = (bytes: Uint8Array): Promise<boolean> =>
  sharp()(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata().then((meta) => !!meta.width && !!meta.height, () => false);

/** The text of a document's bytes, or why it was not read; `layout`, how OCR finds a scan's text (./ocr.ts). */
export async function readDocument(bytes: Uint8Array, options: { name: string; layout?: OcrLayout }): Promise<DocumentText | { skipped: ReadSkipReason }> {
  const layout = options.layout ?? 'sparse';
  if (bytes.byteLength > READ_BYTES_MAX) return { skipped: 'too_large' };
  const judgement = judge(options.name, sniff(bytes.subarray(0, 4096)));
  if (judgement.status !== 'ready' || !judgement.render) return { skipped: 'unsupported' };
  const started = performance.now();
  // Bytes that claim to be a PDF or an image and cannot be decoded are not read; a failure of OCR itself is thrown (the event is retried).
  const text = judgement.render === 'pdf' ? await readPdf(bytes, layout) : (await decodable(bytes)) ? { lines: await ocrPage(bytes, 1, layout), method: 'ocr' as const, pages: 1, pagesRead: 1 } : undefined;
  if (!text) return { skipped: 'unreadable' };
  if (visibleChars(text.lines) === 0) return { skipped: 'no_text' };
  return { ...text, ms: Math.round(performance.now() - started) };
}
