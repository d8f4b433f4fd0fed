import { describe, expect, it } from 'vitest';
import { readCheckNames, readFieldsResult, type ReadFieldSet } from '#shared/schemas/read-fields.ts';
import type { TextLine } from '../text-lines.ts';
import { mergeReadings, NAME_CHARACTERS_MIN, OCR_LINE_MIN_CONFIRMED, OCR_LINE_MIN_UNCONFIRMED, READ_CONFIDENCE_MIN, readFieldsFrom } from './read-fields.ts';

const today = '2024-06-15';
const page = (...texts: string[]): TextLine[] => texts.map((text) => ({ text, page: 1 }));
const values = (fields: ReadFieldSet) => Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field!.value]));
const checks = (result: ReturnType<typeof readFieldsFrom>) => Object.fromEntries(result.checks.map(({ check, result: outcome }) => [check, outcome]));

/** A received 請求書: the addressee left, the issuer's block right, totals under the items. */
const invoice = page(
  '請 求 書',
  '〒150-0001 東京都渋谷区神宮前1-2-3',
  '株式会社ABC商事 御中',
  '請求日 令和6年4月1日',
  '株式会社サンプル',
  '〒100-0001 東京都千代田区千代田1-1',
  'TEL 03-1234-5678',
  '登録番号 T7000012050002',
  'ご請求金額 ¥13,160-',
  'お支払期限 2024年4月30日',
  '品名 数量 単価 金額',
  'コンサルティング 1 10,000 10,000',
  '※お茶 20 100 2,000',
  '小計 ¥12,000',
  '10%対象 ¥10,000 消費税 ¥1,000',
  '8%対象 ¥2,000 消費税 ¥160',
  '合計 ¥13,160',
  '※は軽減税率対象',
  'お振込先 三井住友銀行 新宿支店 普通 1234567',
);

describe('readFieldsFrom', () => {
  it('reads a Japanese invoice: date, total, issuer, addressee, registration number, every check', () => {
    const result = readFieldsFrom(invoice, { today });
    expect(values(result.fields)).toEqual({
      transaction_date: '2024-04-01', transaction_amount: 13160, provider: '株式会社サンプル', recipient: '株式会社ABC商事', invoice_number: 'T7000012050002',
    });
    expect(result.own_document).toBe(false);
    expect(checks(result)).toEqual({ sum: 'ok', tax_rates: 'ok', date_future: 'ok', date_range: 'ok', check_digit: 'ok', registry: 'not_checked' });
    expect(result.checks.map((check) => check.check)).toEqual([...readCheckNames]);
    // The source is the line as read, not as normalised.
    expect(result.fields.transaction_date!.source).toBe('請求日 令和6年4月1日');
    expect(result.fields.transaction_amount).toMatchObject({ source: '合計 ¥13,160', confidence: 0.97 });
    // It fits the stored reading's schema.
    expect(readFieldsResult.safeParse({ version: 1, status: 'read', fields: result.fields, checks: result.checks, read_at: '2024-06-15T00:00:00Z', ms: 1 }).success).toBe(true);
  });

  it('swaps provider and recipient on a document the contract issued: the addressee is the trading partner', () => {
    const byName = readFieldsFrom(invoice, { today, own: { name: '株式会社サンプル' } });
    expect(byName.own_document).toBe(true);
    expect(values(byName.fields)).toMatchObject({ provider: '株式会社ABC商事', recipient: '株式会社サンプル', invoice_number: 'T7000012050002' });
    const byNumber = readFieldsFrom(invoice, { today, own: { invoiceNumber: 'T7000012050002' } });
    expect(byNumber).toMatchObject({ own_document: true, fields: { provider: { value: '株式会社ABC商事' }, recipient: { value: '株式会社サンプル' } } });
    // Received by the contract: as read.
    const received = readFieldsFrom(invoice, { today, own: { name: '株式会社ABC商事', invoiceNumber: 'T1180301018771' } });
    expect(received).toMatchObject({ own_document: false, fields: { provider: { value: '株式会社サンプル' }, recipient: { value: '株式会社ABC商事' }, invoice_number: { value: 'T7000012050002' } } });
  });

  it('reads an English invoice: Invoice date in DD/MM/YYYY, Bill to, Total due', () => {
    const result = readFieldsFrom(page(
      'Sample Trading Co., Ltd.',
      'INVOICE  1-1 Chiyoda, Chiyoda-ku, Tokyo 100-0001',
      'Tel: +81-3-1234-5678',
      'Registration No.: T7000012050002',
      'BILL TO  Invoice No. INV-202404-001',
      'Example Corp.',
      'Invoice Date 01/04/2024',
      'Due Date  30/04/2024',
      'Description  Qty  Unit Price  Amount',
      'Consulting  1  ¥10,000  ¥10,000',
      'Subtotal  ¥10,000',
      'Consumption tax 10% (on ¥10,000)  ¥1,000',
      'Total due  ¥11,000',
    ), { today });
    expect(values(result.fields)).toEqual({
      transaction_date: '2024-04-01', transaction_amount: 11000, provider: 'Sample Trading Co., Ltd.', recipient: 'Example Corp.', invoice_number: 'T7000012050002',
    });
    expect(checks(result)).toMatchObject({ sum: 'ok', tax_rates: 'ok' });
  });

  it('reads a receipt: 領収日, 金…円也, the shop, 様', () => {
    const result = readFieldsFrom(page('領 収 書', '山田 太郎 様', '金 12,000 円也', '但し お品代として', '上記正に領収いたしました', '領収日 2024年4月1日', '㈲サンプル商店', '東京都港区芝公園1-2-3', 'TEL 03-0000-0000'), { today });
    expect(values(result.fields)).toEqual({ transaction_date: '2024-04-01', transaction_amount: 12000, provider: '有限会社サンプル商店', recipient: '山田 太郎' });
    expect(checks(result)).toMatchObject({ check_digit: 'not_checked', sum: 'not_checked', tax_rates: 'not_checked' });
  });

  it('reads a 源泉徴収 invoice’s gross and a 前回繰越 statement’s own period', () => {
    const withholding = readFieldsFrom(page('山田 太郎', 'TEL 090-0000-0000', '株式会社ABC 御中', '請求日 2024/04/01', 'ご請求金額 ¥99,790-', '小計 ¥100,000', '消費税(10%) ¥10,000', '合計 ¥110,000', '源泉徴収税 -¥10,210', '差引ご請求額 ¥99,790'), { today });
    expect(withholding.fields.transaction_amount).toMatchObject({ value: 110000 });
    const statement = readFieldsFrom(page('株式会社ABC 御中', '請求日 2024/04/30', '前回御請求額 御入金額 繰越金額 今回御買上額 消費税額 今回御請求額', '55,000 50,000 5,000 10,000 1,000 16,000'), { today });
    expect(statement.fields.transaction_amount).toMatchObject({ value: 11000 });
  });

  it('offers what fails a check empty, with the reason and the check failed', () => {
    const result = readFieldsFrom(page('請求日 2024年7月1日', '株式会社サンプル', '登録番号 T7000012050003', '小計 ¥10,000', '消費税 ¥1,000', '合計 ¥12,000'), { today });
    expect(result.fields).toMatchObject({
      transaction_date: { value: null, problem: 'date_future', source: '請求日 2024年7月1日' },
      transaction_amount: { value: null, problem: 'amount_sum' },
      invoice_number: { value: null, problem: 'invoice_check_digit' },
    });
    expect(checks(result)).toMatchObject({ date_future: 'failed', sum: 'failed', check_digit: 'failed' });
    const ambiguous = readFieldsFrom(page('2024年4月1日', '2024年4月2日'), { today });
    expect(ambiguous.fields.transaction_date).toMatchObject({ value: null, problem: 'date_ambiguous' });
    expect(checks(ambiguous)).toMatchObject({ date_future: 'not_checked', date_range: 'not_checked' });
  });

  it('weighs OCR: confidence times the line’s, the region kept, unsure values offered empty (low_confidence)', () => {
    const region = { page: 1, x: 0.1, y: 0.2, width: 0.3, height: 0.02 };
    const ocr = (text: string, confidence: number): TextLine => ({ text, page: 1, confidence, region });
    const sure = readFieldsFrom([ocr('請 求 日 令和6年4月1日', 0.9), ocr('合 計 \\18.700', 0.92)], { today });
    expect(sure.fields.transaction_date).toEqual({ value: '2024-04-01', confidence: 0.855, source: '請 求 日 令和6年4月1日', region });
    expect(sure.fields.transaction_amount).toMatchObject({ value: 18700, confidence: 0.828, region });
    // Below READ_CONFIDENCE_MIN once multiplied.
    const unsure = readFieldsFrom([ocr('2024年4月1日', 0.71)], { today });
    expect(unsure.fields.transaction_date).toMatchObject({ value: null, problem: 'low_confidence', confidence: 0.497 });
    expect(0.7 * 0.71).toBeLessThan(READ_CONFIDENCE_MIN);
    // A name no check confirms needs a surer line than a checked number.
    const names = readFieldsFrom([ocr('株式会社ABC 御中', 0.8), ocr('株式会社大平薬局', 0.8), ocr('登録番号 T7000012050002', 0.6)], { today });
    expect(OCR_LINE_MIN_UNCONFIRMED.provider).toBeGreaterThan(0.8);
    expect(names.fields).toMatchObject({
      recipient: { value: null, problem: 'low_confidence' },
      provider: { value: null, problem: 'low_confidence' },
      invoice_number: { value: 'T7000012050002', confidence: 0.582 },
    });
    // A total 小計 + 消費税 confirm passes where the same total alone would not.
    const confirmed = readFieldsFrom([ocr('小計 ¥10,000', 0.65), ocr('消費税 ¥1,000', 0.65), ocr('合計 ¥11,000', 0.65)], { today });
    expect(confirmed.fields.transaction_amount).toMatchObject({ value: 11000 });
    const alone = readFieldsFrom([ocr('合計 ¥11,000', 0.65)], { today });
    expect(alone.fields.transaction_amount).toMatchObject({ value: null, problem: 'low_confidence' });
    // Confirmed by the printed sums or its check digit, a value stands however unsure OCR was of its line,
    // down to a line of noise.
    const doubted = readFieldsFrom([ocr('小計 ¥10,000', 0.4), ocr('消費税 ¥1,000', 0.4), ocr('合計 \\11.000', 0.35), ocr('登録番号 T7000012050002', 0.35)], { today });
    expect(doubted.fields.transaction_amount).toMatchObject({ value: 11000, confidence: expect.closeTo(0.97 * 0.35, 3) });
    expect(doubted.fields.invoice_number).toMatchObject({ value: 'T7000012050002' });
    expect(OCR_LINE_MIN_CONFIRMED).toBeLessThan(0.35);
    const noise = readFieldsFrom([ocr('小計 ¥10,000', 0.2), ocr('消費税 ¥1,000', 0.2), ocr('合計 ¥11,000', 0.2), ocr('登録番号 T7000012050002', 0.2)], { today });
    expect(noise.fields.transaction_amount).toMatchObject({ value: null, problem: 'low_confidence' });
    expect(noise.fields.invoice_number).toMatchObject({ value: null, problem: 'low_confidence' });
  });

  it("weighs a name by OCR's confidence in its own characters, not its line's", () => {
    const spelt = (text: string, line: number, doubted = ''): TextLine => ({
      text, page: 1, confidence: line, symbols: [...text].map((char) => ({ text: char, confidence: char === doubted ? 0.7 : 0.98 })),
    });
    // The line is unsure (a stray mark, an honorific half read), the name's characters are not.
    const clean = readFieldsFrom([spelt('株式会社大和テクノロジー _ 御中', 0.6), spelt('株式会社青葉商事 ::', 0.6)], { today });
    expect(clean.fields).toMatchObject({
      recipient: { value: '株式会社大和テクノロジー', confidence: expect.closeTo(0.9 * 0.98, 3) },
      provider: { value: '株式会社青葉商事' },
    });
    // One character in doubt (大各 for 大和) keeps the name out, on however sure a line.
    const misread = readFieldsFrom([spelt('株式会社大各テクノロジー 御中', 0.95, '各'), spelt('株式会社青葉商事', 0.95)], { today });
    expect(misread.fields.recipient).toMatchObject({ value: null, problem: 'low_confidence', confidence: expect.closeTo(0.9 * 0.7, 3) });
    expect(misread.fields.provider).toMatchObject({ value: '株式会社青葉商事' });
    expect(0.7).toBeLessThan(NAME_CHARACTERS_MIN);
  });

  it('reads nothing from a page with no fields, and says every check was not run', () => {
    const result = readFieldsFrom(page('いつもご利用ありがとうございます'), { today });
    expect(result).toEqual({ fields: {}, checks: readCheckNames.map((check) => ({ check, result: 'not_checked' })), own_document: false, doubted: {} });
    expect(readFieldsFrom([], { today }).fields).toEqual({});
  });

  it('offers no yen total for a document in dollars', () => {
    const result = readFieldsFrom(page('Invoice date: April 1, 2024', 'Subtotal $100.00', 'Tax $10.00', 'Total USD 110.00'), { today });
    expect(values(result.fields)).toEqual({ transaction_date: '2024-04-01' });
  });

  describe('two readings of a page merged (OCR as sparse text, then by the page layout)', () => {
    const ocr = (text: string, confidence = 0.9): TextLine => ({ text, page: 1, confidence });
    it('keeps what the first read and fills what it left unread from the second, with the checks that value stands on', () => {
      const first = readFieldsFrom([ocr('請求日 令和6年4月1日'), ocr('株式会社ABC商事 御中', 0.95)], { today });
      const second = readFieldsFrom([ocr('請求日 令和6年4月1日'), ocr('小計 ¥10,000'), ocr('消費税 ¥1,000'), ocr('合計 ¥11,000'), ocr('登録番号 T7000012050002')], { today });
      const merged = mergeReadings(first, second);
      expect(values(merged.fields)).toEqual({ transaction_date: '2024-04-01', transaction_amount: 11000, recipient: '株式会社ABC商事', invoice_number: 'T7000012050002' });
      expect(Object.fromEntries(merged.checks.map(({ check, result }) => [check, result]))).toMatchObject({ sum: 'ok', check_digit: 'ok', date_future: 'ok' });
      expect(merged.checks.map(({ check }) => check)).toEqual([...readCheckNames]);
    });

    it('offers a field the two read differently empty, never one of the two', () => {
      const first = readFieldsFrom([ocr('合計 ¥11,000'), ocr('請求日 令和6年4月1日')], { today });
      const second = readFieldsFrom([ocr('合計 ¥17,000'), ocr('請求日 令和6年4月1日')], { today });
      const merged = mergeReadings(first, second);
      expect(merged.fields.transaction_amount).toMatchObject({ value: null, problem: 'low_confidence', source: '合計 ¥11,000' });
      expect(merged.fields.transaction_date).toMatchObject({ value: '2024-04-01' });
    });

    it('fills a field the first doubted only when the second reads the same value', () => {
      // The first read 大各 and doubted it (line too unsure); a second reading of 大和 is no confirmation of it.
      const first = readFieldsFrom([ocr('株式会社大各テクノロジー 御中', 0.6), ocr('合計 ¥11,000', 0.6)], { today });
      expect(first.doubted).toEqual({ recipient: '株式会社大各テクノロジー', transaction_amount: 11000 });
      const second = readFieldsFrom([ocr('株式会社大和テクノロジー 御中', 0.95), ocr('合計 ¥11,000', 0.95)], { today });
      const merged = mergeReadings(first, second);
      expect(merged.fields.recipient).toMatchObject({ value: null, problem: 'low_confidence' });
      expect(merged.fields.transaction_amount).toMatchObject({ value: 11000 });
      expect(merged.doubted).toEqual({ recipient: '株式会社大各テクノロジー' });
    });
  });
});
