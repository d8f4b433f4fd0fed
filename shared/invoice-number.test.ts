import { describe, expect, it } from 'vitest';
import { checkDigitOk, corporateCheckDigit, normalizeInvoiceNumber, parseInvoiceNumber } from './invoice-number.ts';

/** Real numbers: 国税庁, トヨタ自動車, 日本税理士会連合会 (corporations) and three individual businesses found in public material. */
const CORPORATE = ['7000012050002', '1180301018771', '7010705000725'];
const INDIVIDUAL = ['2810973054129', '2810703528253', '9810438829471'];

/** The number with one digit raised by one (9 becomes 0). */
const changeDigit = (digits: string, index: number) => digits.slice(0, index) + String((Number(digits[index]) + 1) % 10) + digits.slice(index + 1);

describe('the 法人番号 check digit', () => {
  it('matches real corporate numbers', () => {
    for (const number of CORPORATE) expect(corporateCheckDigit(number.slice(1))).toBe(Number(number[0]));
  });

  it('counts digit positions from the lowest digit: weight 1, 2, 1, 2 … from the right', () => {
    // 基礎番号 700110005901: odd positions from the right sum to 11, even ones to 13; 9 − (11 + 2 × 13) mod 9 = 8.
    expect(corporateCheckDigit('700110005901')).toBe(8);
    expect(() => corporateCheckDigit('12345')).toThrow(RangeError);
  });

  it('fails any one changed digit of a real number', () => {
    for (const number of [...CORPORATE, ...INDIVIDUAL]) {
      for (let index = 0; index < 13; index += 1) {
        const changed = changeDigit(number, index);
        // 0↔9 in a base digit is the rule's one blind spot (9 ≡ 0 mod 9): +1 only produces it from a 9.
        if (index > 0 && number[index] === '9') continue;
        expect(checkDigitOk(changed), `${changed}`).toBe(false);
      }
    }
  });
});

describe('registration numbers', () => {
  it('accepts real corporate and individual numbers', () => {
    for (const number of [...CORPORATE, ...INDIVIDUAL]) expect(parseInvoiceNumber(`T${number}`)).toEqual({ ok: true, number: `T${number}` });
  });

  it('normalises what users type: full width, lower case, hyphens, spaces, a missing T', () => {
    expect(normalizeInvoiceNumber('Ｔ７０００－０１２０－５０００２')).toBe('T7000012050002');
    expect(parseInvoiceNumber('t1-1803-0101-8771')).toEqual({ ok: true, number: 'T1180301018771' });
    expect(parseInvoiceNumber(' T 7000 0120 50002 ')).toEqual({ ok: true, number: 'T7000012050002' });
    expect(parseInvoiceNumber('ｔ7000012050002')).toEqual({ ok: true, number: 'T7000012050002' });
    expect(parseInvoiceNumber('T7000ー0120ー50002')).toEqual({ ok: true, number: 'T7000012050002' });
    expect(parseInvoiceNumber('7000012050002')).toEqual({ ok: true, number: 'T7000012050002' });
  });

  it('reports the format when it is not T and 13 digits', () => {
    for (const input of ['', 'T', 'T700001205000', 'T70000120500021', 'X7000012050002', 'T70000120500O2', 'TT7000012050002']) {
      expect(parseInvoiceNumber(input), input).toEqual({ ok: false, problem: 'format' });
    }
  });

  it('reports the check digit when one digit is wrong, for corporations and individuals alike', () => {
    expect(parseInvoiceNumber('T7000012050003')).toEqual({ ok: false, problem: 'check_digit' });
    expect(parseInvoiceNumber('T1180301018772')).toEqual({ ok: false, problem: 'check_digit' });
    expect(parseInvoiceNumber('T2810973054128')).toEqual({ ok: false, problem: 'check_digit' });
    expect(parseInvoiceNumber('T1234567890123')).toEqual({ ok: false, problem: 'check_digit' });
  });
});
