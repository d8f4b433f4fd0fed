import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldForSearch, foldKana } from './search-fold.ts';

const katakana = Array.from({ length: 0x30f6 - 0x30a1 + 1 }, (_, i) => String.fromCharCode(0x30a1 + i));

describe('foldForSearch', () => {
  it('is idempotent on any text', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => foldForSearch(foldForSearch(text)) === foldForSearch(text)), { numRuns: 2000 });
  });

  it('maps each katakana and its hiragana together, and keeps the text around them', () => {
    fc.assert(fc.property(fc.constantFrom(...katakana), fc.string({ maxLength: 8 }), (kana, rest) => {
      const hiragana = String.fromCharCode(kana.charCodeAt(0) - 0x60);
      return foldForSearch(rest + kana) === foldForSearch(rest + hiragana) && foldForSearch(kana) === hiragana;
    }));
  });

  it('leaves hiragana, kanji and lower-case ASCII as they are', () => {
    fc.assert(fc.property(fc.stringMatching(/^[a-z0-9ぁ-ゖ一-龯]*$/), (text) => foldForSearch(text) === text));
  });

  it('folds widths, case and half-width katakana; kanji readings are not guessed', () => {
    expect(foldForSearch('サトウ')).toBe('さとう');
    expect(foldForSearch('ｻﾄｳ')).toBe('さとう');
    expect(foldForSearch('ＹＡＭＡＤＡ　Taro')).toBe('yamada taro');
    expect(foldForSearch('ヴァ')).toBe('ゔぁ');
    expect(foldForSearch('佐藤')).toBe('佐藤');
    expect(foldForSearch('佐藤')).not.toContain(foldForSearch('さとう'));
    expect(foldKana('ヽヾー')).toBe('ゝゞー');
  });
});
