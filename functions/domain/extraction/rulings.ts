/**
 * Ruled lines taken off a grey page before OCR: a table's grid, a box around a receipt, the line a
 * name is written on. Tesseract's page layout takes a ruled table for a picture, or reads its cells
 * and lines as one block of noise (on the corpus's tuning scans, the 小計, 消費税 and 合計 of every
 * ruled table, and a date beside the title, came out as garbage, or not at all); without the lines
 * the cells are plain text in columns, which it reads.
 *
 * A ruling is a run of dark pixels at least `minLength` long, horizontal or vertical, and thin: at
 * most `maxThickness` across. Text is neither (a character's stroke is shorter than a few
 * characters, a filled band is thick). Runs are looked for with a row's neighbours folded in, so a
 * line a scan left a degree or two skewed, that steps down a row every few dozen pixels, is still
 * one run. The page is changed only where a ruling was: its pixels, and its anti-aliased fringe, take
 * the paper's tone.
 */

export interface RulingOptions {
  /** Shortest run taken as a ruling, in pixels (about three characters of body text). */
  minLength: number;
  /** Thickest line taken as a ruling, in pixels. */
  maxThickness: number;
}

/** For a page of this width in pixels: body text at 200 to 250 dpi is some 25 px high. */
export const rulingOptionsFor = (width: number): RulingOptions => ({
  minLength: Math.max(40, Math.round(width / 20)),
  maxThickness: Math.max(4, Math.round(width / 300)),
});

/** Gaps this short (JPEG loss, noise, a faint stretch) do not break a ruling. */
const MAX_GAP = 2;

/** Otsu's threshold of a grey image: the level that best splits ink from paper. */
export function inkThreshold(grey: Uint8Array): number {
  const histogram = new Float64Array(256);
  for (const level of grey) histogram[level]!++;
  let sum = 0;
  for (let level = 0; level < 256; level++) sum += level * histogram[level]!;
  let below = 0, belowSum = 0, best = 0, threshold = 128;
  for (let level = 0; level < 256; level++) {
    below += histogram[level]!;
    if (below === 0) continue;
    const above = grey.length - below;
    if (above === 0) break;
    belowSum += level * histogram[level]!;
    const spread = below * above * (belowSum / below - (sum - belowSum) / above) ** 2;
    if (spread > best) [best, threshold] = [spread, level];
  }
  return threshold;
}

/** The image's pixels in column order (its transpose): columns are walked as rows, in cache order. */
function transposed<T extends Uint8Array>(pixels: T, width: number, height: number): T {
  const out = new (pixels.constructor as new (length: number) => T)(pixels.length);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) out[x * height + y] = pixels[y * width + x]!;
  return out;
}

/** Length of the run of ink down each pixel's column (0 off ink). */
function columnRuns(ink: Uint8Array, width: number, height: number): Uint16Array {
  const runs = new Uint16Array(ink.length);
  for (let x = 0; x < width; x++) {
    let start = -1;
    for (let y = 0; y <= height; y++) {
      const isInk = y < height && ink[y * width + x] === 1;
      if (isInk && start < 0) start = y;
      if (!isInk && start >= 0) {
        const length = Math.min(y - start, 65535);
        for (let k = start; k < y; k++) runs[k * width + x] = length;
        start = -1;
      }
    }
  }
  return runs;
}

/**
 * Marks the pixels of horizontal rulings (the vertical ones are found on the transposed page): ink
 * on a long run of the band of three rows around it, where the ink down its column is thin. Ink
 * where a ruling crosses another is thick across: it is marked `crossing`, a ruling if it is one
 * both ways.
 */
function markRows(ink: Uint8Array, width: number, height: number, options: RulingOptions, ruled: Uint8Array, crossing: Uint8Array, bit: number): void {
  const across = columnRuns(ink, width, height);
  const band = new Uint8Array(width);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) band[x] = ink[row + x]! | (y > 0 ? ink[row - width + x]! : 0) | (y < height - 1 ? ink[row + width + x]! : 0);
    let start = -1, lastInk = -1;
    for (let x = 0; x <= width; x++) {
      if (x < width && band[x] === 1) {
        if (start < 0) start = x;
        lastInk = x;
        continue;
      }
      if (start < 0 || (x < width && x - lastInk <= MAX_GAP)) continue;
      if (lastInk - start + 1 >= options.minLength) {
        for (let k = row + start; k <= row + lastInk; k++) {
          if (ink[k] !== 1) continue;
          if (across[k]! <= options.maxThickness) ruled[k] = 1;
          else crossing[k] = crossing[k]! | bit;
        }
      }
      start = -1;
    }
  }
}

/** The grey page with its rulings painted over in the paper's tone (a new buffer; the page is not changed). */
export function withoutRulings(grey: Uint8Array, width: number, height: number, options: RulingOptions = rulingOptionsFor(width)): { grey: Uint8Array; removed: number } {
  const threshold = inkThreshold(grey);
  const ink = new Uint8Array(grey.length);
  let paperSum = 0, paperCount = 0;
  for (let pixel = 0; pixel < grey.length; pixel++) {
    if (grey[pixel]! <= threshold) ink[pixel] = 1;
    else {
      paperSum += grey[pixel]!;
      paperCount++;
    }
  }
  const paper = paperCount ? Math.round(paperSum / paperCount) : 255;
  const ruled = new Uint8Array(grey.length);
  const crossing = new Uint8Array(grey.length);
  markRows(ink, width, height, options, ruled, crossing, 1);
  const [ruledDown, crossingDown] = [new Uint8Array(grey.length), new Uint8Array(grey.length)];
  markRows(transposed(ink, width, height), height, width, options, ruledDown, crossingDown, 2);
  const [ruledColumns, crossingColumns] = [transposed(ruledDown, height, width), transposed(crossingDown, height, width)];
  for (let pixel = 0; pixel < grey.length; pixel++) {
    if (ruledColumns[pixel] === 1 || (crossing[pixel]! | crossingColumns[pixel]!) === 3) ruled[pixel] = 1;
  }
  const out = Uint8Array.from(grey);
  let removed = 0;
  for (let pixel = 0; pixel < grey.length; pixel++) {
    if (ruled[pixel] !== 1) continue;
    removed++;
    out[pixel] = paper;
    // The anti-aliased fringe either side, where it is not ink of its own.
    const x = pixel % width;
    const fringe = (next: number) => {
      if (ink[next] === 0 && out[next]! < paper) out[next] = paper;
    };
    if (pixel >= width) fringe(pixel - width);
    if (pixel + width < grey.length) fringe(pixel + width);
    if (x > 0) fringe(pixel - 1);
    if (x < width - 1) fringe(pixel + 1);
  }
  return { grey: out, removed };
}
