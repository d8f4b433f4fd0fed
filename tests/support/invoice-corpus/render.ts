/**
 * Renders the corpus's HTML pages in Debian's Chromium (issue 29 "Measured"):
 * - `text_pdf`: born-digital, `page.pdf({ format: 'A4' })`, with the real text layer Chromium writes;
 * - `scan_200dpi`, `scan_300dpi`: the A4 page drawn at that density (device scale factor dpi / 96),
 *   then made to look scanned with sharp: paper tint, noise and dust, a slight blur, a skew of up to
 *   ±1.5° (and on some a page fed turned by 90° or 180°), greyscale on some, JPEG quality 60–80. A
 *   quarter of the scans come as an image-only PDF (the JPEG in a one-page PDF, as scanners save them).
 * Every choice comes from the caller's seeded Rng: the same seed gives the same bytes' recipe.
 */
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { Rng } from './generate.ts';
import type { DocumentTruth, Layout } from './kit.ts';

export const documentKinds = ['text_pdf', 'scan_200dpi', 'scan_300dpi'] as const;
export type DocumentKind = (typeof documentKinds)[number];

/** How a scan was spoilt (recorded with the document, for the bench's breakdowns). */
export interface Degradation {
  dpi: number;
  greyscale: boolean;
  /** Standard deviation of the pixel noise (0–255 scale). */
  noise: number;
  blur: number;
  /** The skew, degrees. */
  skew: number;
  /** The page fed turned: 0, 90, 180 or 270 degrees. */
  turned: number;
  quality: number;
  container: 'jpeg' | 'pdf';
}

export interface RenderedDocument {
  truth: DocumentTruth;
  kind: DocumentKind;
  /** A file name with the extension a user's file would have (.pdf, .jpg). */
  name: string;
  bytes: Uint8Array;
  degradation?: Degradation;
}

/** The same launch as the e2e walks and the first-load bench (Playwright's own browser download is not possible here). */
const launchArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** A4 in CSS pixels (96 per inch). */
const A4_CSS = { width: (210 / 25.4) * 96, height: (297 / 25.4) * 96 };
const a4Pixels = (dpi: number) => ({ width: Math.round((210 / 25.4) * dpi), height: Math.round((297 / 25.4) * dpi) });

export class CorpusRenderer {
  private readonly pages = new Map<string, Page>();

  private constructor(private readonly browser: Browser, private readonly contexts: BrowserContext[]) {}

  static async open(): Promise<CorpusRenderer> {
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: launchArgs });
    return new CorpusRenderer(browser, []);
  }

  /** One page per density, reused for every document drawn at it. */
  private async pageFor(scale: number): Promise<Page> {
    const key = String(scale);
    const existing = this.pages.get(key);
    if (existing) return existing;
    const context = await this.browser.newContext({ viewport: { width: Math.ceil(A4_CSS.width), height: Math.ceil(A4_CSS.height) }, deviceScaleFactor: scale });
    this.contexts.push(context);
    const page = await context.newPage();
    this.pages.set(key, page);
    return page;
  }

  private async load(html: string, scale: number): Promise<Page> {
    const page = await this.pageFor(scale);
    await page.setContent(html, { waitUntil: 'load' });
    // Every font face the page uses, loaded before it is printed or drawn (a string: no DOM types here).
    await page.evaluate('document.fonts.ready.then(() => true)');
    return page;
  }

  async render(layout: Layout, truth: DocumentTruth, kind: DocumentKind, rng: Rng): Promise<RenderedDocument> {
    const html = layout.render(truth);
    if (kind === 'text_pdf') {
      const page = await this.load(html, 1);
      const pdf = await page.pdf({ format: 'A4', printBackground: true, margin: { top: '0', right: '0', bottom: '0', left: '0' } });
      // Every layout is one A4 sheet: a second (blank) page would be the corpus's defect, not the reading's.
      const pages = pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;
      if (pages !== 1) throw new Error(`${truth.id} printed ${pages} pages`);
      return { truth, kind, name: `${truth.id}.pdf`, bytes: new Uint8Array(pdf) };
    }
    const dpi = kind === 'scan_200dpi' ? 200 : 300;
    const page = await this.load(html, dpi / 96);
    const png = await page.screenshot({ type: 'png', clip: { x: 0, y: 0, ...A4_CSS } });
    const { bytes, degradation } = await degrade(png, dpi, rng);
    return { truth, kind, name: `${truth.id}.${degradation.container === 'pdf' ? 'pdf' : 'jpg'}`, bytes, degradation };
  }

  async close(): Promise<void> {
    for (const context of this.contexts) await context.close();
    await this.browser.close();
  }
}

/** A clean page image made to look like a flatbed scan of a printed page. */
export async function degrade(png: Buffer, dpi: number, rng: Rng): Promise<{ bytes: Uint8Array; degradation: Degradation }> {
  const size = a4Pixels(dpi);
  const turnRoll = rng.next();
  const degradation: Degradation = {
    dpi,
    greyscale: rng.chance(0.4),
    noise: 3 + rng.next() * 9,
    blur: 0.4 + rng.next() * 0.6,
    skew: Number(((rng.next() * 2 - 1) * 1.5).toFixed(2)),
    turned: turnRoll < 0.08 ? 180 : turnRoll < 0.16 ? (rng.chance() ? 90 : 270) : 0,
    quality: rng.int(60, 80),
    container: rng.chance(0.25) ? 'pdf' : 'jpeg',
  };
  // Paper that is not quite white, ink that is not quite black, noise and dust: in the raw pixels.
  let image = sharp(png).resize(size.width, size.height, { fit: 'fill' }).removeAlpha();
  if (degradation.greyscale) image = image.toColourspace('b-w');
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  const paper = 238 + rng.int(0, 14);
  addNoise(data, info.channels, degradation.noise, paper, rng);
  const background = { r: paper, g: paper, b: paper };
  // The skew rotates the drawn page within the scanner's fixed A4 frame.
  let skewed = sharp(data, { raw: info }).blur(degradation.blur).rotate(degradation.skew, { background });
  const rotated = await skewed.raw().toBuffer({ resolveWithObject: true });
  skewed = sharp(rotated.data, { raw: rotated.info }).extract({
    left: Math.floor((rotated.info.width - size.width) / 2),
    top: Math.floor((rotated.info.height - size.height) / 2),
    width: size.width,
    height: size.height,
  });
  let framed = await skewed.raw().toBuffer({ resolveWithObject: true });
  if (degradation.turned) framed = await sharp(framed.data, { raw: framed.info }).rotate(degradation.turned).raw().toBuffer({ resolveWithObject: true });
  let jpeg = sharp(framed.data, { raw: framed.info });
  if (degradation.greyscale) jpeg = jpeg.toColourspace('b-w');
  const encoded = await jpeg.jpeg({ quality: degradation.quality }).toBuffer({ resolveWithObject: true });
  const jpegBytes = withDensity(encoded.data, dpi);
  const jpegInfo = encoded.info;
  const bytes = degradation.container === 'pdf'
    ? imagePdf(jpegBytes, { width: jpegInfo.width, height: jpegInfo.height, channels: jpegInfo.channels, dpi })
    : new Uint8Array(jpegBytes);
  return { bytes, degradation };
}

/**
 * The scan's density in a JFIF header, as a scanner writes it. sharp's `withMetadata({ density })`
 * would also convert the image to sRGB (a greyscale scan would come out with three channels).
 */
function withDensity(jpeg: Buffer, dpi: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0', 'latin1'), 0x01, 0x01, 0x01, dpi >> 8, dpi & 0xff, dpi >> 8, dpi & 0xff, 0x00, 0x00]);
  const hasApp0 = jpeg[2] === 0xff && jpeg[3] === 0xe0;
  return hasApp0 ? jpeg : Buffer.concat([jpeg.subarray(0, 2), app0, jpeg.subarray(2)]);
}

/**
 * Luminance noise (the same on every channel of a pixel, as a scanner's sensor gives), the paper's
 * tint lifted onto the white, and a little dust. A table of normal deviates and xorshift32 keep it
 * to a few tens of milliseconds on a 300 dpi page.
 */
function addNoise(data: Buffer, channels: number, sd: number, paper: number, rng: Rng): void {
  const table = new Float32Array(4096);
  for (let i = 0; i < table.length; i++) table[i] = rng.gauss(sd);
  let state = (rng.int(1, 0x7fffffff) | 1) >>> 0;
  const ink = 20 + rng.int(0, 25);
  // Map 0..255 to ink..paper: the page's contrast as printed and scanned.
  const scale = (paper - ink) / 255;
  for (let i = 0; i < data.length; i += channels) {
    state ^= state << 13; state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5; state >>>= 0;
    const dust = (state & 0xffff) < 2;
    const delta = dust ? -140 : table[state >>> 20]!;
    for (let c = 0; c < channels; c++) {
      const value = ink + data[i + c]! * scale + delta;
      data[i + c] = value < 0 ? 0 : value > 255 ? 255 : value;
    }
  }
}

/** A one-page PDF holding a JPEG as its only content (DCTDecode, no text layer), sized for its density. */
export function imagePdf(jpeg: Uint8Array, image: { width: number; height: number; channels: number; dpi: number }): Uint8Array {
  const points = (pixels: number) => ((pixels / image.dpi) * 72).toFixed(2);
  const [width, height] = [points(image.width), points(image.height)];
  const content = `q ${width} 0 0 ${height} 0 0 cm /Im0 Do Q`;
  const colourSpace = image.channels === 1 ? '/DeviceGray' : '/DeviceRGB';
  const parts: (string | Uint8Array)[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (part: string | Uint8Array) => {
    parts.push(part);
    length += typeof part === 'string' ? Buffer.byteLength(part, 'latin1') : part.length;
  };
  const object = (body: string) => {
    offsets.push(length);
    push(`${offsets.length} 0 obj\n${body}\nendobj\n`);
  };
  push('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
  object('<< /Type /Catalog /Pages 2 0 R >>');
  object('<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>`);
  offsets.push(length);
  push(`4 0 obj\n<< /Type /XObject /Subtype /Image /Width ${image.width} /Height ${image.height} /ColorSpace ${colourSpace} /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>\nstream\n`);
  push(jpeg);
  push('\nendstream\nendobj\n');
  object(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  const xref = length;
  push(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`);
  push(`trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  // A plain Uint8Array, as a file's bytes arrive (pdfjs refuses a Node Buffer).
  return new Uint8Array(Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : part))));
}
