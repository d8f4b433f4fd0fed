import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type sharpFunction from 'sharp';
import type * as PdfJs from 'pdfjs-dist/legacy/build/pdf.mjs';
import type * as Canvas from '@napi-rs/canvas';

/**
 * sharp, pdfjs-dist and @napi-rs/canvas, loaded on first use with `require` (the bundle's banner
 * defines it): they stay outside the bundle and are shipped beside it in node_modules with their
 * native binaries (infra/aws/bundling.ts `previewsRuntimeFiles`). The previews and the extraction
 * functions load them; no other does.
 */
const load = createRequire(import.meta.url);

type Sharp = typeof sharpFunction;
let sharpModule: Sharp | undefined;
export const sharp = (): Sharp => (sharpModule ??= load('sharp') as Sharp);

/** sharp refuses images with more pixels than this (decompression bombs). */
export const MAX_INPUT_PIXELS = 100_000_000;

let pdfModules: Promise<{ pdfjs: typeof PdfJs; canvas: typeof Canvas }> | undefined;
export const pdfTools = () => (pdfModules ??= (async () => ({
  pdfjs: (await import(pathToFileURL(load.resolve('pdfjs-dist/legacy/build/pdf.mjs')).href)) as typeof PdfJs,
  canvas: load('@napi-rs/canvas') as typeof Canvas,
}))());

/** A PDF opened without eval and without fetching fonts from anywhere: drawn and read with what it carries. */
export async function openPdf(bytes: Uint8Array): Promise<PdfJs.PDFDocumentProxy> {
  const { pdfjs } = await pdfTools();
  // A copy, and a plain Uint8Array: pdfjs takes the buffer over, and refuses a Node Buffer.
  return pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
}

/** A PDF page drawn as PNG at `scale` (1 = 72 dpi). */
export async function drawPdfPage(page: PdfJs.PDFPageProxy, scale: number): Promise<Uint8Array> {
  const { canvas } = await pdfTools();
  const viewport = page.getViewport({ scale });
  const surface = canvas.createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  await page.render({ canvas: surface as never, canvasContext: surface.getContext('2d') as never, viewport }).promise;
  return surface.encode('png');
}
