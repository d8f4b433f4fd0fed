import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type Tesseract from 'tesseract.js';
import { MAX_INPUT_PIXELS, sharp } from '#domain/drive/render-tools.ts';
import type { ReadRegion } from '#shared/schemas/read-fields.ts';
import { withoutRulings } from './rulings.ts';
import type { TextLine } from './text-lines.ts';

/**
 * OCR of a page image with tesseract.js (WebAssembly, in a worker thread), Japanese and English.
 *
 * Nothing is downloaded at run time: tesseract.js fetches trained data from a CDN unless `langPath`
 * is a local folder, so the trained data of `@tesseract.js-data/{jpn,eng,osd}` (4.0.0_best_int) is
 * read from one folder — `tessdata/` beside the bundle (infra/aws/bundling.ts copies it there), or,
 * running from the sources, a folder of links to the installed packages — and its cache is off.
 * tesseract.js and its core WebAssembly are loaded with `require` from node_modules beside the
 * bundle, as sharp is: its worker script is a file of its own that cannot be bundled.
 *
 * The page is prepared with sharp: greyscale, at most A4 at 200 dpi in pixels (more costs time and
 * reads no better), its ruled lines taken off (./rulings.ts: a ruled table otherwise reads as noise),
 * turned upright from tesseract's orientation and script detection (a legacy-engine
 * worker with the `osd` data: a page scanned sideways or upside down), and straightened by
 * tesseract's own skew estimate (`rotateAuto`). It is not normalised or thresholded first: tesseract
 * binarises the page itself (Otsu), and on the corpus's tuning scans a page sharp had normalised
 * and thresholded read 50% of the fields against 71% for the grey page (docs/e-bookkeeping.md).
 */
const load = createRequire(import.meta.url);
const TRAINED_DATA = ['jpn', 'eng', 'osd'] as const;
/**
 * Pages wider than this (A4 at 200 dpi) are scaled down first: body text is then some 25 to 30 px
 * high, what tesseract reads best, and a 300 dpi page costs no more time than a 200 dpi one.
 */
const MAX_OCR_WIDTH = 1654;
/** The spread of grey levels (standard deviation, 0 to 255) under which a page is taken as blank. */
const MIN_TEXT_CONTRAST = 3;
/** Orientation answers below this confidence are ignored (tesseract's own scale; a blank page answers near 0). */
const MIN_ORIENTATION_CONFIDENCE = 1.5;

/** The folder holding every trained data file, as tesseract.js wants them: one `langPath`. */
function trainedDataFolder(): string {
  const beside = fileURLToPath(new URL('./tessdata/', import.meta.url));
  if (existsSync(path.join(beside, 'jpn.traineddata.gz'))) return beside;
  const folder = path.join(tmpdir(), 'com-drive-tessdata');
  mkdirSync(folder, { recursive: true });
  for (const lang of TRAINED_DATA) {
    const target = path.join(folder, `${lang}.traineddata.gz`);
    if (!existsSync(target)) symlinkSync(load.resolve(`@tesseract.js-data/${lang}/4.0.0_best_int/${lang}.traineddata.gz`), target);
  }
  return folder;
}

let tesseractModule: typeof Tesseract | undefined;
const tesseract = (): typeof Tesseract => (tesseractModule ??= load('tesseract.js') as typeof Tesseract);

const workerOptions = () => ({ langPath: trainedDataFolder(), cacheMethod: 'none', gzip: true });

let reader: Promise<Tesseract.Worker> | undefined;
let orienter: Promise<Tesseract.Worker> | undefined;

/** The reading worker, started once per process (a warm Lambda keeps it). */
const readingWorker = () => (reader ??= (async () => {
  const { createWorker, OEM } = tesseract();
  const worker = await createWorker('jpn+eng', OEM.LSTM_ONLY, workerOptions());
  // Pages come at 200 to 300 dpi (PDFs are drawn at 200); without a resolution tesseract guesses, and says so on every page.
  // tessedit_do_invert 0: no second look at each line for white-on-black text (about a tenth of the time; the corpus reads the same).
  await worker.setParameters({ preserve_interword_spaces: '1', user_defined_dpi: '250', tessedit_do_invert: '0' });
  return worker;
})());

/** Orientation and script detection needs the legacy engine and the `osd` data. */
const orientationWorker = () => (orienter ??= (async () => {
  const { createWorker, OEM } = tesseract();
  return createWorker('osd', OEM.TESSERACT_ONLY, { ...workerOptions(), legacyCore: true, legacyLang: true });
})());

/** Stops the workers (tests and the bench; a Lambda keeps them for its next event). */
export async function stopOcr(): Promise<void> {
  const started = [reader, orienter];
  reader = orienter = undefined;
  await Promise.all(started.map(async (worker) => (await worker)?.terminate()));
}

/** Starts both workers ahead of the first page (the bench measures a cold start apart). */
export async function startOcr(): Promise<void> {
  await Promise.all([readingWorker(), orientationWorker()]);
}

/** The page as OCR reads best: grey, upright, no larger than it needs. */
async function preparedPage(image: Uint8Array): Promise<{ png: Buffer; width: number; height: number; turned: number } | undefined> {
  const page = sharp()(image, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
    .rotate()
    .flatten({ background: '#ffffff' })
    // A long till receipt keeps its length; a strip of a picture thousands of pages long does not.
    .resize({ width: MAX_OCR_WIDTH, height: MAX_OCR_WIDTH * 4, fit: 'inside', withoutEnlargement: true })
    .greyscale();
  // A page of one tone (a blank page, a photo of a wall) holds no text: not worth a second of OCR.
  const { channels } = await page.clone().stats();
  if ((channels[0]?.stdev ?? 0) < MIN_TEXT_CONTRAST) return undefined;
  const raw = await page.raw().toBuffer({ resolveWithObject: true });
  const ruledOff = withoutRulings(raw.data, raw.info.width, raw.info.height);
  const grey = await sharp()(ruledOff.grey, { raw: { width: raw.info.width, height: raw.info.height, channels: 1 } }).png().toBuffer();
  const { data: orientation } = await (await orientationWorker()).detect(grey);
  const turned = (orientation.orientation_confidence ?? 0) >= MIN_ORIENTATION_CONFIDENCE ? orientation.orientation_degrees ?? 0 : 0;
  const { data, info } = await sharp()(grey).rotate(turned).png().toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height, turned };
}

/**
 * A region found on the upright page, placed on the page as it was stored (what the preview shows):
 * the page was turned clockwise by `turned` degrees to stand upright.
 */
export function storedRegion(region: Omit<ReadRegion, 'page'>, turned: number): Omit<ReadRegion, 'page'> {
  const { x, y, width, height } = region;
  switch (turned) {
    case 90: return { x: y, y: 1 - x - width, width: height, height: width };
    case 180: return { x: 1 - x - width, y: 1 - y - height, width, height };
    case 270: return { x: 1 - y - height, y: x, width: height, height: width };
    default: return region;
  }
}

/** The page's lines in reading order, with their place on the page and OCR's confidence. */
export async function ocrPage(image: Uint8Array, page: number): Promise<TextLine[]> {
  const prepared = await preparedPage(image);
  if (!prepared) return [];
  const { data } = await (await readingWorker()).recognize(prepared.png, { rotateAuto: true }, { text: false, blocks: true });
  const lines: TextLine[] = [];
  for (const block of data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const text = line.text.replace(/\s+$/u, '');
        if (!text.trim()) continue;
        const { x0, y0, x1, y1 } = line.bbox;
        lines.push({
          text,
          page,
          confidence: Math.max(0, Math.min(1, line.confidence / 100)),
          symbols: line.words.flatMap((word) => word.symbols.map((symbol) => ({ text: symbol.text, confidence: Math.max(0, Math.min(1, symbol.confidence / 100)) }))),
          region: {
            page,
            ...storedRegion({ x: x0 / prepared.width, y: y0 / prepared.height, width: (x1 - x0) / prepared.width, height: (y1 - y0) / prepared.height }, prepared.turned),
          },
        });
      }
    }
  }
  return lines;
}
