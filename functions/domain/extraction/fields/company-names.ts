import { foldForSearch } from '#shared/search-fold.ts';

/**
 * Company names in a normalised line, found by their legal form (株式会社…, …株式会社, ㈱, 合同会社,
 * 一般社団法人, Co., Ltd., Inc., K.K....), and names tidied the way the drive stores a partner.
 */

const JAPANESE_FORMS = [
  '株式会社', '有限会社', '合同会社', '合資会社', '合名会社', '一般社団法人', '一般財団法人', '公益社団法人', '公益財団法人',
  '特定非営利活動法人', 'NPO法人', '医療法人社団', '医療法人財団', '医療法人', '社会福祉法人', '学校法人', '宗教法人',
  '税理士法人', '弁護士法人', '行政書士法人', '司法書士法人', '社会保険労務士法人', '監査法人', '独立行政法人', '国立大学法人',
];

/** The bracketed abbreviations (NFKC makes ㈱ and （株） into (株)), written out as the registered name has them. */
const ABBREVIATIONS: Record<string, string> = {
  '(株)': '株式会社', '(有)': '有限会社', '(同)': '合同会社', '(資)': '合資会社', '(名)': '合名会社',
  '(一社)': '一般社団法人', '(一財)': '一般財団法人', '(公社)': '公益社団法人', '(公財)': '公益財団法人', '(特非)': '特定非営利活動法人',
  '(医)': '医療法人', '(福)': '社会福祉法人', '(学)': '学校法人', '(宗)': '宗教法人', '(税)': '税理士法人',
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
const FORM = `(?:${[...JAPANESE_FORMS, ...Object.keys(ABBREVIATIONS)].map(escape).join('|')})`;
const NAME_CHAR = `[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}ー・&A-Za-z0-9'’.\\-々〆ヶ]`;
/** Latin words a Japanese-form name may go on with (株式会社 ABC Japan). */
const LATIN_WORDS = `(?:\\s[A-Za-z0-9&][A-Za-z0-9&'.\\-]*)*`;

/** 株式会社サンプル, (株)サンプル, サンプル株式会社, サンプル(株). */
const JAPANESE_NAME = new RegExp(`${FORM}\\s?${NAME_CHAR}+${LATIN_WORDS}|${NAME_CHAR}+\\s?${FORM}`, 'gu');

const ENGLISH_FORM = `(?:Co\\.,?\\s?Ltd\\.?|Co\\.,?\\s?Inc\\.?|Corporation|Corp\\.?|Incorporated|Inc\\.?|K\\.\\s?K\\.?|KK|LLC|L\\.L\\.C\\.|Ltd\\.?|Limited|G\\.K\\.|GK|Company|Pte\\.?\\s?Ltd\\.?|GmbH|PLC|LLP)`;
/** Capitalised words before an English legal form: Sample Trading Co., Ltd. */
const ENGLISH_NAME = new RegExp(`[A-Z0-9][\\w&'.\\-]*(?: (?:[A-Z0-9&][\\w&'.\\-]*|of|and|the|&))*,? ?${ENGLISH_FORM}(?![A-Za-z])`, 'gu');

/** Words that start a line before a name (a label, a title), never part of it. */
const LEADING_WORDS = /^(?:(?:発行者|発行元|請求元|販売元|差出人|事業者名|会社名|社名|店名|宛名|宛先|請求先|お客様名|ご請求先|御請求先|氏名|名前|(?:御|ご)?請求書|領収書|領収証|見積書|御見積書|納品書|Bill(?:ed)?\s+to|Invoice\s+to|Sold\s+to|Issued\s+by|Bill\s+from|From|To|Customer|Client|Seller|Supplier|Vendor|Issuer|Invoice|Receipt|Attn\.?)\s*[:：]?\s*)+/iu;
/** Words after a name that are not the party's (the person in charge, a greeting). */
const TRAILING_WORDS = /\s*(?:(?:経理)?(?:ご|御)?担当(?:者)?|各位)$/u;

/** Company names in a line, as printed (abbreviations still abbreviated), left to right. */
export function findCompanyNames(text: string): Array<{ name: string; start: number; end: number }> {
  const found: Array<{ name: string; start: number; end: number }> = [];
  for (const pattern of [JAPANESE_NAME, ENGLISH_NAME]) {
    for (const match of text.matchAll(pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      if (found.some((other) => start < other.end && end > other.start)) continue;
      found.push({ name: match[0], start, end });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

export const hasLegalForm = (name: string): boolean => new RegExp(FORM, 'u').test(name) || new RegExp(`${ENGLISH_FORM}(?![A-Za-z])`, 'u').test(name);

/**
 * A party's name as the drive stores it: labels and honorifics off, (株) written out, no space
 * between a Japanese legal form and the name (the registered 商号 has none), spaces collapsed.
 * Undefined when nothing like a name is left.
 */
export function tidyName(raw: string): string | undefined {
  let name = raw.trim().replace(LEADING_WORDS, '').replace(/\s*(?:御中|様|殿)$/u, '').replace(TRAILING_WORDS, '');
  for (const [abbreviation, form] of Object.entries(ABBREVIATIONS)) name = name.split(abbreviation).join(form);
  const forms = JAPANESE_FORMS.map(escape).join('|');
  name = name.replace(new RegExp(`(${forms})\\s+`, 'gu'), '$1').replace(new RegExp(`\\s+(${forms})`, 'gu'), '$1');
  name = name.replace(/\s+/gu, ' ').replace(/^[\s:：,、.・\-_|'"]+|[\s:：,、・\-_|'"]+$/gu, '').trim();
  if ([...name].length < 2 || !/[\p{L}]/u.test(name) || /\d{4,}/u.test(name)) return undefined;
  return name;
}

/** Two names for one party: folded for search, spaces, punctuation and legal forms aside (株式会社サンプル = サンプル(株)). */
export function sameParty(a: string, b: string): boolean {
  const fold = (name: string) => {
    let folded = name;
    for (const [abbreviation, form] of Object.entries(ABBREVIATIONS)) folded = folded.split(abbreviation).join(form);
    folded = foldForSearch(folded);
    for (const form of JAPANESE_FORMS) folded = folded.split(foldForSearch(form)).join('');
    return folded.replace(new RegExp(ENGLISH_FORM, 'giu'), '').replace(/[\s,.・'’&()-]/gu, '');
  };
  const left = fold(a);
  return left.length > 0 && left === fold(b);
}
