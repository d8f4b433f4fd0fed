import { describe, expect, it } from 'vitest';
import { charactersConfidence } from './value-confidence.ts';

const line = (symbols: Array<[string, number]>) => ({ text: symbols.map(([text]) => text).join(''), page: 1, symbols: symbols.map(([text, confidence]) => ({ text, confidence })) });

describe("OCR's confidence in a value's own characters", () => {
  it('is the least sure of the characters the value is spelt with, the rest of the line apart', () => {
    const read = line([['_', 0.1], ['株', 0.99], ['式', 0.98], ['会', 0.97], ['社', 0.99], ['丸', 0.93], ['和', 0.99], [' ', 0.2], ['御', 0.5], ['中', 0.4]]);
    expect(charactersConfidence('株式会社丸和', read)).toBe(0.93);
  });

  it('finds the value through spaces, marks and full-width forms', () => {
    const read = line([['Ｆ', 0.96], ['u', 0.99], ['j', 0.98], ['i', 0.97], [' ', 0.1], ['K', 0.95], ['.', 0.3], ['K', 0.99], ['.', 0.2]]);
    expect(charactersConfidence('Fuji K.K.', read)).toBe(0.95);
  });

  it('is unknown for a text layer, or a value not spelt out in the line as read', () => {
    expect(charactersConfidence('株式会社丸和', { text: '株式会社丸和', page: 1 })).toBeUndefined();
    expect(charactersConfidence('有限会社双葉', line([['(', 0.9], ['有', 0.99], [')', 0.9], ['双', 0.99], ['葉', 0.99]]))).toBeUndefined();
    expect(charactersConfidence('', line([['株', 0.99]]))).toBeUndefined();
  });
});
