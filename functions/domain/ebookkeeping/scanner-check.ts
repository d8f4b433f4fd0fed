import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type sharpFunction from 'sharp';
import type { Metadata } from 'sharp';
import type * as PdfJs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { translate, type Language, type MessageKey, type MessageParams } from '#shared/messages.ts';
import { colourMessageKey, MIN_DPI, paperPixels, pixelParams as sharedPixelParams, type PaperSize, type ScannerColour } from '#shared/scanner-check-messages.ts';

/**
 * Scanner-storage checks (issue 12 item 5; SPEC §5 and §9: 200 dpi, 3.87 million pixels, 24-bit colour).
 *
 * The law: 電子帳簿保存法施行規則2条6項2号 — read at 解像度200dpi以上 (イ(1)) and 赤・緑・青それぞれ
 * 256階調以上 (24-bit colour, イ(2)); 同条7項 — 一般書類 may be read in グレースケール. NTA 一問一答
 * (スキャナ保存関係) explains the pixel equivalent: A4 at 200 dpi is about 387万画素 (1654 × 2338),
 * which is how a photo that carries no real resolution is judged.
 *
 * Decisions (docs/e-bookkeeping.md "Scanner checks"):
 * - Resolution "unknown" means no density, or exactly 72 dpi (JFIF/EXIF default that phones and most
 *   libraries write without meaning it), or below 10 (aspect-ratio-only JFIF headers). Then the
 *   image must have, side by side, at least the pixels of its paper at 200 dpi: short side against
 *   the paper's short side and long side against its long side, so the orientation does not matter
 *   and a long thin strip cannot make up for a short side. 96 dpi (screenshots, Windows tools) is
 *   taken as real: the file says it is 96 dpi, and 96 < 200 fails.
 * - Declared densities are compared at one decimal (a PNG stores 200 dpi as 7874 px/m = 199.9996).
 * - PDFs carry no dpi: each page's largest drawn raster image is measured — its pixels divided by
 *   its drawn size (transform matrix, in points of 1/72 in) — and the effective dpi is rounded to a
 *   whole number before the comparison (a 200 dpi A4 scan of 1653 px placed at 595.28 pt is 199.9).
 *   A page without a raster image has nothing to measure ("unknown size").
 * - Colour: 3 colour channels of ≥ 8 bits (or CMYK) pass for both grades; 1 channel of ≥ 8 bits
 *   (256 grey levels) passes for general documents only; 1-bit, palette (at most 256 colours in all)
 *   and fewer than 8 bits fail both. In PDFs pdfjs hands out decoded RGB, so an image whose every
 *   pixel is neutral (R = G = B) is taken as greyscale — a colour scan of a purely grey page would be
 *   flagged; a real colour scan's sensor noise prevents that in practice.
 * - Multi-page TIFFs and PDFs: every page is checked (up to MAX_PAGES); the result is the worst page.
 * - Bytes that are not a raster image or a PDF, or whose pixels cannot be decoded (truncated, header
 *   lying about the size), are "unreadable".
 */
export { colourMessageKey, MIN_DPI, paperPixels, type PaperSize, type ScannerColour };
/** Densities that mean "not recorded" (see above). */
const MEANINGLESS_DENSITY = 72;
const MIN_REAL_DENSITY = 10;
/** sharp refuses images with more pixels than this (decompression bombs), as the previews do. */
const MAX_INPUT_PIXELS = 100_000_000;
/** Pages checked at most in one file; the result says how many were. */
export const MAX_PAGES = 200;
const POINTS_PER_INCH = 72;

export type StandardPaper = 'A3' | 'A4' | 'A5' | 'B4' | 'B5' | 'letter';
export type ScannerGrade = 'important' | 'general';
export type ScannerFinding = 'dpi' | 'pixels' | 'ledger_bit' | 'unknown_size' | 'unreadable';
export type ScannerStatus = 'compliant' | 'non_compliant' | 'unknown_size' | 'unreadable';
/** How the resolution was known: the file's density, the pixel count for the paper, or a PDF placement. */
export type ResolutionBasis = 'density' | 'paper_size' | 'pdf_placement';

export interface ScannerMeasurement {
  status: ScannerStatus;
  findings: ScannerFinding[];
  /** Declared (density) or effective (PDF) dpi; null where unknown. */
  dpi: number | null;
  basis: ResolutionBasis | null;
  width: number;
  height: number;
  pixels: number;
  colour: ScannerColour;
}

export interface ScannerPage extends ScannerMeasurement {
  page: number;
}

export interface ScannerCheck extends ScannerMeasurement {
  grade: ScannerGrade;
  format: string | null;
  /** The paper the pixel count is judged against, with its pixels at 200 dpi (short side first). */
  paper: { label: string; width: number; height: number; pixels: number };
  pageCount?: number;
  pages?: ScannerPage[];
}

export interface ScannerOptions {
  paperSize: PaperSize;
  grade: ScannerGrade;
}

/** Whether a colour depth satisfies the grade (規則2条6項2号イ(2), 同条7項). */
export function colourAllowed(colour: ScannerColour, grade: ScannerGrade): boolean {
  if (colour === 'rgb24' || colour === 'rgb48' || colour === 'cmyk') return true;
  if (colour === 'unknown') return true; // nothing proves a shortfall
  return grade === 'general' && (colour === 'grey8' || colour === 'grey16');
}

interface Measured {
  dpi: number | null;
  basis: ResolutionBasis;
  width: number;
  height: number;
  colour: ScannerColour;
}

/** The verdict on one measured image. */
export function judge(measured: Measured, options: ScannerOptions): ScannerMeasurement {
  const findings: ScannerFinding[] = [];
  const pixels = measured.width * measured.height;
  if (measured.basis === 'paper_size') {
    const paper = paperPixels(options.paperSize);
    const [short, long] = [measured.width, measured.height].sort((x, y) => x - y) as [number, number];
    if (short < paper.width || long < paper.height) findings.push('pixels');
  } else if (measured.dpi === null || measured.dpi < MIN_DPI) {
    findings.push('dpi');
  }
  if (!colourAllowed(measured.colour, options.grade)) findings.push('ledger_bit');
  return { status: findings.length ? 'non_compliant' : 'compliant', findings, ...measured, pixels };
}

const load = createRequire(import.meta.url);
type Sharp = typeof sharpFunction;
let sharpModule: Sharp | undefined;
const sharp = (): Sharp => (sharpModule ??= load('sharp') as Sharp);

let pdfjsModule: Promise<typeof PdfJs> | undefined;
const pdfjs = () => (pdfjsModule ??= import(pathToFileURL(load.resolve('pdfjs-dist/legacy/build/pdf.mjs')).href) as Promise<typeof PdfJs>);

const RASTER_FORMATS = new Set(['jpeg', 'png', 'tiff', 'webp', 'gif', 'heif', 'jp2', 'jxl']);
/** Formats whose pages are pages of a document (GIF and WebP pages are animation frames). */
const PAGED_FORMATS = new Set(['tiff']);

const unreadable = (): ScannerMeasurement => ({ status: 'unreadable', findings: ['unreadable'], dpi: null, basis: null, width: 0, height: 0, pixels: 0, colour: 'unknown' });
const unmeasurable = (): ScannerMeasurement => ({ status: 'unknown_size', findings: ['unknown_size'], dpi: null, basis: null, width: 0, height: 0, pixels: 0, colour: 'unknown' });

function bitsOf(meta: Metadata): number {
  if (meta.bitsPerSample) return meta.bitsPerSample;
  switch (meta.depth) {
    case 'ushort':
    case 'short':
      return 16;
    case 'uint':
    case 'int':
    case 'float':
      return 32;
    default:
      return 8;
  }
}

/** The colour depth sharp reports for an image (its stored format, not its content). */
export function imageColour(meta: Metadata): ScannerColour {
  const bits = bitsOf(meta);
  if (meta.isPalette) return bits <= 1 ? 'bilevel' : 'indexed';
  if (bits === 1) return 'bilevel';
  if (bits < 8) return 'low_depth';
  if (meta.space === 'cmyk') return 'cmyk';
  const colourChannels = (meta.channels ?? 0) - (meta.hasAlpha ? 1 : 0);
  if (colourChannels >= 3) return bits >= 16 ? 'rgb48' : 'rgb24';
  return bits >= 16 ? 'grey16' : 'grey8';
}

/** The density as a resolution, or null where it means nothing (see the decisions above). */
export function realDensity(density: number | undefined): number | null {
  if (density === undefined || !Number.isFinite(density) || density < MIN_REAL_DENSITY) return null;
  const rounded = Math.round(density * 10) / 10;
  return rounded === MEANINGLESS_DENSITY ? null : rounded;
}

async function measureImagePage(bytes: Uint8Array, page: number, options: ScannerOptions): Promise<ScannerMeasurement> {
  const open = () => sharp()(bytes, { page, limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' });
  const meta = await open().metadata();
  // Decoding every pixel is what catches a header that lies about the size or truncated data.
  await open().stats();
  const dpi = realDensity(meta.density);
  return judge({ dpi, basis: dpi === null ? 'paper_size' : 'density', width: meta.width ?? 0, height: meta.height ?? 0, colour: imageColour(meta) }, options);
}

async function checkImage(bytes: Uint8Array, options: ScannerOptions): Promise<{ format: string | null; pageCount: number; pages: ScannerMeasurement[] }> {
  let meta: Metadata;
  try {
    meta = await sharp()(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    return { format: null, pageCount: 0, pages: [unreadable()] };
  }
  if (!RASTER_FORMATS.has(meta.format)) return { format: meta.format ?? null, pageCount: 0, pages: [unreadable()] };
  const pageCount = PAGED_FORMATS.has(meta.format) ? (meta.pages ?? 1) : 1;
  const pages: ScannerMeasurement[] = [];
  for (let page = 0; page < Math.min(pageCount, MAX_PAGES); page += 1) {
    try {
      pages.push(await measureImagePage(bytes, page, options));
    } catch {
      pages.push(unreadable());
    }
  }
  return { format: meta.format, pageCount, pages };
}

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];

interface PdfImage {
  width: number;
  height: number;
  kind?: number;
  data?: Uint8Array | Uint8ClampedArray | null;
}

interface Placed {
  image: PdfImage;
  /** The drawn size in points: the image's unit square through the current matrix. */
  widthPt: number;
  heightPt: number;
}

/** Whether every pixel of decoded RGB(A) data is neutral (R = G = B). */
function allNeutral(data: Uint8Array | Uint8ClampedArray, stride: number): boolean {
  for (let i = 0; i + 2 < data.length; i += stride) {
    if (data[i] !== data[i + 1] || data[i] !== data[i + 2]) return false;
  }
  return true;
}

function pdfColour(image: PdfImage, kinds: typeof PdfJs.ImageKind): ScannerColour {
  if (image.kind === kinds.GRAYSCALE_1BPP) return 'bilevel';
  if (!image.data) return 'unknown';
  const stride = image.kind === kinds.RGBA_32BPP ? 4 : 3;
  return allNeutral(image.data, stride) ? 'grey8' : 'rgb24';
}

function objectOf(objs: { get(id: string, callback?: (value: unknown) => void): unknown }, id: string): Promise<PdfImage> {
  return new Promise((resolve) => objs.get(id, (value) => resolve(value as PdfImage)));
}

/** The raster images a page draws, with their drawn sizes (annotations left out). */
async function placedImages(page: PdfJs.PDFPageProxy, lib: typeof PdfJs): Promise<Placed[]> {
  const { OPS } = lib;
  const list = await page.getOperatorList({ annotationMode: lib.AnnotationMode.DISABLE });
  const stack: Matrix[] = [];
  let ctm: Matrix = IDENTITY;
  const placed: Placed[] = [];
  const place = (image: PdfImage, scale: Matrix = IDENTITY) => {
    const m = multiply(ctm, scale);
    placed.push({ image, widthPt: Math.hypot(m[0], m[1]), heightPt: Math.hypot(m[2], m[3]) });
  };
  for (let i = 0; i < list.fnArray.length; i += 1) {
    const fn = list.fnArray[i];
    const args = list.argsArray[i] as unknown[];
    if (fn === OPS.save) stack.push(ctm);
    else if (fn === OPS.restore) ctm = stack.pop() ?? ctm;
    else if (fn === OPS.transform) ctm = multiply(ctm, args as Matrix);
    else if (fn === OPS.paintFormXObjectBegin) {
      stack.push(ctm);
      const matrix = args[0] as Matrix | null;
      if (matrix) ctm = multiply(ctm, matrix);
    } else if (fn === OPS.paintFormXObjectEnd) ctm = stack.pop() ?? ctm;
    else if (fn === OPS.paintImageXObject || fn === OPS.paintImageXObjectRepeat) {
      const id = args[0] as string;
      const image = await objectOf(id.startsWith('g_') ? page.commonObjs : page.objs, id);
      if (fn === OPS.paintImageXObject) place(image);
      else place(image, [args[1] as number, 0, 0, args[2] as number, 0, 0]);
    } else if (fn === OPS.paintInlineImageXObject) place(args[0] as PdfImage);
  }
  return placed;
}

async function measurePdfPage(page: PdfJs.PDFPageProxy, lib: typeof PdfJs, options: ScannerOptions): Promise<ScannerMeasurement> {
  const drawn = (await placedImages(page, lib)).filter((p) => p.widthPt > 0 && p.heightPt > 0 && p.image.width > 0 && p.image.height > 0);
  if (drawn.length === 0) return unmeasurable();
  // The scan is the image covering most of the page; logos and stamps beside it are not scans.
  const main = drawn.reduce((best, p) => (p.widthPt * p.heightPt > best.widthPt * best.heightPt ? p : best));
  const dpiX = main.image.width / (main.widthPt / POINTS_PER_INCH);
  const dpiY = main.image.height / (main.heightPt / POINTS_PER_INCH);
  return judge({ dpi: Math.round(Math.min(dpiX, dpiY)), basis: 'pdf_placement', width: main.image.width, height: main.image.height, colour: pdfColour(main.image, lib.ImageKind) }, options);
}

async function checkPdf(bytes: Uint8Array, options: ScannerOptions): Promise<{ pageCount: number; pages: ScannerMeasurement[] }> {
  const lib = await pdfjs();
  let document: PdfJs.PDFDocumentProxy;
  try {
    // No eval, no fonts, no canvas: only the operator lists and the decoded images are needed.
    document = await lib.getDocument({ data: bytes.slice(), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, isOffscreenCanvasSupported: false, isImageDecoderSupported: false, verbosity: 0 }).promise;
  } catch {
    return { pageCount: 0, pages: [unreadable()] };
  }
  try {
    const pages: ScannerMeasurement[] = [];
    for (let number = 1; number <= Math.min(document.numPages, MAX_PAGES); number += 1) {
      try {
        pages.push(await measurePdfPage(await document.getPage(number), lib, options));
      } catch {
        pages.push(unreadable());
      }
    }
    return { pageCount: document.numPages, pages };
  } finally {
    await document.destroy();
  }
}

const SEVERITY: Record<ScannerStatus, number> = { compliant: 0, unknown_size: 1, non_compliant: 2, unreadable: 3 };

/** The worst page speaks for the file; among equally bad pages, the lowest resolution. */
function worst(pages: ScannerMeasurement[]): ScannerMeasurement {
  return pages.reduce((a, b) => {
    if (SEVERITY[b.status] !== SEVERITY[a.status]) return SEVERITY[b.status] > SEVERITY[a.status] ? b : a;
    return (b.dpi ?? Infinity) < (a.dpi ?? Infinity) ? b : a;
  });
}

const isPdf = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 1024)).includes('%PDF-');

/**
 * Checks a scanner-storage file (image or PDF) against the resolution and colour rules. Never
 * throws for bad bytes: they come back as `unreadable`.
 */
export async function checkScannedDocument(bytes: Uint8Array, options: ScannerOptions): Promise<ScannerCheck> {
  const paper = paperPixels(options.paperSize);
  const pdf = isPdf(bytes);
  const checked = pdf ? { format: 'pdf', ...(await checkPdf(bytes, options)) } : await checkImage(bytes, options);
  const findings = [...new Set(checked.pages.flatMap((page) => page.findings))];
  const summary = { ...worst(checked.pages), findings };
  const result: ScannerCheck = { ...summary, grade: options.grade, format: checked.format, paper };
  if (checked.pageCount > 1) {
    result.pageCount = checked.pageCount;
    result.pages = checked.pages.map((page, index) => ({ page: index + 1, ...page }));
  }
  return result;
}

/**
 * The catalogue messages for a result, in order, with their parameters. `colour` is the colour code;
 * translate it with `colourMessageKey` (scannerCheckTexts does both).
 */
export function scannerCheckMessageKeys(result: ScannerCheck): Array<{ key: MessageKey; params: MessageParams }> {
  const { paper } = result;
  // A finding of a multi-page file is described by the first page that has it.
  const source = (finding: ScannerFinding): ScannerMeasurement => result.pages?.find((page) => page.findings.includes(finding)) ?? result;
  const pixelParams = (measured: ScannerMeasurement) => sharedPixelParams(measured, paper);
  if (result.status === 'compliant') {
    const keys: Array<{ key: MessageKey; params: MessageParams }> = [{ key: 'scannerCheck.compliant', params: {} }];
    if (result.basis === 'paper_size') keys.push({ key: 'scannerCheck.judgedByPixels', params: pixelParams(result) });
    return keys;
  }
  return result.findings.map((finding): { key: MessageKey; params: MessageParams } => {
    switch (finding) {
      case 'dpi':
        return { key: 'scannerCheck.dpi', params: { dpi: source(finding).dpi ?? 0, required: MIN_DPI } };
      case 'pixels':
        return { key: 'scannerCheck.pixels', params: pixelParams(source(finding)) };
      case 'ledger_bit':
        return { key: result.grade === 'important' ? 'scannerCheck.ledgerBitImportant' : 'scannerCheck.ledgerBitGeneral', params: { colour: source(finding).colour } };
      case 'unknown_size':
        return { key: 'scannerCheck.unknownSize', params: {} };
      case 'unreadable':
        return { key: 'scannerCheck.unreadable', params: {} };
    }
  });
}

/** The messages for a result as text in a language. */
export function scannerCheckTexts(result: ScannerCheck, language: Language): string[] {
  return scannerCheckMessageKeys(result).map(({ key, params }) => {
    const filled: MessageParams = { ...params };
    if (typeof params.colour === 'string') filled.colour = translate(language, colourMessageKey(params.colour as ScannerColour));
    return translate(language, key, filled);
  });
}
