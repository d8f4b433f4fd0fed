/**
 * The generated invoice corpus's shared vocabulary (issue 29 "Measured"): what a document truly says
 * (`DocumentTruth`, made by generate.ts), what a layout is (templates.ts, held-out-templates.ts),
 * and the formatting every layout uses (dates in 西暦, 和暦 and English, yen amounts, the A4 page).
 * No layout lives here: reading this file tells a parser author nothing about the held-out layouts.
 */

export type Language = 'ja' | 'en';
export type TaxRate = 10 | 8;

/**
 * How a document writes its dates:
 * - `seireki` 2024年4月1日, `seireki_padded` 2024年04月01日, `slash` 2024/04/01;
 * - `wareki` 令和6年4月1日, `wareki_short` R6.4.1;
 * - `en_long` April 1, 2024, `dmy` 01/04/2024 (English documents).
 */
export const dateStyles = ['seireki', 'seireki_padded', 'slash', 'wareki', 'wareki_short', 'en_long', 'dmy'] as const;
export type DateStyle = (typeof dateStyles)[number];

export interface Party {
  /** The name as the truth: the full legal form (株式会社…, never ㈱ or (株)), or a person's name. */
  name: string;
  /** The name as this document prints it (㈱…, (株)… on some). */
  printed: string;
  kind: 'company' | 'person';
  /** 〒 number, NNN-NNNN. */
  postcode: string;
  address: string;
  tel: string;
  /** 登録番号, T + 13 digits with a correct check digit; absent for an issuer that is not registered. */
  invoiceNumber?: string;
}

export interface LineItem {
  description: string;
  quantity: number;
  unit: string;
  /** Tax-exclusive for 外税 documents, tax-inclusive for 内税 ones. */
  unitPrice: number;
  rate: TaxRate;
  /** quantity × unitPrice. */
  amount: number;
}

/** One rate's line of the tax breakdown (インボイス: one rounding, down, per rate and document). */
export interface TaxLine {
  rate: TaxRate;
  /** The amount the rate applies to, after the discount: tax-exclusive (外税) or tax-inclusive (内税). */
  base: number;
  /** 外税: ⌊base × rate / 100⌋; 内税: ⌊base × rate / (100 + rate)⌋. */
  tax: number;
}

export interface Totals {
  /** 外税 (prices before tax, tax added) or 内税 (prices include tax). */
  mode: 'exclusive' | 'inclusive';
  /** Σ item amounts. */
  itemsSum: number;
  /** 値引き, taken off the `discountRate` base (0: none). */
  discount: number;
  discountRate: TaxRate;
  /** 小計: itemsSum − discount (tax-exclusive for 外税, tax-inclusive for 内税). */
  subtotal: number;
  byRate: TaxLine[];
  /** 消費税: Σ byRate tax (for 内税 the tax included). */
  tax: number;
  /** 合計 (税込): this document's total, the transaction amount. */
  total: number;
  /** 源泉徴収税額 (10.21% of the fee before tax, rounded down; 0: none). */
  withholding: number;
  /** 前回繰越: the previous bill, what was paid of it, and what is carried (previous − paid). */
  carried?: { previous: number; paid: number; carried: number };
  /** The amount asked for: total − withholding + carried. Not the transaction amount when either is there. */
  billed: number;
}

export interface DocumentTruth {
  /** layout-kind-index, unique in a corpus. */
  id: string;
  layout: string;
  language: Language;
  issuer: Party;
  /** The addressee and how it is addressed; absent on a till receipt. `上様` addresses nobody in particular (recipient: none). */
  addressee?: Party & { honorific: '御中' | '様' | '上様' | '' };
  /** The addressee's own 登録番号 printed too (a second T-number that is not the document's). */
  showAddresseeNumber: boolean;
  documentNumber: string;
  /** The document's date (発行日, 請求日, 領収日), YYYY-MM-DD: the transaction date. */
  issueDate: string;
  dateStyle: DateStyle;
  /** Dates in full-width digits (２０２４年４月１日). */
  fullWidthDigits: boolean;
  /** 支払期限 / Due date: never the transaction date. */
  dueDate?: string;
  /** ご利用期間 / service period: never the transaction date. */
  period?: { from: string; to: string };
  /** 納品日 on a 納品書兼請求書: never the transaction date. */
  deliveryDate?: string;
  /** HH:MM on a till receipt. */
  time?: string;
  /** The shop's branch on a till receipt (渋谷店). */
  branch?: string;
  items: LineItem[];
  totals: Totals;
  /** 但し…として on a receipt. */
  purpose?: string;
  /** お預り / お釣り on a till receipt. */
  payment?: { tendered: number; change: number };
  /** The issuer's person in charge (担当), printed near its block. */
  contact?: string;
  /** 振込先 line. */
  bank?: string;
}

/** How often a layout's truths have each optional feature (probabilities 0..1), and the choices it allows. */
export interface LayoutFeatures {
  dateStyles: readonly DateStyle[];
  fullWidthDigits?: number;
  taxModes: readonly Totals['mode'][];
  /** Items at the 8% 軽減税率 (marked ※). */
  reducedRate: number;
  discount?: number;
  withholding?: number;
  carriedOver?: number;
  period?: number;
  dueDate?: number;
  addresseeNumber?: number;
  /** The issuer printed ㈱… or (株)…. */
  abbreviatedIssuer?: number;
  /** No 登録番号 at all (an issuer that is not a qualified invoice issuer). */
  unregisteredIssuer?: number;
  /** Addressed to a person (様) rather than a company (御中). */
  personAddressee?: number;
  /** 上様 instead of a name. */
  uesama?: number;
  /** A till receipt: no addressee. */
  noAddressee?: boolean;
  items: readonly [number, number];
  /** Unit prices: a till's groceries, a shop's goods, a company's services. */
  priceScale: 'till' | 'shop' | 'business';
}

/** `tune`: the parsers may be tuned on it. `held_out`: only ever scored (held-out-templates.ts). */
export type Split = 'tune' | 'held_out';

export interface Layout {
  name: string;
  split: Split;
  language: Language;
  document: 'invoice' | 'statement' | 'receipt' | 'till_receipt' | 'delivery_invoice';
  features: LayoutFeatures;
  /** The whole HTML page (A4). */
  render: (truth: DocumentTruth) => string;
}

// --- dates ------------------------------------------------------------------------------------

const pad2 = (value: number) => String(value).padStart(2, '0');

export function dateParts(date: string): [number, number, number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

export const isoDate = (year: number, month: number, day: number) => `${year}-${pad2(month)}-${pad2(day)}`;

/** The date `days` after (or before, negative) `date`. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = dateParts(date);
  const shifted = new Date(Date.UTC(year, month - 1, day + days));
  return isoDate(shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, shifted.getUTCDate());
}

export function lastDayOfMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Japanese eras from their first day (元号法; 令和 from 2019-05-01, 平成 from 1989-01-08). */
const eras = [
  { name: '令和', letter: 'R', from: '2019-05-01', offset: 2018 },
  { name: '平成', letter: 'H', from: '1989-01-08', offset: 1988 },
] as const;

/** The era and its year of a date (from 1989-01-08). */
export function toWareki(date: string): { era: string; letter: string; year: number } {
  const era = eras.find((candidate) => date >= candidate.from);
  if (!era) throw new RangeError(`no era kept for ${date}`);
  return { era: era.name, letter: era.letter, year: dateParts(date)[0] - era.offset };
}

const englishMonths = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const fullWidthDigit = (text: string) => text.replace(/[0-9]/g, (digit) => String.fromCharCode(0xff10 + Number(digit)));

export function formatDate(date: string, style: DateStyle, fullWidth = false): string {
  const [year, month, day] = dateParts(date);
  let text: string;
  switch (style) {
    case 'seireki': text = `${year}年${month}月${day}日`; break;
    case 'seireki_padded': text = `${year}年${pad2(month)}月${pad2(day)}日`; break;
    case 'slash': text = `${year}/${pad2(month)}/${pad2(day)}`; break;
    case 'wareki': {
      const { era, year: eraYear } = toWareki(date);
      text = `${era}${eraYear === 1 ? '元' : eraYear}年${month}月${day}日`;
      break;
    }
    case 'wareki_short': {
      const { letter, year: eraYear } = toWareki(date);
      text = `${letter}${eraYear}.${month}.${day}`;
      break;
    }
    case 'en_long': text = `${englishMonths[month - 1]} ${day}, ${year}`; break;
    case 'dmy': text = `${pad2(day)}/${pad2(month)}/${year}`; break;
  }
  return fullWidth ? fullWidthDigit(text) : text;
}

/** The truth's own date style for any date it prints (its due date and period too). */
export const dateOf = (truth: DocumentTruth, date: string) => formatDate(date, truth.dateStyle, truth.fullWidthDigits);

const weekdaysJa = ['日', '月', '火', '水', '木', '金', '土'];
export function weekdayJa(date: string): string {
  const [year, month, day] = dateParts(date);
  return weekdaysJa[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]!;
}

// --- amounts and text -------------------------------------------------------------------------

/** 12,000 */
export const num = (value: number) => value.toLocaleString('en-US');
/** ¥12,000 (negative: -¥1,000) */
export const yen = (value: number) => (value < 0 ? `-¥${num(-value)}` : `¥${num(value)}`);

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}
/** Shorthand for escaped text in templates. */
export const h = escapeHtml;

export const rateLine = (truth: DocumentTruth, rate: TaxRate) => truth.totals.byRate.find((line) => line.rate === rate);
export const hasReduced = (truth: DocumentTruth) => truth.items.some((item) => item.rate === 8);

/** Fonts installed by fonts-noto-cjk (`.ci/run` installs it when missing). */
export const sansFonts = "'Noto Sans CJK JP', 'Noto Serif CJK JP', sans-serif";
export const serifFonts = "'Noto Serif CJK JP', 'Noto Sans CJK JP', serif";

/** An A4 page (210 × 297 mm, no printer margin: the layout's own padding is the margin). */
export function a4Page(options: { language: Language; title: string; fonts: string; css: string; body: string }): string {
  return `<!doctype html>
<html lang="${options.language}"><head><meta charset="utf-8"><title>${h(options.title)}</title>
<style>
@page { size: A4; margin: 0; }
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; background: #fff; }
body { font-family: ${options.fonts}; color: #141414; font-size: 10.5pt; line-height: 1.45; }
/* One sheet: its own formatting context, so a layout's first margin cannot push the page onto a second. */
.a4 { width: 210mm; height: 297mm; overflow: hidden; display: flow-root; position: relative; }
table { border-collapse: collapse; }
.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
${options.css}
</style></head>
<body><div class="a4">${options.body}</div></body></html>`;
}

/** A company's name without its legal form (a shop's sign: さくらマート for 株式会社さくらマート). */
export const brandOf = (name: string) => name.replace(/^(株式会社|有限会社|合同会社)|(株式会社|有限会社|合同会社)$/u, '');

/** Full-width digits for documents that print them (２０２４年), else the text as it is. */
export const digitsOf = (truth: DocumentTruth, text: string) => (truth.fullWidthDigits ? fullWidthDigit(text) : text);
