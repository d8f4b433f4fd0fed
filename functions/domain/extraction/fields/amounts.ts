import type { CheckResults, Finding, ParsedLine } from './parsed-lines.ts';
import { findAmounts, mentionsForeignCurrency, mentionsYen, type AmountToken } from './amount-tokens.ts';
import { findLabels, isLabelsOnly, labels, withPrefixes, type LabelMatch } from './labels.ts';

/**
 * This document's total (取引金額) from its normalised lines: the tax-included amount of this
 * document's own transaction, in whole yen.
 *
 * - 源泉徴収: the total before withholding (合計, 税込) is the transaction amount, not the
 *   差引ご請求額 that is paid. The withholding is income tax the payer pays over for the issuer
 *   (所得税法204条); the consideration agreed and the amount booked as 報酬 stay the gross, and
 *   the withholding is a journal line of its own. So 差引 and a ご請求金額 equal to it are never
 *   the total; with no gross printed, it is the 差引 amount plus the withholding, when 小計 and
 *   消費税 confirm it.
 * - 値引き: the total after the discount (a total a later line reduces is not the final one).
 * - 内税/外税: 合計 is the total either way; 小計 + 消費税 = 合計 for 外税, 小計 = 合計 for 内税
 *   (its 内消費税 line is informational).
 * - 前回繰越: a ご請求金額 that carries an earlier balance is not this document's amount; this
 *   period's is (今回お買上額 + 消費税, a 今回御請求額 without the balance, a 合計 of the period).
 * - Another currency ($, €, USD 120.50) is no yen amount: none is offered.
 *
 * Cross-checks, each offering the total empty when it fails: 小計 + 消費税 (− a 値引き after the
 * 小計) = 合計 (`amount_sum`), each rate's tax against its base (`amount_tax`); and different
 * totals of equal rank leave it unread (`amount_ambiguous`).
 */

type AmountRole =
  | 'total' | 'billed' | 'current_billed' | 'current_purchase' | 'receipt' | 'amount' | 'net'
  | 'subtotal' | 'tax' | 'tax_included' | 'tax_exclusive' | 'base' | 'discount' | 'withholding'
  | 'carried' | 'previous' | 'paid' | 'tendered';

/** Ranks of the roles that may be the total: 合計 over ご請求金額 over a receipt's bare 金額. */
const TOTAL_RANKS: Partial<Record<AmountRole, number>> = { total: 3, billed: 2, current_billed: 2, current_purchase: 2, receipt: 2, amount: 1 };

const AMOUNT_LABELS = [
  ...labels<AmountRole>('total', 3, [
    '税込合計', '税込合計金額', '税込計', '総合計', '総合計金額', '合計金額', '合計', '合計額', '総額', '総計',
    ...withPrefixes(['買上合計', '買上げ合計', '買い上げ合計'], ['お', '御']), '税込金額', '税込額',
    'Total', 'Grand total', 'Total amount', 'Invoice total', 'Total sum',
  ]),
  ...labels<AmountRole>('billed', 2, [
    ...withPrefixes(['請求金額', '請求額', '請求金額合計', '請求額合計', '請求合計'], ['', 'ご', '御']),
    ...withPrefixes(['支払金額', '支払額', '支払い金額', '支払合計'], ['', 'お', 'ご']),
    'Amount due', 'Total due', 'Balance due', 'Amount payable', 'Total payable', 'Amount to pay',
  ]),
  ...labels<AmountRole>('current_billed', 2, [
    ...['今回', '当月', '今月'].flatMap((when) => withPrefixes(['請求額', '請求金額'], ['', 'ご', '御']).map((text) => `${when}${text}`)),
  ]),
  ...labels<AmountRole>('current_purchase', 2, [
    ...['今回', '当月', '今月', ''].flatMap((when) => withPrefixes(['買上額', '買上金額', '買上高', '買上げ額', '買上げ金額', '買い上げ額', '買い上げ金額'], ['お', '御']).map((text) => `${when}${text}`)),
    '今回売上額', '今回売上高', '当月売上額', '当月売上高', '今回取引額', '当月取引額',
  ]),
  ...labels<AmountRole>('receipt', 2, ['領収金額', '領収額', 'Amount received', 'Amount paid', 'Total paid']),
  ...labels<AmountRole>('amount', 1, ['金額', '代金', 'ご利用金額', '利用金額', 'ご利用額', 'Amount']),
  ...labels<AmountRole>('net', 0, [
    ...['差引', '差引き', '差し引き'].flatMap((less) => withPrefixes(['請求額', '請求金額', '支払額', '支払金額'], ['', 'ご', '御', 'お']).map((text) => `${less}${text}`)),
    '差引金額', '差引額', '差引合計', '差引計', '源泉徴収後', '源泉控除後', ...withPrefixes(['振込金額', '振込額'], ['', 'お', 'ご']),
    'Net amount', 'Net payable', 'Amount after withholding',
  ]),
  ...labels<AmountRole>('subtotal', 0, [
    '小計', '商品合計', '品代合計', '明細合計', '合計(商品)', '税抜合計', '税抜金額', '税抜額', '税抜価格', '税抜小計', '本体価格', '本体合計', '本体金額', '課税小計', '税別合計', '税別金額',
    'Subtotal', 'Sub total', 'Sub-total',
  ]),
  ...labels<AmountRole>('tax', 0, [
    '消費税', '消費税額', '消費税等', '消費税額等', '消費税計', '消費税合計', '税額', '税額合計',
    'Tax', 'Taxes', 'VAT', 'Consumption tax', 'Sales tax', 'Tax amount', 'Total tax', 'Tax total', 'JCT',
  ]),
  ...labels<AmountRole>('tax_included', 0, ['内消費税', '内消費税等', '内消費税額', '内消費税額等', '内税', '内税額', 'うち消費税', 'うち消費税等', 'うち消費税額', '(内税)']),
  ...labels<AmountRole>('tax_exclusive', 0, ['外税', '外税額', '外消費税', '外消費税等', '外消費税額']),
  ...labels<AmountRole>('base', 0, [
    '対象', '対象額', '対象金額', '対象計', '対象合計', '課税対象', '課税対象額', '軽減税率対象', '標準税率対象',
    // Consumption tax 10% (on ¥262,300) ¥26,230; Tax (10% on ¥4,900) ¥490
    'Taxable', 'Taxable amount', 'Tax base', 'Amount subject to', '(on', '% on',
  ]),
  ...labels<AmountRole>('discount', 0, [
    ...withPrefixes(['値引', '値引き', '値引額', '値引き額', '割引', '割引額'], ['', 'お']), '出精値引', '出精値引き',
    'クーポン', 'クーポン値引', 'ポイント値引', 'ポイント利用', 'Discount', 'Coupon',
  ]),
  ...labels<AmountRole>('withholding', 0, [
    '源泉徴収税', '源泉徴収税額', '源泉徴収額', '源泉徴収', '源泉所得税', '源泉所得税額', '源泉税', '源泉税額', '所得税源泉徴収額',
    '復興特別所得税', 'Withholding tax', 'Withholding', 'Income tax withheld',
  ]),
  ...labels<AmountRole>('carried', 0, [
    '前回繰越', '前回繰越額', '前回繰越金額', '前月繰越', '前月繰越額', '繰越金額', '繰越額', '繰越残高', '差引繰越額', '差引繰越金額', '繰越',
    'Balance forward', 'Balance brought forward', 'Carried forward', 'Brought forward',
  ]),
  ...labels<AmountRole>('previous', 0, [
    ...['前回', '前月'].flatMap((when) => withPrefixes(['請求額', '請求金額'], ['', 'ご', '御']).map((text) => `${when}${text}`)),
    'Previous balance', 'Previous amount',
  ]),
  ...labels<AmountRole>('paid', 0, [...withPrefixes(['入金額', '入金金額'], ['', 'ご', '御']), '今回入金額', '前回入金額', 'Payment received', 'Payments received', 'Payments']),
  ...labels<AmountRole>('tendered', 0, [
    ...withPrefixes(['預り', '預かり', '預り金', '預かり金', '預り額', '預かり額'], ['', 'お']), '現金', 'クレジット', 'カード', '電子マネー',
    ...withPrefixes(['釣り', '釣', '釣銭', '釣り銭'], ['', 'お']), 'おつり',
    'Cash', 'Cash tendered', 'Tendered', 'Change', 'Card',
  ]),
];

/** Written beside a label or an amount: tax included or excluded (合計(税抜) is a subtotal). */
const QUALIFIERS: Array<[RegExp, 'incl' | 'excl']> = [
  [/[([]\s*(?:税込み?|内税|消費税込み?|tax\s*incl(?:uded|\.)?|incl(?:uding|\.)?\s*tax)\s*[)\]]|(?<![A-Za-z])(?:incl(?:uding|\.)?\s+tax|tax\s+incl(?:uded|\.)?)(?![A-Za-z])/giu, 'incl'],
  [/[([]\s*(?:税抜き?|税別|外税|消費税抜き?|tax\s*excl(?:uded|\.)?|excl(?:uding|\.)?\s*tax|before\s*tax)\s*[)\]]|(?<![A-Za-z])(?:excl(?:uding|\.)?\s+tax|tax\s+excl(?:uded|\.)?|before\s+tax)(?![A-Za-z])/giu, 'excl'],
];

/** 8% (軽減税率, marked ※ on the items) and 10% (標準税率): where a line names a rate. */
const RATE_MENTIONS: Array<[RegExp, 8 | 10 | 'percent']> = [
  [/(?<![\d.])(8|10)\s*%/gu, 'percent'],
  [/軽減/gu, 8],
  [/標準税率/gu, 10],
];

interface AmountItem {
  role: AmountRole;
  rank: number;
  value: number;
  line: ParsedLine;
  /** Reading order across the document. */
  position: number;
  rate?: 8 | 10;
  qualifier?: 'incl' | 'excl';
  token: AmountToken;
}

function qualifiersIn(text: string): { masked: string; found: Array<{ start: number; end: number; kind: 'incl' | 'excl' }> } {
  let masked = text;
  const found: Array<{ start: number; end: number; kind: 'incl' | 'excl' }> = [];
  for (const [pattern, kind] of QUALIFIERS) {
    for (const match of text.matchAll(pattern)) {
      found.push({ start: match.index, end: match.index + match[0].length, kind });
      masked = masked.slice(0, match.index) + ' '.repeat(match[0].length) + masked.slice(match.index + match[0].length);
    }
  }
  return { masked, found };
}

function ratesIn(text: string): Array<{ at: number; rate: 8 | 10 }> {
  const found: Array<{ at: number; rate: 8 | 10 }> = [];
  for (const [pattern, rate] of RATE_MENTIONS) {
    for (const match of text.matchAll(pattern)) found.push({ at: match.index, rate: rate === 'percent' ? (Number(match[1]) as 8 | 10) : rate });
  }
  return found.sort((a, b) => a.at - b.at);
}

/**
 * The rate an amount is under: one named in the line from the start of its label's column (the
 * text between two column gaps) to the end of the amount's, the last before the amount, else the
 * first after it. 8%対象 ¥14,900 消費税 ¥1,192 is an 8% tax; the 消費税 ¥17,672 in the next column
 * has no rate; Consumption tax 10% (on ¥10,000)  ¥1,000 is 10%, its amount a column further.
 */
function rateFor(text: string, rates: Array<{ at: number; rate: 8 | 10 }>, anchor: number, position: number): 8 | 10 | undefined {
  const from = text.lastIndexOf('  ', anchor) + 1;
  const gapAfter = text.indexOf('  ', position);
  const to = gapAfter === -1 ? text.length : gapAfter;
  const inScope = rates.filter((mention) => mention.at >= from && mention.at < to);
  return inScope.filter((mention) => mention.at < position).at(-1)?.rate ?? inScope.find((mention) => mention.at >= position)?.rate;
}

interface DocumentTraits {
  receipt: boolean;
  /** Amounts without a currency mark are not yen: the document names another currency and never yen. */
  foreign: boolean;
  /** The document carries an earlier balance (前回繰越, 前回御請求額, 繰越). */
  carriesBalance: boolean;
}

function traitsOf(lines: ParsedLine[]): DocumentTraits {
  const text = lines.map((line) => line.text).join('\n');
  return {
    receipt: /領収書|領収証|領収いたしました|レシート|(?<![A-Za-z])receipt(?![A-Za-z])/iu.test(text),
    foreign: mentionsForeignCurrency(text) && !mentionsYen(text),
    carriesBalance: /繰越|前回\s*[ご御]?\s*請求|前月\s*[ご御]?\s*請求|Balance\s+(?:brought\s+)?forward|Previous\s+balance/iu.test(text),
  };
}

/**
 * Which label each amount of a line is under. A label takes the first amount after it (before the
 * next label), a yen-marked one over a bare number (Total 3 items ¥3,300); a label left without an
 * amount takes the next amount no label took (消費税(10%対象 10,000) 1,000).
 */
function labelAmounts<Role>(found: LabelMatch<Role>[], tokens: AmountToken[], textLength: number): Map<AmountToken, LabelMatch<Role>> {
  const taken = new Map<AmountToken, LabelMatch<Role>>();
  const waiting: LabelMatch<Role>[] = [];
  found.forEach((label, index) => {
    const until = found[index + 1]?.start ?? textLength;
    const inSegment = tokens.filter((token) => token.start >= label.end && token.start < until);
    const token = inSegment.find((candidate) => candidate.currency === 'yen') ?? inSegment[0];
    if (token) taken.set(token, label);
    else waiting.push(label);
  });
  for (const token of tokens) {
    if (taken.has(token)) continue;
    const label = waiting.filter((candidate) => candidate.end <= token.start).at(-1);
    if (label) {
      taken.set(token, label);
      waiting.splice(waiting.indexOf(label), 1);
    }
  }
  return taken;
}

/** Every labelled yen amount of the document, with its role, rate and qualifier. */
function itemsOf(lines: ParsedLine[], traits: DocumentTraits): AmountItem[] {
  const items: AmountItem[] = [];
  let header: LabelMatch<AmountRole>[] | undefined;
  for (const line of lines) {
    const { masked, found: qualifiers } = qualifiersIn(line.text);
    const found = findLabels(masked, AMOUNT_LABELS);
    const tokens = findAmounts(line.text);
    const rates = ratesIn(line.text);
    // A header line's labels name the amounts of the next line, in order, when they are as many.
    const fromHeader = found.length === 0 && header !== undefined && header.length === tokens.length ? header : undefined;
    const taken = labelAmounts(found, tokens, line.text.length);
    tokens.forEach((token, index) => {
      const label = fromHeader?.[index] ?? taken.get(token);
      let role: AmountRole | undefined = label?.role;
      let rank = label?.rank ?? 0;
      // 金12,000円也 is a receipt's sum wherever it stands; ¥12,000- only on a receipt.
      if (!role && token.receiptForm && (traits.receipt || /也/u.test(line.text.slice(token.start, token.end)))) [role, rank] = ['receipt', 2];
      if (!role || token.value === null) return;
      if (token.currency === 'foreign' || (traits.foreign && token.currency === 'unmarked')) return;
      if (role === 'amount' && !traits.receipt) return;
      const qualifierFrom = label && !fromHeader ? label.start : (tokens[index - 1]?.end ?? 0);
      const qualifierTo = Math.min(tokens[index + 1]?.start ?? line.text.length, found.find((match) => match.start >= token.end)?.start ?? line.text.length);
      const qualifier = qualifiers.find((mention) => mention.start >= qualifierFrom && mention.end <= qualifierTo)?.kind;
      if (role === 'total' && qualifier === 'excl') [role, rank] = ['subtotal', 0];
      const rate = rateFor(line.text, rates, label && !fromHeader ? label.start : token.start, token.start);
      items.push({ role, rank, value: token.value, line, position: line.index * 100_000 + token.start, token, ...(rate ? { rate } : {}), ...(qualifier ? { qualifier } : {}) });
    });
    header = tokens.length === 0 && isLabelsOnly(masked, found) ? found : undefined;
  }
  return items;
}

const distinct = (values: number[]) => [...new Set(values)];
const of = (items: AmountItem[], ...roles: AmountRole[]) => items.filter((item) => roles.includes(item.role));
const isTaxRole = (role: AmountRole) => role === 'tax' || role === 'tax_included' || role === 'tax_exclusive';

/**
 * The document's consumption tax as added on top (外税). A line that is the sum of the others is
 * the total (消費税 ¥1,160 under 10% ¥1,000 and 8% ¥160); one tax line without a rate is the
 * total; else the lines are the rates' (one per rate read, and each different one whose rate
 * could not be read: 消費税 ¥45,780 / 消費税 ¥312 with no 10% or 8% legible) and add up.
 */
function exclusiveTax(items: AmountItem[], before: number): { value: number; explicit: boolean } | undefined {
  const taxes = of(items, 'tax', 'tax_exclusive').filter((item) => !item.token.negative);
  if (taxes.length === 0) return undefined;
  const byRate = new Map<number, AmountItem>();
  for (const item of taxes) if (item.rate !== undefined && !byRate.has(item.rate)) byRate.set(item.rate, item);
  const unrated = taxes.filter((item) => item.rate === undefined);
  const unratedValues = distinct(unrated.map((item) => item.value));
  const lines = [...byRate.values(), ...unratedValues.map((value) => unrated.find((item) => item.value === value)!)];
  const explicit = (chosen: AmountItem[]) => chosen.every((item) => item.role === 'tax_exclusive');

  const largest = Math.max(...lines.map((item) => item.value));
  const total = unrated.filter((item) => item.value === largest);
  const others = lines.reduce((sum, item) => sum + item.value, 0) - largest;
  if (lines.length > 1 && total.length > 0 && others === largest) return { value: largest, explicit: explicit(total) };
  if (unratedValues.length === 1) {
    const nearest = unrated.filter((item) => item.position < before).at(-1) ?? unrated[0]!;
    return { value: nearest.value, explicit: explicit([nearest]) };
  }
  return { value: lines.reduce((sum, item) => sum + item.value, 0), explicit: explicit(lines) };
}

/** The tax a base carries at a rate, rounded any of the ways a business may round it (floor, round, ceil). */
function taxesOf(base: number, rate: number, included: boolean): number[] {
  const exact = included ? (base * rate) / (100 + rate) : (base * rate) / 100;
  return [Math.floor(exact), Math.round(exact), Math.ceil(exact)];
}

/**
 * Each rate's tax against its base (10%対象 ¥10,000 消費税 ¥1,000; 8%対象 ¥2,160 内消費税 ¥160).
 * A tax with no base of its rate is checked against the 小計 when the document has that one rate.
 * 内税 (a 内消費税 line, a base marked 税込) takes the included tax, 外税 the added one, and a
 * line that does not say may be either.
 */
function checkTaxRates(items: AmountItem[], lines: ParsedLine[]): 'ok' | 'failed' | 'not_checked' {
  const documentRates = new Set(lines.flatMap((line) => ratesIn(line.text).map((mention) => mention.rate)));
  const subtotals = of(items, 'subtotal');
  const discounts = of(items, 'discount');
  let checked = false;
  for (const rate of [8, 10] as const) {
    const taxes = items.filter((item) => isTaxRole(item.role) && item.rate === rate);
    if (taxes.length === 0) continue;
    let bases = of(items, 'base').filter((item) => item.rate === rate).map((item) => ({ value: item.value, qualifier: item.qualifier }));
    if (bases.length === 0 && documentRates.size === 1 && subtotals.length > 0) {
      const subtotal = subtotals.at(-1)!;
      const discounted = discounts.filter((item) => item.position > subtotal.position).reduce((sum, item) => sum + item.value, 0);
      bases = distinct([subtotal.value, subtotal.value - discounted]).map((value) => ({ value, qualifier: subtotal.qualifier }));
    }
    if (bases.length === 0) continue;
    checked = true;
    for (const tax of taxes) {
      const fits = bases.some((base) => {
        const included = tax.role === 'tax_included' || base.qualifier === 'incl';
        const exclusive = tax.role === 'tax_exclusive' || base.qualifier === 'excl';
        return (!exclusive && taxesOf(base.value, rate, true).includes(tax.value)) || (!included && taxesOf(base.value, rate, false).includes(tax.value));
      });
      if (!fits) return 'failed';
    }
  }
  return checked ? 'ok' : 'not_checked';
}

/** The 小計 nearest before a position (the first one when none is before it). */
function subtotalFor(items: AmountItem[], position: number): AmountItem | undefined {
  const subtotals = of(items, 'subtotal');
  return subtotals.filter((item) => item.position < position).at(-1) ?? subtotals[0];
}

/** The 値引き read after the 小計 (one before it is already inside it). */
const discountAfter = (items: AmountItem[], subtotal: AmountItem) =>
  of(items, 'discount').filter((item) => item.position > subtotal.position).reduce((sum, item) => sum + item.value, 0);

/**
 * 小計 + 消費税 − 値引き (one read after the 小計) = 合計 for 外税; 小計 − 値引き = 合計 for 内税,
 * where the tax line is included (内消費税, or a 消費税 no more than the tax inside the total).
 */
function checkSum(items: AmountItem[], total: { value: number; position: number }): 'ok' | 'failed' | 'not_checked' {
  const subtotal = subtotalFor(items, total.position);
  if (!subtotal) return 'not_checked';
  const added = exclusiveTax(items, total.position);
  const included = of(items, 'tax_included').length > 0;
  if (!added && !included) return 'not_checked';
  const net = subtotal.value - discountAfter(items, subtotal);
  if (added && net + added.value === total.value) return 'ok';
  const taxInsideAtMost = Math.ceil((total.value * 10) / 110);
  if (net === total.value && (included || (added && !added.explicit && added.value <= taxInsideAtMost))) return 'ok';
  return 'failed';
}

export interface AmountReading {
  finding?: Finding<number>;
  checks: CheckResults;
}

/** Certainty of a total by how it was found. */
const CERTAINTY = { 3: 0.9, 2: 0.85, 1: 0.7, agreed: 0.05, checked: 0.97 } as const;

interface Chosen {
  value: number;
  certainty: number;
  /** Confirmed by other printed amounts already (a balance carried, a withholding added back). */
  confirmed?: boolean;
  line: ParsedLine;
  position: number;
}
type Choice = Chosen | { problem: 'amount_ambiguous' | 'amount_sum'; line: ParsedLine } | undefined;

/** Among candidate totals, the highest rank's one value; different values anywhere among them are ambiguous. */
function choose(candidates: AmountItem[]): Choice {
  if (candidates.length === 0) return undefined;
  const values = distinct(candidates.map((item) => item.value));
  const top = Math.max(...candidates.map((item) => item.rank));
  const best = candidates.find((item) => item.rank === top)!;
  if (values.length > 1) return { problem: 'amount_ambiguous', line: best.line };
  const rank = Math.min(3, Math.max(1, top)) as 1 | 2 | 3;
  const agreed = new Set(candidates.map((item) => item.line.index)).size > 1 ? CERTAINTY.agreed : 0;
  return { value: best.value, certainty: Math.round((CERTAINTY[rank] + agreed) * 100) / 100, line: best.line, position: best.position };
}

/**
 * Totals that another printed amount shows are not the final one: a total with the 外税 added
 * later (合計 10,000 / 消費税 1,000 / ご請求金額 11,000), a total a later 値引き reduces, and an
 * amount that is another total less the withholding (the 差引 amount to pay).
 */
function finalTotals(candidates: AmountItem[], items: AmountItem[]): AmountItem[] {
  const withholding = of(items, 'withholding')[0]?.value;
  const discounts = of(items, 'discount');
  const tax = exclusiveTax(items, Number.MAX_SAFE_INTEGER)?.value;
  // The gross the parts add up to (小計 + 外税 − 値引き), to tell a 差引 amount with no gross printed.
  const subtotal = subtotalFor(items, Number.MAX_SAFE_INTEGER);
  const gross = subtotal && tax !== undefined ? subtotal.value - discountAfter(items, subtotal) + tax : undefined;
  return candidates.filter((item) => {
    const later = candidates.filter((other) => other.position > item.position);
    if (tax !== undefined && tax > 0 && later.some((other) => other.value === item.value + tax)) return false;
    if (discounts.some((discount) => discount.position > item.position && later.some((other) => other.position > discount.position && other.value === item.value - discount.value))) return false;
    if (withholding !== undefined && (candidates.some((other) => other !== item && other.value - withholding === item.value) || (gross !== undefined && gross - withholding === item.value))) return false;
    return true;
  });
}

/**
 * With withholding and no gross total printed: the 差引 amount plus the withholding, offered only
 * when 小計 + 消費税 (− 値引き) confirms it.
 */
function grossFromNet(items: AmountItem[]): Choice {
  const net = of(items, 'net', 'billed')[0];
  const withholding = of(items, 'withholding')[0];
  if (!net || !withholding) return undefined;
  const gross = { value: net.value + withholding.value, position: net.position };
  if (checkSum(items, gross) !== 'ok') return undefined;
  return { value: gross.value, certainty: CERTAINTY.checked, confirmed: true, line: net.line, position: net.position };
}

/**
 * A document carrying an earlier balance: the amount billed (ご請求金額, or 今回御請求額 in the
 * classic layout where it includes the balance) less the balance carried is this period's total,
 * which a printed amount (今回…, 合計) or 今回お買上額 + 消費税 must equal; without the balance or
 * the amount billed, only this period's own figures count, never the amount billed.
 */
function chooseWithBalance(candidates: AmountItem[], items: AmountItem[]): Choice | 'ordinary' {
  const carried = distinct(of(items, 'carried').map((item) => item.value));
  const previous = of(items, 'previous')[0]?.value;
  const paid = of(items, 'paid')[0]?.value;
  const balance = carried.length === 1 ? carried[0] : carried.length === 0 && previous !== undefined && paid !== undefined ? previous - paid : undefined;
  if (balance === 0) return 'ordinary'; // nothing carried over
  const billedRole: AmountRole = of(items, 'billed').length > 0 ? 'billed' : 'current_billed';
  const billed = distinct(of(items, billedRole).map((item) => item.value));
  const thisPeriod = finalTotals(of(candidates, 'total', 'current_billed', 'current_purchase', 'receipt').filter((item) => item.role !== billedRole), items);
  const purchase = of(items, 'current_purchase')[0];
  const tax = exclusiveTax(items, Number.MAX_SAFE_INTEGER);

  if (balance !== undefined && billed.length === 1) {
    const target = billed[0]! - balance;
    const printed = thisPeriod.find((item) => item.value === target);
    if (printed) return { value: target, certainty: CERTAINTY.checked, confirmed: true, line: printed.line, position: printed.position };
    if (purchase && tax && purchase.value + tax.value === target) return { value: target, certainty: CERTAINTY.checked, confirmed: true, line: purchase.line, position: purchase.position };
    return { problem: 'amount_sum', line: of(items, billedRole)[0]!.line };
  }
  const chosen = choose(thisPeriod);
  return chosen && 'value' in chosen ? { ...chosen, certainty: chosen.certainty * 0.9 } : chosen;
}

/** This document's total, with the sum and tax-rate checks (see the module's comment). */
export function readDocumentTotal(lines: ParsedLine[]): AmountReading {
  const traits = traitsOf(lines);
  const items = itemsOf(lines, traits);
  const candidates = items.filter((item) => TOTAL_RANKS[item.role] !== undefined && !item.token.negative && item.value > 0);
  const taxRates = checkTaxRates(items, lines);

  const withBalance = traits.carriesBalance ? chooseWithBalance(candidates, items) : 'ordinary';
  const choice = withBalance !== 'ordinary' ? withBalance : choose(finalTotals(candidates, items)) ?? grossFromNet(items);
  if (choice === undefined) return { checks: { tax_rates: taxRates } };

  if (!('value' in choice)) {
    return { finding: { value: null, certainty: 0, line: choice.line, problem: choice.problem }, checks: { sum: choice.problem === 'amount_sum' ? 'failed' : 'not_checked', tax_rates: taxRates } };
  }
  const sum = checkSum(items, choice);
  const checks: CheckResults = { sum, tax_rates: taxRates };
  if (sum === 'failed') return { finding: { value: null, certainty: choice.certainty, line: choice.line, problem: 'amount_sum' }, checks };
  if (taxRates === 'failed') return { finding: { value: null, certainty: choice.certainty, line: choice.line, problem: 'amount_tax' }, checks };
  const certainty = sum === 'ok' ? Math.max(choice.certainty, CERTAINTY.checked) : choice.certainty;
  const confirmed = sum === 'ok' || choice.confirmed === true;
  return { finding: { value: choice.value, certainty, line: choice.line, ...(confirmed ? { confirmed } : {}) }, checks };
}
