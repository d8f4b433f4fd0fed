import { findDates } from './dates.ts';

/**
 * The amounts written in one normalised line (thousands separators already gone: ./normalise.ts),
 * with what they are written in: yen (¥, 円, JPY), another currency, or no mark at all. Numbers
 * that are not amounts — dates, times, telephone numbers and postcodes, T-numbers, percentages,
 * quantities (3点), codes glued to letters — are never offered as one.
 */
export interface AmountToken {
  start: number;
  end: number;
  /** Whole yen, without its sign; null when it is not a yen amount (another currency, or decimals yen never has). */
  value: number | null;
  negative: boolean;
  currency: 'yen' | 'foreign' | 'unmarked';
  /** Written the way a receipt writes its sum: 金12,000円也, ¥12,000- (no label needed). */
  receiptForm: boolean;
}

/** Spans that hold digits but no amount, blanked out before amounts are looked for. */
const NOT_AMOUNTS = [
  /[T丁]\s?\d(?:[\s-]?\d){12}(?!\d)/gu, // a qualified invoice number
  /\d+(?:-\d+)+/gu, // telephone numbers, postcodes, addresses (1-2-3), codes
  /\d{1,2}:\d{2}(?::\d{2})?/gu, // times
  /(?<![\d.])\d+(?:\.\d+)?\s*%/gu, // rates
  /\d+\s*(?:点|個|件|枚|名|本|台|回|泊|冊|杯|箱|式|袋|缶|セット|ケース|時間|ヶ月|か月|カ月|ヵ月|年|月|日|号|番地?|丁目|階|kg|g|ml|L|cm|mm|pcs|PCS)(?![A-Za-z])/gu,
];

const AMOUNT = /(?<sign>[-▲△]\s?)?(?<pre>¥|JPY\s?|US\$\s?|\$\s?|USD\s?|€\s?|EUR\s?|£\s?|GBP\s?)?(?<num>\d[\d,]*)(?<dec>\.\d+)?(?<suf>\s?(?:円也|円|也|JPY|USD|EUR|ドル|ユーロ))?(?<dash>-(?![\d]))?/gu;
const YEN_MARKS = /^(?:¥|JPY|円也|円|也)$/u;
/** After an amount with no currency mark, only what ends a number in print. */
const BARE_END = /^(?:$|[\s)\]】」(,.;:*※/])/u;
/** Before an amount with no mark: nothing glued to it (No.12, #12, A12, 12 in a code). */
const GLUED_BEFORE = /[A-Za-z0-9.#/_№]$/u;
/** 金 written right before the sum (金12,000円也), not the end of 料金 or 現金. */
const KIN_BEFORE = /(?<![\p{Script=Han}])金\s*$/u;
/** The largest amount taken for one: beyond it, digits run together. */
const AMOUNT_MAX = 999_999_999_999;

function blankNotAmounts(text: string): string {
  let masked = text;
  const blank = (start: number, end: number) => {
    masked = masked.slice(0, start) + ' '.repeat(end - start) + masked.slice(end);
  };
  for (const date of findDates(text)) blank(date.start, date.end);
  for (const pattern of NOT_AMOUNTS) {
    for (const match of masked.matchAll(pattern)) blank(match.index, match.index + match[0].length);
  }
  return masked;
}

export function findAmounts(text: string): AmountToken[] {
  const masked = blankNotAmounts(text);
  const tokens: AmountToken[] = [];
  for (const match of masked.matchAll(AMOUNT)) {
    const { sign, pre, num, dec, suf, dash } = match.groups as Record<string, string | undefined>;
    const start = match.index;
    const end = start + match[0].length;
    const before = masked.slice(0, start);
    const after = masked.slice(end);
    const marks = [pre?.trim(), suf?.trim()].filter((mark): mark is string => mark !== undefined && mark !== '');
    const marked = marks.length > 0 || dash !== undefined;
    // Glued to more digits, or to a separator and digits normalisation could not read (2.,929).
    if (/^(?:[\d%]|[.,]\d)/u.test(after)) continue;
    if (!marked && (!BARE_END.test(after) || (sign === undefined && GLUED_BEFORE.test(before)))) continue;
    if (sign !== undefined && /[A-Za-z0-9]$/u.test(before)) continue;
    // A comma left by normalisation does not group thousands (12,34): no number to trust.
    if (num!.includes(',')) continue;
    const foreign = marks.some((mark) => !YEN_MARKS.test(mark));
    const yen = marks.some((mark) => YEN_MARKS.test(mark));
    const wholeYen = dec === undefined || (yen && /^\.0+$/u.test(dec));
    const amount = Number(num);
    tokens.push({
      start,
      end,
      value: foreign || !wholeYen || amount > AMOUNT_MAX ? null : amount,
      negative: sign !== undefined,
      currency: foreign || (!yen && dec !== undefined) ? 'foreign' : yen ? 'yen' : 'unmarked',
      receiptForm: KIN_BEFORE.test(before) || /也/u.test(suf ?? '') || (dash !== undefined && (pre === '¥' || yen)),
    });
  }
  return tokens;
}

/** Whether a line mentions yen, or another currency, anywhere (a document in dollars has no yen total). */
export const mentionsYen = (text: string): boolean => /[¥円]|(?<![A-Za-z])JPY(?![A-Za-z])/u.test(text);
export const mentionsForeignCurrency = (text: string): boolean => /[$€£]|(?<![A-Za-z])(?:USD|EUR|GBP)(?![A-Za-z])|ドル|ユーロ/u.test(text);
