import { describe, expect, it } from 'vitest';
import { inkThreshold, withoutRulings } from './rulings.ts';

const PAPER = 240;
const INK = 30;

/** A page of paper with rectangles of ink. */
function page(width: number, height: number, rects: Array<[x: number, y: number, w: number, h: number]>): Uint8Array {
  const grey = new Uint8Array(width * height).fill(PAPER);
  for (const [x0, y0, w, h] of rects) for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) grey[y * width + x] = INK;
  return grey;
}
const inkIn = (grey: Uint8Array, width: number, [x0, y0, w, h]: [number, number, number, number]) => {
  let count = 0;
  for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) if (grey[y * width + x]! <= 128) count++;
  return count;
};
const options = { minLength: 80, maxThickness: 5 };

describe('ruled lines taken off a page before OCR', () => {
  it("paints a table's grid in the paper's tone and leaves the characters in its cells", () => {
    // A 2 × 2 grid (lines 2 px), with a character-sized glyph of strokes in each cell.
    const grid: Array<[number, number, number, number]> = [[20, 20, 400, 2], [20, 120, 400, 2], [20, 220, 400, 2], [20, 20, 2, 202], [220, 20, 2, 202], [418, 20, 2, 202]];
    const glyphs: Array<[number, number, number, number]> = [[60, 60, 24, 3], [70, 50, 3, 30], [260, 160, 24, 4], [270, 150, 4, 30]];
    const { grey, removed } = withoutRulings(page(440, 240, [...grid, ...glyphs]), 440, 240, options);
    for (const line of grid) expect(inkIn(grey, 440, line)).toBe(0);
    for (const glyph of glyphs) expect(inkIn(grey, 440, glyph)).toBe(glyph[2] * glyph[3]);
    expect(removed).toBeGreaterThan(2 * 400 * 3);
  });

  it('takes off a line a scan left skewed, that steps down a row every few dozen pixels', () => {
    const steps: Array<[number, number, number, number]> = Array.from({ length: 10 }, (_, index) => [10 + index * 40, 50 + index, 40, 2]);
    const { grey } = withoutRulings(page(440, 100, steps), 440, 100, options);
    for (const step of steps) expect(inkIn(grey, 440, step)).toBe(0);
  });

  it('keeps what is not a thin long line: a filled band, a short dash, a word of strokes close together', () => {
    const kept: Array<[number, number, number, number]> = [
      [10, 10, 300, 30], // a heading's band of ink (white text on black is read, not erased)
      [10, 60, 60, 2], // a dash shorter than three characters
      ...Array.from({ length: 8 }, (_, index): [number, number, number, number] => [10 + index * 28, 90, 24, 2]), // 一一一…: gaps between characters
    ];
    const { grey, removed } = withoutRulings(page(320, 120, kept), 320, 120, options);
    expect(removed).toBe(0);
    for (const rect of kept) expect(inkIn(grey, 320, rect)).toBe(rect[2] * rect[3]);
  });

  it('finds the level between ink and paper', () => {
    const threshold = inkThreshold(page(100, 100, [[0, 0, 100, 10]]));
    expect(threshold).toBeGreaterThanOrEqual(INK);
    expect(threshold).toBeLessThan(PAPER);
  });
});
