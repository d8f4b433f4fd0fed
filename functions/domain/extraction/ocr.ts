import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type Tesseract from 'tesseract.js';
import { MAX_INPUT_PIXELS, sharp } from '#domain/drive/render-tools.ts';
import type { ReadRegion } from '#shared/schemas/read-fields.ts';
import { withoutRulings } from './rulings.ts';
import { joinRuns, type TextLine, type TextRun } from './text-lines.ts';

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
  preparedPages.clear();
  await Promise.all(started.map(async (worker) => (await worker)?.terminate()));
}

/** Starts both workers ahead of the first page (the bench measures a cold start apart). */
export async function startOcr(): Promise<void> {
  await Promise.all([readingWorker(), orientationWorker()]);
}

interface PreparedPage {
  png: Buffer;
  width: number;
  height: number;
  turned: number;
}

/** The pages prepared last, by their bytes' digest: a page read a second time, by its layout, is prepared once. */
const preparedPages = new Map<string, Promise<PreparedPage | undefined>>();
const PREPARED_PAGES_KEPT = 3;

function preparedPageOf(image: Uint8Array): Promise<PreparedPage | undefined> {
  const digest = createHash('sha256').update(image).digest('base64');
  let prepared = preparedPages.get(digest);
  if (!prepared) {
    prepared = preparedPage(image);
    preparedPages.set(digest, prepared);
    prepared.catch(() => preparedPages.delete(digest));
    for (const oldest of preparedPages.keys()) if (preparedPages.size > PREPARED_PAGES_KEPT) preparedPages.delete(oldest);
  }
  return prepared;
}

/** The page as OCR reads best: grey, upright, no larger than it needs. */
async function preparedPage(image: Uint8Array): Promise<PreparedPage | undefined> {
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

/**
 * How tesseract finds the text on a page: as sparse text (each run of text wherever it is), or by its
 * page layout analysis (columns, blocks, lines). Each reads what the other loses — sparse text keeps
 * a form's boxed fields and a date beside a heading, the layout keeps a bold, spaced-out 合 計 that
 * sparse text drops as a picture — so a page is read as sparse text first, and by its layout for
 * what that left unread (./read-document-fields.ts).
 */
export type OcrLayout = 'sparse' | 'layout';

/** Tesseract's confidence (0 to 100) as the parsers weigh it (0 to 1). */
const fraction = (percent: number) => Math.max(0, Math.min(1, percent / 100));

interface OcrRun extends TextRun {
  confidence: number;
  symbols: NonNullable<TextLine['symbols']>;
  bottom: number;
}

/**
 * The page's lines in reading order, with their place on the page and OCR's confidence.
 *
 * Tesseract reads the page as sparse text — each run of text found wherever it is, in no layout —
 * and the runs are joined into lines by the rule a PDF's text layer is (./text-lines.ts `joinRuns`).
 * Its page layout analysis, left to find columns and blocks, took a form's boxes and a receipt's
 * spaced-out date for pictures and read them as noise, or merged a heading with the small print
 * beside it into one line of neither (on the tune layouts' scans, a document's date was read on 26 of
 * 36 pages that way, and on 34 as sparse text).
 */
export async function ocrPage(image: Uint8Array, page: number, layout: OcrLayout = 'sparse'): Promise<TextLine[]> {
  const prepared = await preparedPageOf(image);
  if (!prepared) return [];
  const worker = await readingWorker();
  const { PSM } = tesseract();
  await worker.setParameters({ tessedit_pageseg_mode: layout === 'sparse' ? PSM.SPARSE_TEXT : PSM.AUTO });
  const { data } = await worker.recognize(prepared.png, { rotateAuto: true }, { text: false, blocks: true });
  const runs: OcrRun[] = [];
  for (const block of data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const text = line.text.trim();
        if (!text) continue;
        const { x0, y0, x1, y1 } = line.bbox;
        const baseline = line.baseline.y0 === line.baseline.y1 && line.baseline.y0 === 0 ? y1 : (line.baseline.y0 + line.baseline.y1) / 2;
        runs.push({
          text, x: x0, y: baseline, width: x1 - x0, height: Math.max(1, y1 - y0), bottom: y1,
          confidence: fraction(line.confidence),
          symbols: line.words.flatMap((word) => word.symbols.map((symbol) => ({ text: symbol.text, confidence: fraction(symbol.confidence) }))),
        });
      }
    }
  }
  return joinRuns(runs).map(({ text, runs: row }) => {
    const x0 = Math.min(...row.map((run) => run.x));
    const x1 = Math.max(...row.map((run) => run.x + run.width));
    const y0 = Math.min(...row.map((run) => run.bottom - run.height));
    const y1 = Math.max(...row.map((run) => run.bottom));
    // The line's confidence is its runs', each weighed by its length (a stray mark weighs next to nothing).
    const weights = row.map((run) => run.text.replace(/\s/gu, '').length);
    const confidence = row.reduce((sum, run, index) => sum + run.confidence * weights[index]!, 0) / Math.max(1, weights.reduce((a, b) => a + b, 0));
    return {
      text,
      page,
      confidence: Math.round(confidence * 1000) / 1000,
      symbols: row.flatMap((run) => run.symbols),
      region: {
        page,
        ...storedRegion({ x: x0 / prepared.width, y: y0 / prepared.height, width: (x1 - x0) / prepared.width, height: (y1 - y0) / prepared.height }, prepared.turned),
      },
    };
  });
}
