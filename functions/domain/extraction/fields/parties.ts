import type { ReadContext } from '../text-lines.ts';
import { findCompanyNames, sameParty, tidyName } from './company-names.ts';
import { blockDistance } from './invoice-numbers.ts';
import { columnsOf, type Finding, type ParsedLine } from './parsed-lines.ts';

/**
 * The document's two parties from its normalised lines: the issuer (発行者: the company name near
 * its address, 〒, TEL and registration number; a receipt's shop name at its top) and the addressee
 * (the name before 御中 / 様 / 殿, or after "Bill to" / "To:"). Which of them is the contract itself
 * (ReadContext.own) tells a document the contract issued from one it received.
 */

export interface PartiesReading {
  issuer?: Finding<string>;
  addressee?: Finding<string>;
  /** Where the blocks are, for the registration number nearest the issuer (./invoice-numbers.ts): lines, and columns of them. */
  issuerLine?: number;
  addresseeLine?: number;
  issuerColumn?: number;
  addresseeColumn?: number;
  /** The contract issued the document: its name, or its registration number, is the issuer's. */
  ownDocument: boolean;
}

/** The honorific after an addressee's name, standing as a word (not 仕様, 様式, 模様). */
const HONORIFIC = /(御中|様|殿)(?=$|[\s,、。:)])/gu;
/** What comes before 様 without naming anyone: お客様, 皆様, 上様 (a receipt to nobody in particular), 各位. */
const NOBODY = /^(?:お客|客|皆|みな|上|各位|ご担当者|御担当者|担当者|ご担当|関係者|仕|同|模|貴|殿|奥|お子|ご家族)$/u;
/**
 * Bill to / Invoice to / Sold to (a colon optional), Customer: / Client: / To: (a colon needed): the
 * name after it, or below. OCR may run the label's words together (Billto).
 */
const ENGLISH_ADDRESSEE = /^(?:Bill(?:ed)?\s*to|Invoice\s*to|Sold\s*to)(?:\s*:)?(?:\s+(.*))?$|^(?:Customer|Client|To)\s*:\s*(.*)$/iu;
const ISSUER_LABEL = /^(?:発行者|発行元|請求元|販売元|差出人|事業者名|From|Issued\s*by|Issuer|Seller|Supplier|Vendor|Bill\s*from)\s*[:：]?\s*(.*)$/iu;
/** A token that ends a name read backwards from its honorific: a label, a title, a number. */
const NOT_NAME_TOKEN = /[:：]|^(?:(?:御|ご)?請求書|領収書|領収証|見積書|御見積書|納品書|納品書兼請求書|請求明細書|宛名|宛先|請求先|ご請求先|御請求先|Invoice|Receipt|INVOICE|RECEIPT)$|\d{3,}|〒/u;
/** Lines of the bank account to pay into: its holder's name is no issuer block. */
const BANK_LINE = /銀行|信用金庫|信金|信用組合|労働金庫|ゆうちょ|口座|振込先|振込口座|名義|普通預金|当座預金|(?<![A-Za-z])(?:Bank|Account|IBAN|SWIFT)(?![A-Za-z])/iu;
/** Lines that hold no name: a title, a greeting, a date, an amount. */
const NOT_SHOP_LINE = /領収書|領収証|レシート|receipt|ありがとう|ご来店|いらっしゃいませ|ようこそ|thank|welcome|毎度|[¥円]|\d{2,}|登録番号|TEL|電話|FAX|〒/iu;

const ISSUER_MARKS: Array<[RegExp, number]> = [
  [/登録番号|(?<![A-Za-z0-9])[T丁]\s?\d(?:[\s-]?\d){12}(?!\d)|Registration\s*(?:No|number)/iu, 0.3],
  [/TEL|電話|FAX|(?<![A-Za-z])(?:Tel|Phone|Fax)(?![A-Za-z])/u, 0.15],
  [/〒|\d{3}-\d{4}|(?:東京都|北海道|大阪府|京都府|\p{Script=Han}{2,3}県)\p{Script=Han}/u, 0.1],
];

interface Addressee {
  name: string | null;
  line: ParsedLine;
  /** Where the addressee's part of its line ends: the rest of the line may hold the issuer (… 御中 株式会社サンプル). */
  end: number;
  strength: number;
}

const ADDRESSEE_STRENGTH = { 御中: 3, 様: 2, english: 2, 殿: 1 } as const;
const ADDRESSEE_CERTAINTY = { 3: 0.9, 2: 0.85, 1: 0.8 } as Record<number, number>;

/** The name read backwards from an honorific: the tokens before it up to a column gap, a label, a title or a number. */
function nameBefore(text: string): string | undefined {
  const tokens = text.trimEnd().split('  ').at(-1)!.split(' ');
  const taken: string[] = [];
  while (tokens.length > 0 && taken.length < 5) {
    const token = tokens.pop()!;
    if (token === '') continue;
    if (NOT_NAME_TOKEN.test(token)) {
      const after = token.split(/[:：]/u).at(-1)!;
      if (after !== '' && !/\d{3,}|〒/u.test(after)) taken.unshift(after);
      break;
    }
    taken.unshift(token);
  }
  return taken.length > 0 ? taken.join(' ') : undefined;
}

function findAddressee(lines: ParsedLine[]): Addressee | undefined {
  const found: Addressee[] = [];
  for (const line of lines) {
    for (const match of line.text.matchAll(HONORIFIC)) {
      const before = nameBefore(line.text.slice(0, match.index));
      const honorific = match[1] as '御中' | '様' | '殿';
      const end = match.index + match[0].length;
      if (before === undefined || NOBODY.test(before.replace(/\s/gu, ''))) {
        // 上様: addressed to nobody in particular. ご担当者様 under a company line: that company.
        if (before?.replace(/\s/gu, '') === '上') found.push({ name: null, line, end, strength: ADDRESSEE_STRENGTH[honorific] });
        else if (before !== undefined && /担当/u.test(before)) {
          const previous = lines[line.index - 1];
          const company = previous ? findCompanyNames(previous.text)[0] : undefined;
          if (previous && company) found.push({ name: company.name, line: previous, end: previous.text.length, strength: 1 });
        }
        continue;
      }
      found.push({ name: before, line, end, strength: ADDRESSEE_STRENGTH[honorific] });
    }
    // The label starts a column: the line's first (BILL TO  Invoice No. …), or a later one beside the issuer's name (Acme Co., Ltd.  Bill to).
    for (const [column, { text, start }] of columnsOf(line.text).entries()) {
      const english = ENGLISH_ADDRESSEE.exec(text.trim());
      if (!english) continue;
      // The name after the label, or below it, in its column, when nothing or another column's label follows it.
      const rest = (english[1] ?? english[2] ?? '').trim();
      const below = rest === '' || /^(?:Invoice|No\.|Date|#)/iu.test(rest) ? nameBelow(lines, line.index, column) : undefined;
      const end = start + text.length;
      if (below) found.push({ ...below, strength: ADDRESSEE_STRENGTH.english });
      else if (rest !== '') found.push({ name: rest, line, end, strength: ADDRESSEE_STRENGTH.english });
      break;
    }
  }
  const strongest = Math.max(0, ...found.map((candidate) => candidate.strength));
  return found.find((candidate) => candidate.strength === strongest);
}

/**
 * The name under a label (Bill to, 発行者) within the next three lines, in the label's column (the
 * first, or the `column`-th of the lines that have as many; a line of one column under a later one
 * is that column's, its left empty): a company name first, else a column that is a name and nothing
 * else (no digits, no label).
 */
function nameBelow(lines: ParsedLine[], index: number, column = 0): { name: string; line: ParsedLine; end: number } | undefined {
  const next = lines.slice(index + 1, index + 4).flatMap((line) => {
    const columns = columnsOf(line.text);
    const under = columns.length > column ? columns[column]! : columns.length === 1 ? columns[0]! : undefined;
    return under ? [{ line, ...under }] : [];
  });
  for (const { line, text, start } of next) {
    const company = findCompanyNames(text)[0];
    if (company) return { name: company.name, line, end: start + company.end };
  }
  for (const { line, text, start } of next) {
    if (!/\d|[:：#]|Invoice|Date/iu.test(text) && tidyName(text)) return { name: text, line, end: start + text.length };
  }
  return undefined;
}

/**
 * A name in the column after the addressee's honorific (合同会社さくら企画 御中  佐藤 美咲): in a
 * two-column head, the issuer's when it is a person. Only a person's name as printed counts: two to
 * ten kanji or kana, family and given name apart or not (林 翔太 reaches here as 林翔太, its single
 * kanji joined like OCR's), not ending like a label, a title or a business (請求日, 登録番号,
 * 請求書, 商事, 店): a word OCR made of a legal form (㈲富士見商事 read as 作富士見商事) is not one.
 */
const PLAIN_NAME = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー々]{1,5} ?[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー々]{1,5}$/u;
const NOT_PERSON_ENDING = /(?:日|号|書|額|計|限|先|元|様|殿|中|者|名|所|証|票|細|月|年|期|込|税|円|事|社|店|業|会|堂|屋|局|院|部|課|室|館|場|園|署|品|料|代)$/u;

interface IssuerCandidate {
  name: string;
  line: ParsedLine;
  score: number;
}

/** How much a block looks like the issuer's: its registration number, telephone and address beside it. */
function marksNear(lines: ParsedLine[], index: number, addresseeLine: number | undefined): number {
  let score = 0;
  for (const [pattern, weight] of ISSUER_MARKS) {
    const near = lines.slice(Math.max(0, index - 1), index + 5).some((line) => line.index !== addresseeLine && pattern.test(line.text));
    if (near) score += weight;
  }
  return score;
}

function issuerCandidates(lines: ParsedLine[], addressee: Addressee | undefined): IssuerCandidate[] {
  const candidates: IssuerCandidate[] = [];
  const addresseeLine = addressee?.line.index;
  for (const line of lines) {
    if (BANK_LINE.test(line.text)) continue;
    const from = line.index === addresseeLine ? addressee!.end : 0;
    const text = line.text.slice(from);
    const labelled = ISSUER_LABEL.exec(text.trim());
    if (labelled) {
      const rest = labelled[1]!.split('  ')[0]!.trim();
      const below = rest === '' ? nameBelow(lines, line.index) : undefined;
      const name = tidyName(below?.name ?? findCompanyNames(rest)[0]?.name ?? rest);
      if (name) candidates.push({ name, line: below?.line ?? line, score: 0.9 + marksNear(lines, line.index, addresseeLine) });
      continue;
    }
    if (line.index === addresseeLine) {
      const column = text.trim().split('  ')[0]!;
      const name = PLAIN_NAME.test(column) && !NOT_PERSON_ENDING.test(column) ? tidyName(column) : undefined;
      if (name) candidates.push({ name, line, score: 0.3 + marksNear(lines, line.index, addresseeLine) });
    }
    for (const company of findCompanyNames(text)) {
      // A name followed by an honorific is an addressee's, whichever one findAddressee kept.
      if (/^\s*(?:御中|様|殿)/u.test(text.slice(company.end))) continue;
      const name = tidyName(company.name);
      if (name) candidates.push({ name, line, score: 0.5 + marksNear(lines, line.index, addresseeLine) });
    }
  }
  const addresseeName = addressee?.name ?? undefined;
  return addresseeName === undefined ? candidates : candidates.filter((candidate) => !sameParty(candidate.name, addresseeName));
}

/**
 * A receipt's shop, printed at its top without a legal form (○○商店 渋谷店): the first line of the
 * first page that names something, when its telephone, address or registration number follows.
 * When a line below repeats the name (協和ドラッグ, then 有限会社協和ドラッグ read as something
 * without its legal form), that line is the issuer's legal name, misread: none, not the brand.
 */
function shopAtTop(lines: ParsedLine[]): IssuerCandidate | undefined {
  const top = lines.filter((line) => line.source.page === 1).slice(0, 6);
  for (const line of top) {
    if (NOT_SHOP_LINE.test(line.text) || BANK_LINE.test(line.text)) continue;
    const name = tidyName(line.text);
    if (!name || [...name].length > 30) continue;
    const stem = [...name.replace(/\s/gu, '')].slice(0, 4).join('');
    const repeated = lines.slice(line.index + 1, line.index + 4).some((other) => other.text.replace(/\s/gu, '').includes(stem));
    const marks = marksNear(lines, line.index, undefined);
    return marks > 0 && !repeated ? { name, line, score: 0.3 + marks / 2 } : undefined;
  }
  return undefined;
}

const RECEIPT = /領収書|領収証|レシート|(?<![A-Za-z])receipt(?![A-Za-z])/iu;

/** The issuer's block: the best-marked name, when no other name is marked as well. */
function bestIssuer(candidates: IssuerCandidate[]): IssuerCandidate | undefined {
  const names = new Set(candidates.map((candidate) => candidate.name));
  // The only company name on the document (the addressee's aside) is the issuer's, more surely.
  const scored = names.size === 1 ? candidates.map((candidate) => ({ ...candidate, score: candidate.score + 0.1 })) : candidates;
  const top = Math.max(...scored.map((candidate) => candidate.score));
  const best = scored.filter((candidate) => candidate.score === top);
  if (best.length === 0 || best.some((candidate) => !sameParty(candidate.name, best[0]!.name))) return undefined;
  return best[0];
}

const issuerCertainty = (score: number) => Math.min(0.95, 0.45 + score / 2);

/**
 * The parties. The addressee is the name before the strongest honorific (御中 over 様 over 殿); the
 * issuer the company name with most of an issuer block's marks around it; with two names marked
 * alike, none (a miss, not a guess). The contract's own name (or T-number) outside the addressee's
 * place makes it the issuer: a document the contract issued itself.
 */
export function readParties(lines: ParsedLine[], own: ReadContext['own']): PartiesReading {
  const addressee = findAddressee(lines);
  const addresseeName = addressee?.name ? tidyName(addressee.name) : undefined;
  let candidates = issuerCandidates(lines, addressee ? { ...addressee, name: addresseeName ?? null } : undefined);
  if (candidates.length === 0 && lines.some((line) => RECEIPT.test(line.text))) {
    const shop = shopAtTop(lines);
    if (shop && !(addresseeName && sameParty(shop.name, addresseeName))) candidates = [shop];
  }

  const addresseeIsOwn = own?.name !== undefined && addresseeName !== undefined && sameParty(addresseeName, own.name);
  // The contract's own name printed outside the addressee's place, legal form or not (a sole proprietor's 田中 翔太).
  if (!addresseeIsOwn && own?.name && !candidates.some((candidate) => sameParty(candidate.name, own.name!))) {
    const printed = ownNamePrinted(lines, own.name, addressee);
    if (printed) candidates.push(printed);
  }
  let issuer: IssuerCandidate | undefined;
  let ownDocument = false;
  if (!addresseeIsOwn && own?.name) {
    issuer = candidates.find((candidate) => sameParty(candidate.name, own.name!));
    ownDocument = issuer !== undefined;
  }
  if (addresseeIsOwn && own?.name) candidates = candidates.filter((candidate) => !sameParty(candidate.name, own.name!));
  issuer ??= bestIssuer(candidates);
  if (!addresseeIsOwn && !ownDocument && own?.invoiceNumber) ownDocument = ownNumberIssued(lines, own.invoiceNumber, addressee?.line.index, issuer?.line.index);

  const reading: PartiesReading = { ownDocument };
  if (issuer) {
    reading.issuer = { value: issuer.name, certainty: issuerCertainty(issuer.score), line: issuer.line };
    reading.issuerLine = issuer.line.index;
    const column = columnOf(issuer.line.text, issuer.name);
    if (column !== undefined) reading.issuerColumn = column;
  }
  if (addressee) {
    reading.addresseeLine = addressee.line.index;
    const column = addressee.name ? columnOf(addressee.line.text, addressee.name) : undefined;
    if (column !== undefined) reading.addresseeColumn = column;
    if (addresseeName) reading.addressee = { value: addresseeName, certainty: ADDRESSEE_CERTAINTY[addressee.strength] ?? 0.8, line: addressee.line };
  }
  return reading;
}

/** The column of a line (its parts between wide gaps, from 0) a name is printed in. */
function columnOf(text: string, name: string): number | undefined {
  const plain = (value: string) => value.replace(/\s/gu, '');
  const column = columnsOf(text).findIndex((part) => plain(part.text).includes(plain(name)));
  return column < 0 ? undefined : column;
}

/**
 * The contract's registration number printed as the issuer's: nearer the issuer's block than the
 * addressee's (./invoice-numbers.ts `blockDistance`), or, with no issuer's block read, anywhere but
 * in the addressee's details (its line and the two under it).
 */
function ownNumberIssued(lines: ParsedLine[], invoiceNumber: string, addresseeLine: number | undefined, issuerLine: number | undefined): boolean {
  const digits = invoiceNumber.normalize('NFKC').replace(/\D/gu, '');
  if (digits.length !== 13) return false;
  return lines.some((line) => {
    if (!line.text.replace(/[\s-]/gu, '').includes(digits)) return false;
    if (addresseeLine === undefined) return true;
    if (issuerLine !== undefined) return blockDistance(line.index, issuerLine) < blockDistance(line.index, addresseeLine);
    return line.index < addresseeLine || line.index > addresseeLine + 2;
  });
}

/** The contract's name as a column of a line (not the addressee's part of it), for a document it issued. */
function ownNamePrinted(lines: ParsedLine[], ownName: string, addressee: Addressee | undefined): IssuerCandidate | undefined {
  for (const line of lines) {
    const text = line.index === addressee?.line.index ? line.text.slice(addressee.end) : line.text;
    for (const column of text.split('  ')) {
      const name = tidyName(column);
      if (name && sameParty(name, ownName)) return { name, line, score: 0.9 };
    }
  }
  return undefined;
}
