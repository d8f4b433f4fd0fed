import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { storedRegion } from './ocr.ts';

describe('OCR page preparation', () => {
  it('places a region found on the page turned upright back where it is on the page as stored', () => {
    // A point of the stored page, turned clockwise by `turned`, as sharp turns it (unit square).
    const turn = (x: number, y: number, turned: number): [number, number] =>
      turned === 90 ? [1 - y, x] : turned === 180 ? [1 - x, 1 - y] : turned === 270 ? [y, 1 - x] : [x, y];
    fc.assert(fc.property(
      fc.constantFrom(0, 90, 180, 270),
      fc.double({ min: 0, max: 0.5, noNaN: true }), fc.double({ min: 0, max: 0.5, noNaN: true }),
      fc.double({ min: 0.01, max: 0.5, noNaN: true }), fc.double({ min: 0.01, max: 0.5, noNaN: true }),
      (turned, x, y, width, height) => {
        const stored = { x, y, width, height };
        // The stored rectangle's corners, turned upright, bound the region OCR reports there.
        const corners = [turn(x, y, turned), turn(x + width, y + height, turned)];
        const upright = {
          x: Math.min(corners[0]![0], corners[1]![0]), y: Math.min(corners[0]![1], corners[1]![1]),
          width: Math.abs(corners[0]![0] - corners[1]![0]), height: Math.abs(corners[0]![1] - corners[1]![1]),
        };
        const back = storedRegion(upright, turned);
        for (const key of ['x', 'y', 'width', 'height'] as const) expect(back[key]).toBeCloseTo(stored[key], 9);
      },
    ));
  });
});
