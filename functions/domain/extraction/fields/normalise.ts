/**
 * One line of a document's text in the form the field parsers read: the same characters whether
 * they came from a PDF's text layer or from OCR, with the confusions OCR makes in numbers undone.
 * Whitespace is one space between words and two where the line had a wider gap (a column's: the
 * name before 御中 ends there). The parsers match on this form; a field's `source` stays the line
 * as read.
 */

/** Han, kana and the marks that live among them (ー is Script=Common, so it is named apart). */
const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー々〆ヶ]/u;
const CJK_AT_START = new RegExp(`^${CJK_CHAR.source}`, 'u');
const CJK_AT_END = new RegExp(`${CJK_CHAR.source}$`, 'u');
const KATAKANA_AT_START = /^[\p{Script=Katakana}ー]/u;
const KATAKANA_AT_END = /[\p{Script=Katakana}ー]$/u;

/**
 * CJK radicals a PDF's text layer gives for the kanji whose glyph a font shares with them (Noto
 * CJK's 青 is also ⻘, 戸 also ⼾): the kanji. NFKC knows none of the Radicals Supplement, and folds
 * a few Kangxi radicals to forms outside JIS X 0208 that no Japanese text uses (⼾ to 戶, not the 戸
 * of a Japanese name): those are mapped too, whether the radical or its NFKC form arrives.
 */
const RADICALS: Record<string, string> = {
  '⺟': '母', '⺠': '民', '⻁': '虎', '⻄': '西', '⻆': '角', '⻇': '角', '⻑': '長', '⻘': '青', '⻝': '食', '⻣': '骨',
  '⻤': '鬼', '⻨': '麦', '⻩': '黄', '⻫': '斉', '⻭': '歯', '⻯': '竜', '⻲': '亀',
  '⼾': '戸', '戶': '戸', '⾭': '青', '靑': '青', '⿈': '黄', '黃': '黄', '⿊': '黒', '黑': '黒',
};
const RADICAL = new RegExp(`[${Object.keys(RADICALS).join('')}]`, 'gu');
/** Kangxi radicals and CJK compatibility ideographs: NFKC takes each to its ideograph (then RADICALS, where that is not Japanese). */
const IDEOGRAPH_VARIANTS = /[\u2f00-\u2fdf\uf900-\ufaff]/gu;

/** The text with radicals and compatibility forms as the kanji they stand for, and nothing else changed (the text layer's own lines). */
export const kanjiOfRadicals = (text: string): string =>
  text.replace(RADICAL, (radical) => RADICALS[radical]!).replace(IDEOGRAPH_VARIANTS, (variant) => variant.normalize('NFKC')).replace(RADICAL, (radical) => RADICALS[radical]!);

/** Dashes and minus signs NFKC leaves alone; ー between digits is OCR's (or a typist's) hyphen. */
const DASHES = /[‐‑‒–—―−]/gu;
const LONG_VOWEL_BETWEEN_DIGITS = /(?<=\d)ー(?=\d)/gu;

/**
 * Text layers of Shift_JIS origin carry U+005C for ¥ (the same code point in JIS X 0201), and OCR
 * reads ¥ as Y: either directly before digits is the yen sign. OCR also reads one ¥ as two marks,
 * y¥, Y¥ or y\ (the strokes and the bars apart), or as a lone y: one yen sign.
 */
const BACKSLASH_YEN = /\\(?=\s?\d)/gu;
const Y_YEN = /(?<![A-Za-z])[Yy]?[Yy¥](?=\d)/gu;

/**
 * A run of digits that OCR may have spelt with O/o for 0 and l/I for 1, thousands separators
 * included (1O,OOO). Only runs with a real digit are touched, and only when no word is glued to
 * them: "No.1", "Total" and "10lbs" stay as they are.
 */
const DIGIT_LIKE_RUN = /[0-9OoIl]+(?:[,.][0-9OoIl]+)*/gu;
/** A lone letter right before a number is a prefix, not a word: T (invoice number), R/H/S (era). */
const NUMBER_PREFIXES = new Set(['T', 'R', 'H', 'S']);
const isLatinLetter = (char: string | undefined) => char !== undefined && /[A-Za-z]/u.test(char);

function undoLetterDigits(text: string): string {
  return text.replace(DIGIT_LIKE_RUN, (run, offset: number) => {
    if (!/\d/u.test(run) || !/[OoIl]/u.test(run)) return run;
    const before = text[offset - 1];
    if (isLatinLetter(before) && !(NUMBER_PREFIXES.has(before!) && !isLatinLetter(text[offset - 2]))) return run;
    if (isLatinLetter(text[offset + run.length])) return run;
    return run.replace(/[Oo]/gu, '0').replace(/[Il]/gu, '1');
  });
}

/** OCR's % read as 96, 9o or 9% after a tax rate, where a base follows (1096対象, 896対象, 109o (on ¥373,000)). */
const MISREAD_PERCENT = /(?<![\d.])(10|8)(?:96|9o|9%|06)(?=\s?(?:対象|\(on))/gu;

/**
 * Spaces OCR puts inside an amount it can still be sure is one number: after ¥, a space that
 * leaves a well-formed number when removed (¥1 8,700, ¥12 000), and a space beside a thousands
 * separator (18, 700). Elsewhere a space between digits is a column gap (数量 2 単価 500, or
 * "2 8,700円": two, at 8,700 yen) and stays.
 */
const SPACED_YEN_PREFIX = /¥(\d(?:[\d,.]|\s(?=[\d,.]))*\d)/gu;
const WELL_FORMED_GROUPS = /^\d{1,3}(?:[,.]\d{3})+$/u;

function joinSpacedNumber(number: string): string {
  if (!/\s/u.test(number)) return number;
  const joined = number.replace(/\s/gu, '');
  if (WELL_FORMED_GROUPS.test(joined)) return joined;
  // Spaces as the only separator: every group after the first has three digits (12 000).
  const groups = number.split(/\s/u);
  if (groups.every((group) => /^\d+$/u.test(group)) && /^\d{1,3}$/u.test(groups[0]!) && groups.slice(1).every((group) => group.length === 3)) return joined;
  return number;
}

/**
 * Thousands separators: yen has no decimals, so a comma or a point followed by exactly three
 * digits groups thousands (18,700, 18.700 as OCR reads the comma). A date's 2024.4.1 and an
 * amount in another currency, 120.50, keep theirs.
 */
const THOUSANDS_SEPARATOR = /(?<=\d)[,.](?=\d{3}(?!\d))/gu;

/**
 * OCR spells out text it reads one glyph at a time: 請 求 日. A single space between two CJK
 * characters goes when a word on either side of it is a single character; two longer words keep
 * theirs (株式会社サンプル 東京都千代田区, 品名 数量 単価 金額), and so does a wider gap (a column's)
 * and the space after an honorific, which ends a name (山田 太郎 様 株式会社サンプル). Inside a run of
 * katakana a single space is OCR's too, whatever the words' length (株式会社青葉ロジスティ クス): a
 * name is never written so, and one katakana word beside another is no field's boundary.
 */
function joinSpacedCjk(text: string): string {
  const parts = text.split(/(\s+)/u);
  let result = parts[0] ?? '';
  for (let index = 1; index < parts.length; index += 2) {
    const left = parts[index - 1]!;
    const right = parts[index + 1] ?? '';
    const single = [...left].length === 1 || [...right].length === 1;
    const katakana = KATAKANA_AT_END.test(left) && KATAKANA_AT_START.test(right);
    const join = parts[index] === ' ' && (katakana || (single && left !== '様' && left !== '殿' && CJK_AT_END.test(left) && CJK_AT_START.test(right)));
    result += (join ? '' : parts[index]!) + right;
  }
  return result;
}

/** The line as the parsers read it (the steps in this order: later ones rely on earlier ones). */
export function normaliseLine(text: string): string {
  let line = kanjiOfRadicals(text).normalize('NFKC')
    .replace(DASHES, '-')
    .replace(LONG_VOWEL_BETWEEN_DIGITS, '-')
    .replace(/〜/gu, '~')
    .replace(/圓/gu, '円')
    // OCR's doubled separator (2.,929): one.
    .replace(/(?<=\d)[.,]{2,}(?=\d)/gu, ',')
    // One space, or two for any wider gap: the CJK joining below never crosses a column.
    .replace(/\s{2,}/gu, '  ')
    .replace(/\s/gu, ' ');
  line = line.replace(BACKSLASH_YEN, '¥').replace(Y_YEN, '¥');
  line = undoLetterDigits(line.replace(MISREAD_PERCENT, '$1%'));
  line = line
    .replace(/¥\s+(?=\d)/gu, '¥')
    .replace(SPACED_YEN_PREFIX, (_match, number: string) => `¥${joinSpacedNumber(number)}`)
    .replace(/(?<=\d)\s+(?=円)/gu, '')
    .replace(/(?<=\d)\s+(?=,\d{3}(?!\d))/gu, '')
    .replace(/(?<=\d,)\s+(?=\d{3}(?!\d))/gu, '');
  line = line.replace(THOUSANDS_SEPARATOR, '');
  return joinSpacedCjk(line).trim();
}
