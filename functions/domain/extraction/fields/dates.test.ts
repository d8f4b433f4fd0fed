import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calendarDate, eraDate, findDates, readDocumentDate } from './dates.ts';
import { normaliseLine } from './normalise.ts';
import { parseLines } from './parsed-lines.ts';

const today = '2024-06-15';
const lines = (...texts: string[]) => parseLines(texts.map((text) => ({ text, page: 1 })));
const read = (...texts: string[]) => readDocumentDate(lines(...texts), { today });
const value = (...texts: string[]) => read(...texts).finding?.value;
const datesIn = (text: string) => findDates(normaliseLine(text)).map((match) => match.value);

describe('findDates', () => {
  it('reads 西暦 in kanji, slashes, hyphens and points, padded or not', () => {
    expect(datesIn('2024年4月1日')).toEqual(['2024-04-01']);
    expect(datesIn('2024年04月01日(月)')).toEqual(['2024-04-01']);
    expect(datesIn('2024 年 4 月 1 日')).toEqual(['2024-04-01']);
    expect(datesIn('2024/04/01')).toEqual(['2024-04-01']);
    expect(datesIn('2024-04-01')).toEqual(['2024-04-01']);
    expect(datesIn('2024.4.1')).toEqual(['2024-04-01']);
    expect(datesIn('２０２４年４月１日')).toEqual(['2024-04-01']);
    expect(datesIn('２０２４／０４／０１')).toEqual(['2024-04-01']);
  });

  it('reads 和暦: 令和 (元年 included), 平成, 昭和, long and short', () => {
    expect(datesIn('令和6年4月1日')).toEqual(['2024-04-01']);
    expect(datesIn('令和元年5月1日')).toEqual(['2019-05-01']);
    expect(datesIn('令和 元 年 5 月 1 日')).toEqual(['2019-05-01']);
    expect(datesIn('平成31年4月30日')).toEqual(['2019-04-30']);
    expect(datesIn('平成元年1月8日')).toEqual(['1989-01-08']);
    expect(datesIn('昭和64年1月7日')).toEqual(['1989-01-07']);
    expect(datesIn('R6.4.1')).toEqual(['2024-04-01']);
    expect(datesIn('R06/04/01')).toEqual(['2024-04-01']);
    expect(datesIn('H31.4.30')).toEqual(['2019-04-30']);
    expect(datesIn('令和6/4/1')).toEqual(['2024-04-01']);
    expect(datesIn('㋿6年4月1日')).toEqual(['2024-04-01']);
    expect(datesIn('令和６年４月１日')).toEqual(['2024-04-01']);
  });

  it('refuses an era date outside its era and a calendar date that does not exist', () => {
    expect(datesIn('令和元年4月30日')).toEqual([null]);
    expect(datesIn('平成31年5月1日')).toEqual([null]);
    expect(datesIn('平成元年1月7日')).toEqual([null]);
    expect(datesIn('令和0年5月1日')).toEqual([null]);
    expect(datesIn('2024年2月30日')).toEqual([null]);
    expect(datesIn('2023/02/29')).toEqual([null]);
    expect(datesIn('2024/02/29')).toEqual(['2024-02-29']);
    expect(datesIn('2024年13月1日')).toEqual([null]);
    expect(eraDate('大正', '15', 12, 24)).toBeNull();
    expect(calendarDate(2024, 4, 31)).toBeNull();
  });

  it('reads English month names, day first or month first', () => {
    expect(datesIn('1 April 2024')).toEqual(['2024-04-01']);
    expect(datesIn('April 1, 2024')).toEqual(['2024-04-01']);
    expect(datesIn('Apr 1, 2024')).toEqual(['2024-04-01']);
    expect(datesIn('Apr. 1 2024')).toEqual(['2024-04-01']);
    expect(datesIn('1st Apr 2024')).toEqual(['2024-04-01']);
    expect(datesIn('01-Apr-2024')).toEqual(['2024-04-01']);
    expect(datesIn('September 30th, 2024')).toEqual(['2024-09-30']);
    expect(datesIn('Sept 3, 2024')).toEqual(['2024-09-03']);
    expect(datesIn('30 February 2024')).toEqual([null]);
  });

  it('reads a/b/YYYY when a part over 12 settles the order, and leaves both readings otherwise', () => {
    expect(findDates('30/04/2024')[0]).toMatchObject({ value: '2024-04-30', order: 'day_first' });
    expect(findDates('04/30/2024')[0]).toMatchObject({ value: '2024-04-30', order: 'month_first' });
    expect(findDates('04/04/2024')[0]).toMatchObject({ value: '2024-04-04' });
    expect(findDates('01/04/2024')[0]).toMatchObject({ value: null, readings: { dayFirst: '2024-04-01', monthFirst: '2024-01-04' } });
  });

  it('finds no date in amounts, times, telephone numbers or invoice numbers', () => {
    expect(datesIn('合計 ¥18,700')).toEqual([]);
    expect(datesIn('TEL 03-1234-5678')).toEqual([]);
    expect(datesIn('T7000012050002')).toEqual([]);
    expect(datesIn('12:34')).toEqual([]);
    expect(datesIn('2024年4月分')).toEqual([]);
  });
});

describe('readDocumentDate', () => {
  it('takes the labelled date: 請求日, 発行日, 領収日, 日付, 取引日 and their English forms', () => {
    expect(value('請求日 2024年4月1日')).toBe('2024-04-01');
    expect(value('発行日：2024/04/01')).toBe('2024-04-01');
    expect(value('領収日 令和6年4月1日')).toBe('2024-04-01');
    expect(value('日付 R6.4.1')).toBe('2024-04-01');
    expect(value('発行年月日 令和6年4月1日')).toBe('2024-04-01');
    expect(value('請求年月日 2024-04-01')).toBe('2024-04-01');
    expect(value('取引日 2024.4.1')).toBe('2024-04-01');
    expect(value('Invoice date: April 1, 2024')).toBe('2024-04-01');
    expect(value('Date: 1 April 2024')).toBe('2024-04-01');
    expect(value('Issue date 2024-04-01')).toBe('2024-04-01');
    expect(value('Date of issue: Apr 1, 2024')).toBe('2024-04-01');
    expect(value('Receipt date 2024/04/01')).toBe('2024-04-01');
    expect(read('請求日 2024年4月1日').finding).toMatchObject({ certainty: 0.95 });
  });

  it('reads OCR-noisy labels and digits', () => {
    expect(value('請 求 日 令和6年4月1日')).toBe('2024-04-01');
    expect(value('発 行 日 2O24/O4/0l')).toBe('2024-04-01');
    expect(value('請求日 ２０２４年４月１日')).toBe('2024-04-01');
  });

  it('never takes a due date, a delivery date or an expiry, even beside the document date', () => {
    expect(value('請求日 2024年4月1日 お支払期限 2024年4月30日')).toBe('2024-04-01');
    expect(value('お支払期限 2024年4月30日', '請求日 2024年4月1日')).toBe('2024-04-01');
    expect(value('支払期限 2024年4月30日')).toBeUndefined();
    expect(value('振込期限：2024/04/30')).toBeUndefined();
    expect(value('納品日 2024/03/28', '発行日 2024/04/01')).toBe('2024-04-01');
    expect(value('有効期限 2024年5月31日')).toBeUndefined();
    expect(value('支払期日 R6.4.30', '2024年4月1日')).toBe('2024-04-01');
    expect(value('Due date: 30 April 2024', 'Invoice date: 1 April 2024')).toBe('2024-04-01');
    expect(value('Payment due April 30, 2024')).toBeUndefined();
    expect(value('2024年4月30日までにお振込みください')).toBeUndefined();
    expect(value('前回請求日 2024/03/01', '請求日 2024/04/01')).toBe('2024-04-01');
  });

  it('never takes a billing period, whichever way the range is written', () => {
    expect(value('期間 2024年4月1日〜2024年4月30日')).toBeUndefined();
    expect(value('2024年4月1日～2024年4月30日')).toBeUndefined();
    expect(value('ご利用期間 2024/04/01 - 2024/04/30', '請求日 2024/05/01')).toBe('2024-05-01');
    expect(value('2024/04/01 ~ 2024/04/30', '2024/05/01')).toBe('2024-05-01');
    expect(value('Billing period: 1 Apr 2024 to 30 Apr 2024', 'Date: 1 May 2024')).toBe('2024-05-01');
    expect(value('自 2024年4月1日 至 2024年4月30日')).toBeUndefined();
    expect(value('2024年4月1日〜30日分')).toBeUndefined();
    expect(value('期間 2024年4月1日 2024年4月30日')).toBeUndefined();
    // OCR's へ for 〜, and any text between: the second date is still the period's.
    expect(value('ご利用期間 2024/11/01 へ 2024/11/30')).toBeUndefined();
    expect(value('ご利用期間 2024/11/01 (金) 2024/11/30 (土)')).toBeUndefined();
  });

  it('takes the one unlabelled date less surely, and none of several (date_ambiguous)', () => {
    expect(read('株式会社サンプル', '2024年4月1日', '合計 ¥1,100').finding).toMatchObject({ value: '2024-04-01', certainty: 0.7 });
    expect(read('2024年4月1日', '2024/04/01').finding).toMatchObject({ value: '2024-04-01' });
    expect(read('2024年4月1日', '2024年4月2日').finding).toMatchObject({ value: null, problem: 'date_ambiguous' });
    expect(read('発行日 2024/04/01', '2024/03/31').finding).toMatchObject({ value: '2024-04-01', certainty: 0.95 });
  });

  it('reads nothing from a labelled date that does not exist, and does not fall back to another', () => {
    expect(read('請求日 2024年2月30日')).toEqual({ checks: {} });
    expect(read('請求日 令和元年4月1日', '2024年3月1日')).toEqual({ checks: {} });
    expect(value('2024年2月30日', '2024年3月1日')).toBe('2024-03-01');
  });

  it('prefers a named label over a generic one, and leaves two named dates that disagree', () => {
    expect(value('日付 2024/03/31', '請求日 2024/04/01')).toBe('2024-04-01');
    expect(read('請求日 2024/04/01', '発行日 2024/04/02').finding).toMatchObject({ value: null, problem: 'date_ambiguous' });
    expect(value('請求日 2024/04/01', '発行日 2024年4月1日')).toBe('2024-04-01');
  });

  it('reads a label on the line above its date, and a header row over a row of dates', () => {
    expect(value('請求日', '2024年4月1日')).toBe('2024-04-01');
    expect(value('請求日 お支払期限', '2024/04/01 2024/04/30')).toBe('2024-04-01');
    expect(value('Invoice date Due date', '01/04/2024 30/04/2024')).toBe('2024-04-01');
  });

  it('settles DD/MM only from the document: a written DD/MM/YYYY or its other dates, never a guess', () => {
    expect(value('Invoice date: 13/04/2024')).toBe('2024-04-13');
    expect(value('Invoice date: 04/13/2024')).toBe('2024-04-13');
    expect(read('Invoice date: 01/04/2024').finding).toMatchObject({ value: null, problem: 'date_ambiguous' });
    expect(value('Invoice date: 01/04/2024', 'Due date: 30/04/2024')).toBe('2024-04-01');
    expect(value('Invoice date: 04/01/2024', 'Due date: 04/30/2024')).toBe('2024-04-01');
    expect(value('Date (DD/MM/YYYY): 01/04/2024')).toBe('2024-04-01');
    expect(value('Date (MM/DD/YYYY): 01/04/2024')).toBe('2024-01-04');
    expect(read('Invoice date: 01/04/2024', 'Due date: 30/04/2024').finding!.certainty).toBeCloseTo(0.855);
    // Evidence both ways: the document cannot be trusted on its order.
    expect(read('Invoice date: 01/04/2024', 'Due date: 30/04/2024', 'Printed 04/30/2024').finding).toMatchObject({ value: null });
    // The due date follows the document's own in one order only: 10 March due 9 April, not 3 October due 4 September.
    expect(value('Date of issue  10/03/2024', 'Date due  09/04/2024')).toBe('2024-03-10');
    expect(value('Date of issue  03/10/2024', 'Date due  04/09/2024')).toBe('2024-03-10');
    // Both orders keep the due date after: still unread.
    expect(read('Date of issue  01/02/2024', 'Date due  03/04/2024').finding).toMatchObject({ value: null, problem: 'date_ambiguous' });
  });

  it('offers a future date empty (date_future) and one outside the accepted range empty (date_range)', () => {
    expect(read('請求日 2024年6月16日')).toEqual({ finding: expect.objectContaining({ value: null, problem: 'date_future' }), checks: { date_future: 'failed', date_range: 'ok' } });
    expect(read('請求日 2024年6月15日')).toEqual({ finding: expect.objectContaining({ value: '2024-06-15' }), checks: { date_future: 'ok', date_range: 'ok' } });
    expect(read('請求日 2062年6月15日').finding).toMatchObject({ value: null, problem: 'date_future' });
    expect(read('請求日 2062年6月15日').checks).toEqual({ date_future: 'failed', date_range: 'failed' });
    expect(read('請求日 1899年12月31日')).toEqual({ finding: expect.objectContaining({ value: null, problem: 'date_range' }), checks: { date_future: 'ok', date_range: 'failed' } });
    expect(read('請求日 明治30年1月1日').finding).toBeUndefined();
  });

  it('reports no checks when no date is read', () => {
    expect(read('合計 ¥1,100')).toEqual({ checks: {} });
    expect(read('2024年4月1日', '2024年4月2日').checks).toEqual({ date_future: 'not_checked', date_range: 'not_checked' });
  });

  it('reads back any valid date written in 西暦, 和暦, full width or English', () => {
    const DAY_MS = 86_400_000;
    const first = Date.parse('1989-01-08T00:00:00Z') / DAY_MS;
    const last = Date.parse(`${today}T00:00:00Z`) / DAY_MS;
    const day = fc.integer({ min: first, max: last }).map((index) => new Date(index * DAY_MS).toISOString().slice(0, 10));
    const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
    const fullWidth = (text: string) => text.replace(/[0-9]/gu, (digit) => String.fromCharCode(digit.charCodeAt(0) + 0xfee0));
    const forms = (iso: string): string[] => {
      const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
      const reiwa = iso >= '2019-05-01';
      const eraYear = reiwa ? y - 2018 : y - 1988;
      const era = `${reiwa ? '令和' : '平成'}${eraYear === 1 ? '元' : eraYear}年${m}月${d}日`;
      return [
        `${y}年${m}月${d}日`, `${y}/${String(m).padStart(2, '0')}/${String(d).padStart(2, '0')}`, `${y}-${m}-${d}`, `${y}.${m}.${d}`,
        era, `${reiwa ? 'R' : 'H'}${eraYear}.${m}.${d}`, fullWidth(`${y}年${m}月${d}日`), fullWidth(era),
        `${months[m - 1]} ${d}, ${y}`, `${d} ${months[m - 1]} ${y}`, `${d} ${months[m - 1]!.slice(0, 3)} ${y}`,
      ];
    };
    fc.assert(fc.property(day, fc.nat(10), (iso, pick) => {
      const form = forms(iso)[pick]!;
      return value(`請求日 ${form}`) === iso;
    }), { seed: 29, numRuns: 1500 });
  });
});
