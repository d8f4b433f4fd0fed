import { isAcceptedTransactionDate } from '#shared/transaction-date.ts';
import { isCalendarDate } from '#domain/ebookkeeping/calendar-date.ts';
import type { ReadContext } from '../text-lines.ts';
import { findLabels, isLabelsOnly, labelBefore, labels, withPrefixes, type LabelMatch } from './labels.ts';
import type { CheckResults, Finding, ParsedLine } from './parsed-lines.ts';

/**
 * The document's date (取引年月日 as the document gives it: 発行日, 請求日, 領収日...) from its
 * normalised lines, in 西暦, 和暦 and English forms. A date the document marks as something else —
 * a due date, a delivery date, a billing period — is never taken, and where the document does not
 * say which date is its own, none is offered.
 */

/** A date written in a line: where, and the calendar date it names (null: not one date, see `readings`). */
export interface DateMatch {
  start: number;
  end: number;
  value: string | null;
  /** a/b/YYYY with both parts up to 12: the day-first and the month-first reading, for the document's order to decide. */
  readings?: { dayFirst: string | null; monthFirst: string | null };
  /** a/b/YYYY with a part over 12: which order the document writes its dates in. */
  order?: DateOrder;
}
type DateOrder = 'day_first' | 'month_first';

const pad = (value: number) => String(value).padStart(2, '0');

/** YYYY-MM-DD for a date that exists, else null (2024-02-30, month 13). */
export function calendarDate(year: number, month: number, day: number): string | null {
  const iso = `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
  return isCalendarDate(iso) ? iso : null;
}

/**
 * The Japanese eras a document of ours may carry (改元: 昭和 from 1926-12-25, 平成 from
 * 1989-01-08, 令和 from 2019-05-01): year 1 (元年) is `offset + 1`. A date outside its era
 * (平成32年, 令和元年4月1日) is no date: the writer or the OCR got something wrong.
 */
const ERAS: Record<string, { offset: number; first: string; last?: string }> = {
  令和: { offset: 2018, first: '2019-05-01' },
  平成: { offset: 1988, first: '1989-01-08', last: '2019-04-30' },
  昭和: { offset: 1925, first: '1926-12-25', last: '1989-01-07' },
};
const ERA_LETTERS: Record<string, string> = { R: '令和', H: '平成', S: '昭和' };

export function eraDate(era: string, year: string, month: number, day: number): string | null {
  const rule = ERAS[ERA_LETTERS[era] ?? era];
  if (!rule) return null;
  const eraYear = year === '元' ? 1 : Number(year);
  if (eraYear < 1) return null;
  const iso = calendarDate(rule.offset + eraYear, month, day);
  if (iso === null || iso < rule.first || (rule.last !== undefined && iso > rule.last)) return null;
  return iso;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_NAME = '(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)';
const monthNumber = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
const ORDINAL = '(?:st|nd|rd|th)?';

/** Each written form, and how its groups make a date. */
const DATE_FORMS: Array<{ pattern: RegExp; read: (groups: string[]) => Omit<DateMatch, 'start' | 'end'> }> = [
  // 西暦: 2024年4月1日
  { pattern: /(?<!\d)(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日/gu, read: ([y, m, d]) => ({ value: calendarDate(Number(y), Number(m), Number(d)) }) },
  // 和暦: 令和6年4月1日, 令和元年5月1日, 平成31年4月30日
  { pattern: /(令和|平成|昭和)\s*(元|\d{1,2})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日/gu, read: ([era, y, m, d]) => ({ value: eraDate(era!, y!, Number(m), Number(d)) }) },
  // 和暦, short: R6.4.1, R06/04/01, H31.4.30, 令和6/4/1
  { pattern: /(?<![A-Za-z\d])(令和|平成|昭和|R|H|S)\s?(元|\d{1,2})([./-])(\d{1,2})\3(\d{1,2})(?![\d.])/gu, read: ([era, y, , m, d]) => ({ value: eraDate(era!, y!, Number(m), Number(d)) }) },
  // 西暦, numeric: 2024/04/01, 2024-04-01, 2024.4.1
  { pattern: /(?<![\d./-])(\d{4})([./-])(\d{1,2})\2(\d{1,2})(?![\d])/gu, read: ([y, , m, d]) => ({ value: calendarDate(Number(y), Number(m), Number(d)) }) },
  // a/b/YYYY: day-first (01/04/2024 in British and Japanese-English layouts) or month-first (US).
  { pattern: /(?<![\d./-])(\d{1,2})([./-])(\d{1,2})\2(\d{4})(?![\d])/gu, read: ([a, , b, y]) => dayMonthYear(Number(a), Number(b), Number(y)) },
  // 1 April 2024, 01-Apr-2024, 1st Apr. 2024
  { pattern: new RegExp(`(?<![A-Za-z\\d])(\\d{1,2})${ORDINAL}[\\s-]*${MONTH_NAME}\\.?,?[\\s-]*(\\d{4})(?!\\d)`, 'giu'), read: ([d, m, y]) => ({ value: calendarDate(Number(y), monthNumber(m!), Number(d)) }) },
  // April 1, 2024, Apr 1 2024
  { pattern: new RegExp(`(?<![A-Za-z])${MONTH_NAME}\\.?\\s*(\\d{1,2})${ORDINAL},?\\s*(\\d{4})(?!\\d)`, 'giu'), read: ([m, d, y]) => ({ value: calendarDate(Number(y), monthNumber(m!), Number(d)) }) },
];

/**
 * a/b/YYYY. A part over 12 settles the order (and tells the document's order for its other
 * dates); with both up to 12 and different, the date is ambiguous until the document's order is
 * known (`resolveOrder`): 01/04/2024 is 1 April in London and January 4 in New York.
 */
function dayMonthYear(a: number, b: number, year: number): Omit<DateMatch, 'start' | 'end'> {
  if (a > 12) return { value: calendarDate(year, b, a), order: 'day_first' };
  if (b > 12) return { value: calendarDate(year, a, b), order: 'month_first' };
  if (a === b) return { value: calendarDate(year, a, a) };
  return { value: null, readings: { dayFirst: calendarDate(year, b, a), monthFirst: calendarDate(year, a, b) } };
}

/** The dates written in a normalised line, left to right (where two forms overlap, the longer). */
export function findDates(text: string): DateMatch[] {
  const all: DateMatch[] = [];
  for (const form of DATE_FORMS) {
    for (const match of text.matchAll(form.pattern)) {
      all.push({ start: match.index, end: match.index + match[0].length, ...form.read(match.slice(1)) });
    }
  }
  all.sort((a, b) => (b.end - b.start) - (a.end - a.start) || a.start - b.start);
  const kept: DateMatch[] = [];
  for (const match of all) if (kept.every((other) => match.end <= other.start || match.start >= other.end)) kept.push(match);
  return kept.sort((a, b) => a.start - b.start);
}

type DateRole = 'document' | 'other';

/**
 * Labels of the document's own date (rank 2 names it, rank 1 is generic: 日付, Date) and of every
 * other date a document carries. The others list the longer forms the document labels sit in
 * (前回請求日 holds 請求日, Due date holds Date): the longest label wins.
 */
const DATE_LABELS = [
  ...labels<DateRole>('document', 2, [
    '発行日', '発行年月日', '発行日付', '発行日時', '請求書発行日', '領収書発行日',
    ...withPrefixes(['請求日', '請求年月日', '請求日付'], ['', 'ご', '御']),
    '領収日', '領収年月日', '受領日', '取引日', '取引年月日', '取引日時', 'お取引日',
    'お買上日', 'お買上げ日', 'お買い上げ日', 'ご利用日', 'ご利用日時', '利用日', '売上日', '計上日',
    'Invoice date', 'Date of invoice', 'Issue date', 'Issued date', 'Date issued', 'Issued on', 'Date of issue',
    'Receipt date', 'Transaction date', 'Purchase date', 'Billing date',
  ]),
  ...labels<DateRole>('document', 1, ['日付', '年月日', '日時', '作成日', '入金日', '決済日', 'Date']),
  ...labels<DateRole>('other', 0, [
    ...withPrefixes(['支払期限', '支払期日', '支払日', '支払予定日', '支払い期限', '支払い期日', '振込期限', '振込期日', '振込日', '入金期限', '入金予定日'], ['', 'お', 'ご']),
    '期限', '期日', '納期', '納品日', '納入日', '出荷日', '発送日', '配送日', 'お届け日', '入荷日',
    '有効期限', '有効期間', '見積有効期限', '期間', '対象期間', '請求期間', 'ご利用期間', '利用期間', 'ご請求期間',
    '締日', '締め日', '締切日', '締切', '前回請求日', '前回ご請求日', '前回御請求日', '次回', '前回', '印刷日', '出力日', '生年月日',
    'Due date', 'Date due', 'Payment due', 'Due', 'Pay by', 'Payment date', 'Due on', 'Valid until', 'Expiry date', 'Expiration date',
    'Expires', 'Delivery date', 'Ship date', 'Shipping date', 'Shipped', 'Period', 'Billing period', 'Service period', 'Printed',
  ]),
];

/** Between two dates: a range (2024年4月1日〜2024年4月30日, 1 Apr 2024 - 30 Apr 2024, 自…至…; OCR reads 〜 as へ, ー or 一). */
const RANGE_BETWEEN = /^\s*(?:~|-|ー|一|へ|から|より|至|to|until|till|through|thru)\s*$/iu;
/** Right after a date: the start of a range, or a deadline (2024年4月30日までに, 〜30日). */
const AFTER_NOT_DOCUMENT = /^\s*(?:~|-\s*\d|から|より|まで|迄|必着|限り|締|(?:to|until|till|through|thru)\s)/iu;
/** Right before a date: the end of a range (至 2024年4月30日, from 1 April 2024). */
const BEFORE_NOT_DOCUMENT = /(?:~|至|自|(?<![A-Za-z])(?:from|to|until|till|through|thru))\s*$/iu;

/** An explicit order written on the document (a column headed DD/MM/YYYY). */
const ORDER_HINTS: Array<[RegExp, DateOrder]> = [
  [/(?<![A-Za-z])DD[/.-]MM[/.-]YY(?:YY)?(?![A-Za-z])/iu, 'day_first'],
  [/(?<![A-Za-z])MM[/.-]DD[/.-]YY(?:YY)?(?![A-Za-z])/iu, 'month_first'],
];

interface DateCandidate {
  match: DateMatch;
  line: ParsedLine;
  role: DateRole | 'unlabelled';
  rank: number;
  /** Labelled as the date to pay by (支払期限, Due date): never before the document's own. */
  due?: boolean;
}

const DUE_LABEL = /期限|期日|(?<![A-Za-z])due(?![A-Za-z])/iu;

/** Certainty of a date by how it was found: a date label naming it, a generic one, none at all. */
const CERTAINTY = { named: 0.95, generic: 0.9, unlabelled: 0.7, orderFromSiblings: 0.9 };

function candidatesIn(lines: ParsedLine[]): DateCandidate[] {
  const candidates: DateCandidate[] = [];
  let header: LabelMatch<DateRole>[] | undefined;
  for (const line of lines) {
    const dates = findDates(line.text);
    const found = findLabels(line.text, DATE_LABELS);
    // A header line's labels name the dates of the next line, in order, when they are as many.
    const fromHeader = found.length === 0 && header !== undefined && header.length === dates.length ? header : undefined;
    dates.forEach((match, index) => {
      const previous = dates[index - 1];
      const label = fromHeader?.[index] ?? labelBefore(found, previous?.end ?? 0, match.start);
      const between = previous ? line.text.slice(previous.end, match.start) : '';
      const next = dates[index + 1];
      const inRange = (previous !== undefined && RANGE_BETWEEN.test(between))
        || (next !== undefined && RANGE_BETWEEN.test(line.text.slice(match.end, next.start)))
        || AFTER_NOT_DOCUMENT.test(line.text.slice(match.end))
        || BEFORE_NOT_DOCUMENT.test(line.text.slice(previous?.end ?? 0, match.start));
      const before = candidates.at(-1);
      if (inRange) candidates.push({ match, line, role: 'other', rank: 0 });
      else if (label) {
        const due = label.role === 'other' && DUE_LABEL.test(line.text.slice(label.start, label.end));
        candidates.push({ match, line, role: label.role, rank: fromHeader ? Math.min(label.rank, 1) : label.rank, ...(due ? { due } : {}) });
      }
      // A date after another with no label between is under the same one (期間 2024年4月1日 2024年4月30日).
      else if (previous && before?.line === line) candidates.push({ ...before, match });
      else candidates.push({ match, line, role: 'unlabelled', rank: 0 });
    });
    header = dates.length === 0 && isLabelsOnly(line.text, found) ? found : undefined;
  }
  return candidates;
}

/**
 * The order of the document's a/b/YYYY dates: an explicit DD/MM/YYYY or MM/DD/YYYY on it, or its
 * other dates with a part over 12 (a due date of 30/04/2024 says the 01/04/2024 beside it is
 * 1 April). Nothing else decides it, not the language: with no evidence, or evidence both ways,
 * the date stays unread (a miss is better than a wrong value).
 */
function documentOrder(lines: ParsedLine[], candidates: DateCandidate[]): { order?: DateOrder; explicit: boolean } {
  const hinted = new Set<DateOrder>();
  for (const line of lines) for (const [pattern, order] of ORDER_HINTS) if (pattern.test(line.text)) hinted.add(order);
  if (hinted.size === 1) return { order: [...hinted][0]!, explicit: true };
  if (hinted.size > 1) return { explicit: true };
  const seen = new Set(candidates.flatMap((candidate) => (candidate.match.order ? [candidate.match.order] : [])));
  if (seen.size === 1) return { order: [...seen][0]!, explicit: false };
  if (seen.size > 1) return { explicit: false };
  return { ...dueDateOrder(candidates), explicit: false };
}

/**
 * The order in which a document's own date comes before the date it is due by, when only one does
 * (10/03/2025 due 09/04/2025: 10 March due 9 April, not 3 October due 4 September).
 */
function dueDateOrder(candidates: DateCandidate[]): { order?: DateOrder } {
  const own = candidates.filter((candidate) => candidate.role === 'document' && candidate.match.readings);
  const due = candidates.filter((candidate) => candidate.due && candidate.match.readings);
  if (own.length === 0 || due.length === 0) return {};
  const fits = (order: DateOrder) => {
    const read = (match: DateMatch) => (order === 'day_first' ? match.readings!.dayFirst : match.readings!.monthFirst);
    return own.every((date) => due.every((by) => read(date.match) !== null && read(by.match) !== null && read(date.match)! <= read(by.match)!));
  };
  const orders = (['day_first', 'month_first'] as const).filter(fits);
  return orders.length === 1 ? { order: orders[0]! } : {};
}

export interface DateReading {
  finding?: Finding<string>;
  checks: CheckResults;
}

/** Noon in Japan on `today`: the instant the shared transaction-date bounds are judged at. */
const japanNoon = (today: string) => new Date(`${today}T12:00:00+09:00`);

/**
 * The document's date: a labelled one wins (the highest rank; two different dates under it are
 * ambiguous); with none labelled, the one date the document carries, less surely; with several,
 * none (`date_ambiguous`). The date found is then checked against today (`date_future`) and the
 * transaction dates the drive accepts (`date_range`): failing either, it is offered empty.
 */
export function readDocumentDate(lines: ParsedLine[], context: ReadContext): DateReading {
  const candidates = candidatesIn(lines);
  const { order, explicit } = documentOrder(lines, candidates);
  const valueOf = (match: DateMatch) => match.value ?? (order && match.readings ? (order === 'day_first' ? match.readings.dayFirst : match.readings.monthFirst) : null);
  const orderCertainty = (match: DateMatch) => (match.readings && !explicit ? CERTAINTY.orderFromSiblings : 1);

  // A date that does not exist (2024年2月30日, 令和元年4月1日) is no candidate; a labelled one still
  // keeps the unlabelled dates out: the document said which date is its own.
  const exists = (candidate: DateCandidate) => candidate.match.value !== null || candidate.match.readings !== undefined;
  const labelled = candidates.filter((candidate) => candidate.role === 'document');
  const readable = labelled.filter(exists);
  const topRank = Math.max(0, ...readable.map((candidate) => candidate.rank));
  const pool = labelled.length > 0 ? readable.filter((candidate) => candidate.rank === topRank) : candidates.filter((candidate) => candidate.role === 'unlabelled' && exists(candidate));
  if (pool.length === 0) return { checks: {} };

  const values = new Set(pool.map((candidate) => valueOf(candidate.match)));
  const first = pool[0]!;
  const chosen = values.size === 1 ? valueOf(first.match) : null;
  if (chosen === null) {
    // Several different dates, or one whose day and month cannot be told apart.
    return { finding: { value: null, certainty: 0, line: first.line, problem: 'date_ambiguous' }, checks: { date_future: 'not_checked', date_range: 'not_checked' } };
  }
  const base = readable.length === 0 ? CERTAINTY.unlabelled : topRank >= 2 ? CERTAINTY.named : CERTAINTY.generic;
  const certainty = base * orderCertainty(first.match);

  const future = chosen > context.today;
  const inRange = isAcceptedTransactionDate(chosen, japanNoon(context.today));
  const checks: CheckResults = { date_future: future ? 'failed' : 'ok', date_range: inRange ? 'ok' : 'failed' };
  if (future) return { finding: { value: null, certainty, line: first.line, problem: 'date_future' }, checks };
  if (!inRange) return { finding: { value: null, certainty, line: first.line, problem: 'date_range' }, checks };
  return { finding: { value: chosen, certainty, line: first.line }, checks };
}
