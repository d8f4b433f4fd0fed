import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { corporateCheckDigit } from '#shared/invoice-number.ts';
import { findInvoiceNumbers, readInvoiceNumber, type InvoiceNumberContext } from './invoice-numbers.ts';
import { parseLines } from './parsed-lines.ts';

const NTA = 'T7000012050002';
const TOYOTA = 'T1180301018771';
/** A valid number from 12 base digits, made with the shared rule. */
const valid = (base: string) => `T${corporateCheckDigit(base)}${base}`;
const OTHER = valid('010401234567');

const lines = (...texts: string[]) => parseLines(texts.map((text) => ({ text, page: 1 })));
const read = (texts: string[], context: Partial<InvoiceNumberContext> = {}) => readInvoiceNumber(lines(...texts), { ownDocument: false, ...context });
const numberOf = (...texts: string[]) => read(texts).finding?.value;

describe('findInvoiceNumbers', () => {
  it('reads T + 13 digits however printed: hyphens, spaces, full width, after 登録番号, OCR’s O and 丁', () => {
    const found = (text: string) => findInvoiceNumbers(lines(text)).map((candidate) => candidate.number);
    expect(found('T7000012050002')).toEqual([NTA]);
    expect(found('登録番号:T7000012050002')).toEqual([NTA]);
    expect(found('登録番号：Ｔ７０００－０１２０－５０００２')).toEqual([NTA]);
    expect(found('T7-0000-1205-0002')).toEqual([NTA]);
    expect(found('T 7000 0120 50002')).toEqual([NTA]);
    expect(found('T700OO12050002')).toEqual([NTA]);
    expect(found('丁7000012050002')).toEqual([NTA]);
    expect(found('登録番号 7000012050002')).toEqual([NTA]);
    expect(found('Registration No.: T7000012050002')).toEqual([NTA]);
  });

  it('reads a number OCR glued to its label (Registration numberT…)', () => {
    expect(findInvoiceNumbers(lines(`Registration number${NTA}`)).map((found) => found.number)).toEqual([NTA]);
  });

  it('finds nothing in 12 or 14 digits, a T glued to a word, or a telephone number', () => {
    const found = (text: string) => findInvoiceNumbers(lines(text)).map((candidate) => candidate.number);
    expect(found('T700001205000')).toEqual([]);
    expect(found('T70000120500021')).toEqual([]);
    expect(found('INT7000012050002')).toEqual([]);
    expect(found('TEL 03-1234-5678')).toEqual([]);
    expect(found('T7000012050002 2024/04/01')).toEqual([NTA]);
  });

  it('marks the labelled and the addressee’s numbers', () => {
    expect(findInvoiceNumbers(lines('登録番号 T7000012050002'))[0]).toMatchObject({ labelled: true, addressee: false, valid: true });
    expect(findInvoiceNumbers(lines('T7000012050002'))[0]).toMatchObject({ labelled: false });
    expect(findInvoiceNumbers(lines('貴社登録番号 T1180301018771'))[0]).toMatchObject({ addressee: true });
    expect(findInvoiceNumbers(lines('T7000012050003'))[0]).toMatchObject({ valid: false });
  });
});

describe('readInvoiceNumber', () => {
  it('takes the one number printed, labelled more surely', () => {
    expect(read(['登録番号 T7000012050002'])).toEqual({ finding: expect.objectContaining({ value: NTA, certainty: 0.97 }), checks: { check_digit: 'ok' } });
    expect(read(['T1180301018771']).finding).toMatchObject({ value: TOYOTA, certainty: 0.9 });
    expect(numberOf('登録番号 T7000012050002', 'T7000012050002')).toBe(NTA);
    expect(read(['合計 ¥1,100'])).toEqual({ checks: {} });
  });

  it('offers a number with a wrong check digit empty (invoice_check_digit)', () => {
    expect(read(['登録番号 T7000012050003'])).toEqual({ finding: expect.objectContaining({ value: null, problem: 'invoice_check_digit' }), checks: { check_digit: 'failed' } });
    // One digit misread by OCR (8 for 3) is caught the same way.
    expect(read(['登録番号 T1180801018771']).finding).toMatchObject({ value: null, problem: 'invoice_check_digit' });
  });

  it('of two numbers takes the issuer’s: never the addressee’s nor the contract’s own', () => {
    const page = ['株式会社ABC商事 御中', `登録番号 ${TOYOTA}`, '', '株式会社サンプル', 'TEL 03-1234-5678', `登録番号 ${NTA}`];
    expect(read(page, { issuerLine: 3, addresseeLine: 0 }).finding).toMatchObject({ value: NTA, certainty: 0.85 });
    expect(read(page, { own: TOYOTA }).finding).toMatchObject({ value: NTA });
    expect(read(page, { own: 'T1-1803-0101-8771' }).finding).toMatchObject({ value: NTA });
    expect(read(['株式会社サンプル', `貴社登録番号 ${TOYOTA}`, `登録番号 ${NTA}`]).finding).toMatchObject({ value: NTA });
    // No block to go by: none, rather than a guess.
    expect(read(page).finding).toBeUndefined();
    // A block's details follow its name: the number under it over the one above it…
    expect(read([`登録番号 ${TOYOTA}`, '株式会社サンプル', `登録番号 ${OTHER}`], { issuerLine: 1 }).finding).toMatchObject({ value: OTHER });
    // …and two as near it are none.
    expect(read(['株式会社サンプル', `登録番号 ${TOYOTA}  登録番号 ${OTHER}`], { issuerLine: 0 }).finding).toBeUndefined();
  });

  it('in a two-column head (both blocks on one line) takes the number in the issuer’s column, on the right', () => {
    const at = (text: string, x: number) => ({ text, page: 1, region: { page: 1, x, y: 0, width: 0.3, height: 0.02 } });
    const head = parseLines([at('株式会社八雲食品 御中  (株)光洋企画', 0.08), at('〒105-0011', 0.6), at(`登録番号 ${TOYOTA}`, 0.08), at('TEL 03-7461-9217', 0.6), at(`登録番号 ${NTA}`, 0.6)]);
    expect(readInvoiceNumber(head, { ownDocument: false, issuerLine: 0, addresseeLine: 0 }).finding).toMatchObject({ value: NTA });
    // Without regions (or both on one side): none.
    expect(read(['株式会社八雲食品 御中  (株)光洋企画', `登録番号 ${TOYOTA}`, `登録番号 ${NTA}`], { issuerLine: 0, addresseeLine: 0 }).finding).toBeUndefined();
  });

  it('with the blocks side by side, takes the number printed in the issuer’s column of a line holding both', () => {
    const head = ['Aoba Systems Co., Ltd.  Bill to', 'Tokyo 150-0002  Northwind Logistics Inc.', `Registration number ${OTHER}  Registration number ${NTA}`];
    expect(read(head, { issuerLine: 0, addresseeLine: 1, issuerColumn: 0, addresseeColumn: 1 }).finding).toMatchObject({ value: OTHER });
    expect(read(head, { issuerLine: 0, addresseeLine: 1, issuerColumn: 1, addresseeColumn: 0 }).finding).toMatchObject({ value: NTA });
    // The addressee's number alone on its line, the issuer's side empty there (an unregistered issuer): not the document's.
    const at = (text: string, x: number) => ({ text, page: 1, region: { page: 1, x, y: 0, width: 0.3, height: 0.02 } });
    const alone = parseLines([at('Aoba Systems Co., Ltd.  Bill to', 0.08), at('Tokyo 150-0002  Northwind Logistics Inc.', 0.08), at(`Registration number ${NTA}`, 0.52)]);
    const sides = { ownDocument: false, issuerLine: 0, addresseeLine: 1, issuerColumn: 0, addresseeColumn: 1 };
    expect(readInvoiceNumber(alone, sides).finding).toBeUndefined();
    expect(readInvoiceNumber(parseLines([...alone.slice(0, 2).map((line) => line.source), at(`Registration number ${NTA}`, 0.08)]), sides).finding).toMatchObject({ value: NTA });
  });

  it('takes the contract’s own number on a document the contract issued', () => {
    const page = ['株式会社ABC商事 御中', `登録番号 ${TOYOTA}`, '株式会社サンプル', `登録番号 ${NTA}`];
    expect(read(page, { own: NTA, ownDocument: true }).finding).toMatchObject({ value: NTA });
    expect(read([`登録番号 ${NTA}`], { own: NTA, ownDocument: false }).finding).toBeUndefined();
  });

  it('judges the issuer’s number’s check digit even when the addressee’s is valid', () => {
    const page = ['株式会社ABC商事 御中', `登録番号 ${TOYOTA}`, '株式会社サンプル', 'TEL 03-1234-5678', '登録番号 T7000012050003'];
    expect(read(page, { issuerLine: 2, addresseeLine: 0 })).toEqual({ finding: expect.objectContaining({ value: null, problem: 'invoice_check_digit' }), checks: { check_digit: 'failed' } });
  });

  it('reads back any valid number however it is printed', () => {
    const fullWidth = (text: string) => text.replace(/[0-9T-]/gu, (char) => String.fromCharCode(char.charCodeAt(0) + 0xfee0));
    const forms = (number: string) => {
      const d = number.slice(1);
      const grouped = `${d.slice(0, 1)}-${d.slice(1, 5)}-${d.slice(5, 9)}-${d.slice(9)}`;
      return [`登録番号 ${number}`, `登録番号:${number}`, `登録番号 T${grouped}`, `登録番号 T${grouped.replace(/-/gu, ' ')}`, fullWidth(`登録番号：${number}`), `Registration No.: ${number}`, `登録番号 ${d}`, `適格請求書発行事業者登録番号 ${number.replace(/0/gu, 'O')}`];
    };
    const base = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 12, maxLength: 12 }).map((digits) => digits.join(''));
    fc.assert(fc.property(base, fc.nat(7), (digits, pick) => {
      const number = valid(digits);
      return numberOf(forms(number)[pick]!) === number;
    }), { seed: 29, numRuns: 1000 });
  });
});
