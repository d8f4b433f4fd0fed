import { describe, expect, it } from 'vitest';
import { kanjiOfRadicals, normaliseLine } from './normalise.ts';

describe('normaliseLine', () => {
  it('folds full-width digits, letters and signs to half width (NFKC)', () => {
    expect(normaliseLine('２０２４年４月１日')).toBe('2024年4月1日');
    expect(normaliseLine('登録番号：Ｔ１２３４５６７８９０１２３')).toBe('登録番号:T1234567890123');
    expect(normaliseLine('￥１２，０００－')).toBe('¥12000-');
    expect(normaliseLine('㈱サンプル')).toBe('(株)サンプル');
    expect(normaliseLine('㋿6年')).toBe('令和6年');
  });

  it('reads a backslash or a Y before digits as ¥ (Shift_JIS text layers, OCR)', () => {
    expect(normaliseLine('合計 \\18,700')).toBe('合計 ¥18700');
    expect(normaliseLine('合計 ＼18,700')).toBe('合計 ¥18700');
    expect(normaliseLine('Total Y12,000')).toBe('Total ¥12000');
    expect(normaliseLine('消費税 y\\4,104')).toBe('消費税 ¥4104');
    expect(normaliseLine('(8%対象 yY1,404)')).toBe('(8%対象 ¥1404)');
    expect(normaliseLine('合計金額 y725,010')).toBe('合計金額 ¥725010');
    expect(normaliseLine('Qty2 day 3')).toBe('Qty2 day 3');
    expect(normaliseLine('C:\\Users')).toBe('C:\\Users');
  });

  it('drops thousands separators only where exactly three digits follow (yen has no decimals)', () => {
    expect(normaliseLine('1,234,567円')).toBe('1234567円');
    expect(normaliseLine('18.700')).toBe('18700');
    expect(normaliseLine('1.000.000')).toBe('1000000');
    expect(normaliseLine('2024.4.1')).toBe('2024.4.1');
    expect(normaliseLine('2024.10.15')).toBe('2024.10.15');
    expect(normaliseLine('USD 120.50')).toBe('USD 120.50');
    expect(normaliseLine('April 1, 2024')).toBe('April 1, 2024');
    expect(normaliseLine('April 1,2024')).toBe('April 1,2024');
    expect(normaliseLine('12,34')).toBe('12,34');
    expect(normaliseLine('¥1,000.00')).toBe('¥1000.00');
  });

  it('undoes O/o for 0 and l/I for 1 inside digit runs, never in words', () => {
    expect(normaliseLine('T700OO12050002')).toBe('T7000012050002');
    expect(normaliseLine('¥1O,OOO-')).toBe('¥10000-');
    expect(normaliseLine('合計 l8,7O0円')).toBe('合計 18700円');
    expect(normaliseLine('2O24年4月1O日')).toBe('2024年4月10日');
    // A letter alone is no digit run: nothing says it is a number.
    expect(normaliseLine('4月l日')).toBe('4月l日');
    expect(normaliseLine('R6.4.l')).toBe('R6.4.1');
    expect(normaliseLine('Total')).toBe('Total');
    expect(normaliseLine('No.1')).toBe('No.1');
    expect(normaliseLine('Co.,Ltd.')).toBe('Co.,Ltd.');
    expect(normaliseLine('10lbs')).toBe('10lbs');
    expect(normaliseLine('Oct 1, 2024')).toBe('Oct 1, 2024');
    expect(normaliseLine('Invoice INV-0012')).toBe('Invoice INV-0012');
  });

  it('removes spaces inside a number it can be sure of, never between columns', () => {
    expect(normaliseLine('¥ 12,000')).toBe('¥12000');
    expect(normaliseLine('¥1 8,700')).toBe('¥18700');
    expect(normaliseLine('¥12 000')).toBe('¥12000');
    expect(normaliseLine('18, 700円')).toBe('18700円');
    expect(normaliseLine('18 ,700円')).toBe('18700円');
    expect(normaliseLine('12,000 円')).toBe('12000円');
    expect(normaliseLine('数量 2 8,700円')).toBe('数量 2 8700円');
    expect(normaliseLine('¥1,000 2,000')).toBe('¥1000 2000');
  });

  it('joins CJK characters OCR spaced out one by one, and keeps printed gaps between words', () => {
    expect(normaliseLine('請 求 日 令和6年4月1日')).toBe('請求日令和6年4月1日');
    expect(normaliseLine('合 計 \\18.700')).toBe('合計 ¥18700');
    expect(normaliseLine('合 計 金 額')).toBe('合計金額');
    expect(normaliseLine('株 式 会 社 サンプル')).toBe('株式会社サンプル');
    expect(normaliseLine('株式会社サンプル 東京都千代田区')).toBe('株式会社サンプル 東京都千代田区');
    expect(normaliseLine('品名 数量 単価 金額')).toBe('品名 数量 単価 金額');
    expect(normaliseLine('山田 太郎 様')).toBe('山田 太郎様');
    expect(normaliseLine('  Invoice date:\t1 April 2024 ')).toBe('Invoice date: 1 April 2024');
    expect(normaliseLine('株式会社ABC 御中      株式会社サンプル')).toBe('株式会社ABC 御中  株式会社サンプル');
    expect(normaliseLine('山田 太郎 様 株式会社サンプル')).toBe('山田 太郎様 株式会社サンプル');
    expect(normaliseLine('株式会社ひかり⼯業  御 請 求 書')).toBe('株式会社ひかり工業  御請求書');
    // Inside katakana a single space is OCR's, whatever the words' length; a column's wider gap stays.
    expect(normaliseLine('株式会社青葉ロジスティ クス  御 請 求 書')).toBe('株式会社青葉ロジスティクス  御請求書');
    expect(normaliseLine('ロジスティクス  センター')).toBe('ロジスティクス  センター');
    expect(normaliseLine('みなとセンタービル 7F')).toBe('みなとセンタービル 7F');
  });

  it('reads the CJK radicals a PDF text layer gives for some kanji as those kanji', () => {
    expect(normaliseLine('株式会社⻘葉⾷品')).toBe('株式会社青葉食品');
    expect(normaliseLine('瀬⼾内')).toBe('瀬戸内');
    expect(normaliseLine('瀬戶内')).toBe('瀬戸内');
    expect(normaliseLine('発⾏⽇')).toBe('発行日');
    expect(normaliseLine('⻑野⻄')).toBe('長野西');
  });

  it('undoes OCR’s % read as 96 or 9o after a tax rate, and its doubled separators', () => {
    expect(normaliseLine('1096対象 ¥457,800')).toBe('10%対象 ¥457800');
    expect(normaliseLine('896対象')).toBe('8%対象');
    expect(normaliseLine('Consumption tax 109o (on ¥373,000)')).toBe('Consumption tax 10% (on ¥373000)');
    expect(normaliseLine('¥896')).toBe('¥896');
    expect(normaliseLine('合計 \\2.,929')).toBe('合計 ¥2929');
  });

  it('makes dashes and wave dashes one character each', () => {
    expect(normaliseLine('2024年4月1日〜2024年4月30日')).toBe('2024年4月1日~2024年4月30日');
    expect(normaliseLine('2024年4月1日～2024年4月30日')).toBe('2024年4月1日~2024年4月30日');
    expect(normaliseLine('03ー1234ー5678')).toBe('03-1234-5678');
    expect(normaliseLine('値引 −1,000')).toBe('値引 -1000');
    expect(normaliseLine('T1–2345–6789–0123')).toBe('T1-2345-6789-0123');
  });
});

describe('kanjiOfRadicals', () => {
  it("takes a text layer's radicals and compatibility forms to the kanji, and leaves the rest of the line as printed", () => {
    expect(kanjiOfRadicals('請求⽇ 令和６年４⽉１⽇')).toBe('請求日 令和６年４月１日');
    expect(kanjiOfRadicals('⻘⽊ ⼾田 ＴＥＬ')).toBe('青木 戸田 ＴＥＬ');
  });
});
