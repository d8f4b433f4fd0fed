import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findAmounts } from './amount-tokens.ts';
import { readDocumentTotal } from './amounts.ts';
import { normaliseLine } from './normalise.ts';
import { parseLines } from './parsed-lines.ts';

const lines = (...texts: string[]) => parseLines(texts.map((text) => ({ text, page: 1 })));
const read = (...texts: string[]) => readDocumentTotal(lines(...texts));
const total = (...texts: string[]) => read(...texts).finding?.value;
const tokens = (text: string) => findAmounts(normaliseLine(text)).map(({ value, currency, negative, receiptForm }) => ({ value, currency, negative, receiptForm }));

describe('findAmounts', () => {
  it('reads yen with ¥, 円, JPY, a trailing dash, 金…円也, full width and commas', () => {
    expect(tokens('¥12,000')).toEqual([{ value: 12000, currency: 'yen', negative: false, receiptForm: false }]);
    expect(tokens('12,000円')).toEqual([{ value: 12000, currency: 'yen', negative: false, receiptForm: false }]);
    expect(tokens('￥１２，０００－')).toEqual([{ value: 12000, currency: 'yen', negative: false, receiptForm: true }]);
    expect(tokens('金 12,000 円也')).toEqual([{ value: 12000, currency: 'yen', negative: false, receiptForm: true }]);
    expect(tokens('JPY 12,000')).toEqual([{ value: 12000, currency: 'yen', negative: false, receiptForm: false }]);
    expect(tokens('¥1,000.00')[0]).toMatchObject({ value: 1000, currency: 'yen' });
    expect(tokens('12,000')).toEqual([{ value: 12000, currency: 'unmarked', negative: false, receiptForm: false }]);
    expect(tokens('値引 -1,000')).toEqual([{ value: 1000, currency: 'unmarked', negative: true, receiptForm: false }]);
    expect(tokens('源泉徴収税 △10,210')[0]).toMatchObject({ value: 10210, negative: true });
  });

  it('gives no yen for another currency or for decimals', () => {
    expect(tokens('$120.50')[0]).toMatchObject({ value: null, currency: 'foreign' });
    expect(tokens('USD 120.50')[0]).toMatchObject({ value: null, currency: 'foreign' });
    expect(tokens('€1,200')[0]).toMatchObject({ value: null, currency: 'foreign' });
    expect(tokens('120.50')[0]).toMatchObject({ value: null, currency: 'foreign' });
  });

  it('finds no amount in rates, quantities, dates, times, telephone numbers, postcodes, T-numbers or codes', () => {
    expect(tokens('10%対象')).toEqual([]);
    expect(tokens('3点')).toEqual([]);
    expect(tokens('2024年4月1日 12:34')).toEqual([]);
    expect(tokens('TEL 03-1234-5678 〒100-0001')).toEqual([]);
    expect(tokens('登録番号 T7000012050002')).toEqual([]);
    expect(tokens('No.12345 #678 INV0012 A4')).toEqual([]);
    expect(tokens('12,34')).toEqual([]);
  });
});

describe('readDocumentTotal', () => {
  it('takes the labelled total: 税込合計, 合計金額, 合計, 総合計, ご請求金額, 領収金額, Total, Amount due', () => {
    expect(total('税込合計 ¥11,000')).toBe(11000);
    expect(total('合計金額 11,000円')).toBe(11000);
    expect(total('合計 ¥11,000')).toBe(11000);
    expect(total('総合計 11,000')).toBe(11000);
    expect(total('ご請求金額 ¥11,000-')).toBe(11000);
    expect(total('御請求金額 ¥11,000-')).toBe(11000);
    expect(total('領収金額 ¥11,000')).toBe(11000);
    expect(total('Total: ¥11,000')).toBe(11000);
    expect(total('Total due JPY 11,000')).toBe(11000);
    expect(total('Amount due: ¥11,000')).toBe(11000);
    expect(total('Grand total ¥11,000')).toBe(11000);
    expect(total('Total (tax incl.) ¥11,000')).toBe(11000);
    expect(total('合計(税込) 11,000円')).toBe(11000);
    expect(total('合計 ¥11,000(税込)')).toBe(11000);
  });

  it('reads OCR-noisy totals', () => {
    expect(total('合 計 \\18.700')).toBe(18700);
    expect(total('合計 ¥l8,7OO')).toBe(18700);
    expect(total('合計 ￥１８，７００')).toBe(18700);
    expect(total('ご請求金額 ¥ 18, 700 -')).toBe(18700);
    expect(total('合 計 金 額 18,700 円')).toBe(18700);
  });

  it('reads the receipt forms: 金…円也, ¥…- and 金額 on a receipt', () => {
    expect(total('領収書', '金 12,000 円也', '但し お品代として')).toBe(12000);
    expect(total('領収書', '¥12,000-', '上記正に領収いたしました')).toBe(12000);
    expect(total('領収書', '金額 ¥12,000')).toBe(12000);
    // 金額 on an invoice is a column, and ¥…- alone on an invoice names nothing.
    expect(total('請求書', '金額 ¥12,000')).toBeUndefined();
    expect(total('請求書', '¥12,000-')).toBeUndefined();
  });

  it('never takes a subtotal, a tax line, a base, a discount, a withholding, a carried balance, cash or change', () => {
    expect(total('小計 ¥10,000')).toBeUndefined();
    expect(total('Subtotal ¥10,000')).toBeUndefined();
    expect(total('消費税 ¥1,000')).toBeUndefined();
    expect(total('Tax (10%) ¥1,000')).toBeUndefined();
    expect(total('VAT ¥1,000')).toBeUndefined();
    expect(total('(内消費税 ¥100)')).toBeUndefined();
    expect(total('10%対象 ¥10,000')).toBeUndefined();
    expect(total('値引き -¥1,000')).toBeUndefined();
    expect(total('Discount -¥1,000')).toBeUndefined();
    expect(total('源泉徴収税 -¥10,210')).toBeUndefined();
    expect(total('前回繰越 ¥5,000')).toBeUndefined();
    expect(total('お預り ¥2,000', 'お釣り ¥900')).toBeUndefined();
    expect(total('Cash tendered ¥2,000', 'Change ¥900')).toBeUndefined();
    expect(total('合計(税抜) ¥10,000')).toBeUndefined();
    expect(total('税抜合計 ¥10,000')).toBeUndefined();
  });

  it('checks 小計 + 消費税 = 合計 (外税), and offers the total empty when it does not add up (amount_sum)', () => {
    expect(read('小計 ¥10,000', '消費税 ¥1,000', '合計 ¥11,000')).toEqual({ finding: expect.objectContaining({ value: 11000, certainty: 0.97 }), checks: { sum: 'ok', tax_rates: 'not_checked' } });
    expect(read('小計 ¥10,000', '消費税 ¥1,000', '合計 ¥11,100')).toEqual({ finding: expect.objectContaining({ value: null, problem: 'amount_sum' }), checks: { sum: 'failed', tax_rates: 'not_checked' } });
    expect(read('小計 ¥10,000 消費税 ¥1,000 合計 ¥11,000').finding?.value).toBe(11000);
    expect(read('小計 消費税 合計', '10,000 1,000 11,000').finding?.value).toBe(11000);
    expect(read('Subtotal ¥10,000', 'Tax (10%) ¥1,000', 'Total ¥11,000').checks).toEqual({ sum: 'ok', tax_rates: 'ok' });
  });

  it('takes 内税 totals: 合計 is the total and the 内消費税 line is informational', () => {
    expect(read('小計 ¥1,100', '(内消費税 ¥100)', '合計 ¥1,100')).toMatchObject({ finding: { value: 1100 }, checks: { sum: 'ok' } });
    expect(read('合計 ¥1,100 (内消費税等 ¥100)')).toMatchObject({ finding: { value: 1100 } });
    // A 内税 receipt that prints its tax as 消費税 without 内: no more than the tax inside the total.
    expect(read('小計 ¥1,100', '消費税等 ¥100', '合計 ¥1,100')).toMatchObject({ finding: { value: 1100 }, checks: { sum: 'ok' } });
    // …but a 合計 equal to the 小計 with a full 10% on top is no 内税 total.
    expect(read('小計 ¥10,000', '消費税 ¥1,000', '合計 ¥10,000')).toMatchObject({ finding: { value: null, problem: 'amount_sum' } });
  });

  it('takes the total after 値引き, subtracting only a discount read after the 小計', () => {
    expect(read('小計 ¥10,000', '値引き -¥1,000', '消費税 ¥900', '合計 ¥9,900')).toMatchObject({ finding: { value: 9900 }, checks: { sum: 'ok' } });
    expect(read('商品A ¥10,000', '値引き -¥1,000', '小計 ¥9,000', '消費税 ¥900', '合計 ¥9,900')).toMatchObject({ finding: { value: 9900 }, checks: { sum: 'ok' } });
    expect(read('合計 ¥11,000', '値引き ¥1,000', 'ご請求金額 ¥10,000')).toMatchObject({ finding: { value: 10000 } });
  });

  it('takes the gross before 源泉徴収 as the transaction amount, not the 差引 amount paid', () => {
    const invoice = ['ご請求金額 ¥99,790-', '小計 ¥100,000', '消費税(10%) ¥10,000', '合計 ¥110,000', '源泉徴収税 -¥10,210', '差引ご請求額 ¥99,790'];
    expect(read(...invoice)).toMatchObject({ finding: { value: 110000 }, checks: { sum: 'ok', tax_rates: 'ok' } });
    // No gross printed: the 差引 amount plus the withholding, when 小計 + 消費税 confirm it.
    expect(read('ご請求金額 ¥99,790-', '小計 ¥100,000', '消費税 ¥10,000', '源泉所得税 △10,210')).toMatchObject({ finding: { value: 110000 } });
    expect(read('差引ご請求額 ¥99,790', '源泉徴収税額 ¥10,210')).toEqual({ checks: { tax_rates: 'not_checked' } });
  });

  it('finds the pre-tax 合計 of an invoice whose final line adds the tax', () => {
    expect(total('合計 ¥10,000', '消費税 ¥1,000', 'ご請求金額 ¥11,000')).toBe(11000);
    expect(total('今回御買上額 10,000', '消費税額 1,000', '今回御請求額 11,000')).toBe(11000);
  });

  it('never takes a ご請求金額 that carries 前回繰越: this period’s total', () => {
    expect(read('前回繰越 ¥5,000', '今回ご請求額 ¥11,000', 'ご請求金額 ¥16,000')).toMatchObject({ finding: { value: 11000, certainty: 0.97 } });
    expect(total('小計 ¥10,000', '消費税 ¥1,000', '合計 ¥11,000', '前回繰越 ¥5,000', 'ご請求金額 ¥16,000')).toBe(11000);
    // The classic ledger row: 今回御請求額 includes the balance; 今回御買上額 + 消費税額 is this period's.
    expect(read('前回御請求額 御入金額 繰越金額 今回御買上額 消費税額 今回御請求額', '55,000 50,000 5,000 10,000 1,000 16,000')).toMatchObject({ finding: { value: 11000 } });
    // A balance read without an amount: never the amount billed.
    expect(total('前回御請求額 ¥5,000', 'ご請求金額 ¥16,000')).toBeUndefined();
    // The numbers do not add up: empty, with the sum check failed.
    expect(read('前回繰越 ¥5,000', '今回ご請求額 ¥11,000', 'ご請求金額 ¥17,000')).toMatchObject({ finding: { value: null, problem: 'amount_sum' }, checks: { sum: 'failed' } });
    // Nothing carried: the ご請求金額 is the document's.
    expect(total('前回繰越 ¥0', 'ご請求金額 ¥11,000')).toBe(11000);
  });

  it('checks each rate against its base, 外税 and 内税, with the 軽減税率 ※ mark (amount_tax)', () => {
    const mixed = ['※は軽減税率対象', '小計 ¥12,000', '10%対象 ¥10,000 消費税 ¥1,000', '8%対象 ¥2,000 消費税 ¥160', '消費税 ¥1,160', '合計 ¥13,160'];
    expect(read(...mixed)).toMatchObject({ finding: { value: 13160 }, checks: { sum: 'ok', tax_rates: 'ok' } });
    const inclusive = ['合計 ¥3,260', '(10%対象 ¥1,100 内消費税 ¥100)', '(8%対象 ¥2,160 内消費税 ¥160)'];
    expect(read(...inclusive)).toMatchObject({ finding: { value: 3260 }, checks: { tax_rates: 'ok' } });
    expect(read('合計 ¥3,260', '8%対象 ¥2,160 (内消費税 ¥160)', '10%対象 ¥1,100 (内消費税 ¥100)')).toMatchObject({ finding: { value: 3260 }, checks: { tax_rates: 'ok' } });
    expect(read('軽減税率対象 ¥2,160 (内消費税 ¥160)', '合計 ¥2,160')).toMatchObject({ checks: { tax_rates: 'ok' } });
    // 1,000 at 8% is 80, never 100.
    expect(read('合計 ¥13,160', '10%対象 ¥10,000 消費税 ¥1,000', '8%対象 ¥2,000 消費税 ¥100')).toMatchObject({ finding: { value: null, problem: 'amount_tax' }, checks: { tax_rates: 'failed' } });
    // Any rounding: 1,234 × 10% = 123.4 (123 down or round, 124 up).
    expect(read('10%対象 ¥1,234 消費税 ¥124', '合計 ¥1,358')).toMatchObject({ finding: { value: 1358 }, checks: { tax_rates: 'ok' } });
    expect(read('10%対象 ¥1,234 消費税 ¥125', '合計 ¥1,359')).toMatchObject({ checks: { tax_rates: 'failed' } });
    // A single-rate document's tax against its 小計.
    expect(read('小計 ¥10,000', '消費税(10%) ¥1,100', '合計 ¥11,100')).toMatchObject({ finding: { value: null, problem: 'amount_tax' } });
    expect(read('消費税(10%対象 10,000) 1,000', '合計 11,000')).toMatchObject({ finding: { value: 11000 }, checks: { tax_rates: 'ok' } });
    // A rate stays in its column: the total tax in the next one is no 8% tax.
    expect(read('小計 ¥179,700', '10%対象 ¥164,800 消費税 ¥16,480', '8%対象 ¥14,900 消費税 ¥1,192  消費税  ¥17,672', '合計 ¥197,372')).toMatchObject({ finding: { value: 197372 }, checks: { sum: 'ok', tax_rates: 'ok' } });
    expect(read('Subtotal ¥262,300', 'Consumption tax 10% (on ¥262,300)  ¥26,230', 'Total ¥288,530')).toMatchObject({ finding: { value: 288530 }, checks: { sum: 'ok', tax_rates: 'ok' } });
  });

  it('leaves different totals of equal rank, or totals that disagree unexplained, empty (amount_ambiguous)', () => {
    expect(read('合計 ¥11,000', '合計 ¥12,000')).toMatchObject({ finding: { value: null, problem: 'amount_ambiguous' } });
    expect(read('合計 ¥11,000', 'ご請求金額 ¥12,100')).toMatchObject({ finding: { value: null, problem: 'amount_ambiguous' } });
    expect(read('合計 ¥11,000', 'ご請求金額 ¥11,000-').finding).toMatchObject({ value: 11000, certainty: 0.95 });
  });

  it('offers no yen total for a document in another currency', () => {
    expect(total('Subtotal $100.00', 'Tax $10.00', 'Total USD 110.00')).toBeUndefined();
    expect(total('Currency: USD', 'Total 1,200')).toBeUndefined();
    expect(total('Total €1,200')).toBeUndefined();
    expect(total('Total 120.50')).toBeUndefined();
  });

  it('takes the yen amount after a label, not a count before it', () => {
    expect(total('Total 3 items ¥3,300')).toBe(3300);
    expect(total('合計 3点 ¥1,100')).toBe(1100);
    expect(total('お買上点数 3点', '合計 ¥1,100', 'お預り ¥2,000', 'お釣り ¥900')).toBe(1100);
    expect(total('ご請求金額', '¥18,700-')).toBe(18700);
  });

  it('reads back any yen amount however it is written (¥, 円, commas, full width, a dash)', () => {
    const fullWidth = (text: string) => text.replace(/[0-9,¥]/gu, (char) => (char === '¥' ? '￥' : char === ',' ? '，' : String.fromCharCode(char.charCodeAt(0) + 0xfee0)));
    const forms = (amount: number) => {
      const grouped = amount.toLocaleString('en-US');
      return [`¥${grouped}`, `${grouped}円`, `¥${grouped}-`, `${amount}円`, `¥${amount}`, fullWidth(`¥${grouped}`), fullWidth(`${grouped}円`), `\\${grouped}`, `JPY ${grouped}`, `¥ ${grouped} -`];
    };
    fc.assert(fc.property(fc.integer({ min: 1, max: 99_999_999_999 }), fc.nat(9), fc.constantFrom('合計', '税込合計', 'ご請求金額', 'Total'), (amount, pick, label) =>
      total(`${label} ${forms(amount)[pick]!}`) === amount), { seed: 29, numRuns: 2000 });
  });
});
