/**
 * The words that say what a value on a line is (請求日, 支払期限, 合計, 小計, Total due...), found
 * in a normalised line. Labels overlap — 請求日 in 前回請求日, 合計 in 税込合計, Date in Due date —
 * and the longest one wins, so each list names the longer forms it must not be mistaken for.
 */

export interface Label<Role> {
  role: Role;
  /** Higher ranks win over lower ones where a parser ranks its labels (a specific date label over 日付). */
  rank: number;
  pattern: RegExp;
}

export interface LabelMatch<Role> {
  role: Role;
  rank: number;
  start: number;
  end: number;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');

/**
 * A Japanese label is matched as written: the spaces OCR puts between its characters are gone
 * already (./normalise.ts), and tolerating others would run two labels into one (消費税 合計 is two
 * column heads, not 消費税合計). An English one is case-blind, takes any run of spaces where it has
 * one, makes its points optional and must stand as whole words (Total is not inside Subtotal).
 */
function labelPattern(text: string): RegExp {
  if (/^[\x20-\x7e]+$/u.test(text)) {
    const body = text.split(/\s+/u).map((word) => escape(word).replace(/\\\./gu, '\\.?')).join('\\s*');
    return new RegExp(`(?<![A-Za-z])${body}(?![A-Za-z])`, 'giu');
  }
  return new RegExp(escape(text), 'gu');
}

/** Labels of one role and rank, written out as printed. */
export const labels = <Role>(role: Role, rank: number, texts: string[]): Label<Role>[] =>
  texts.map((text) => ({ role, rank, pattern: labelPattern(text) }));

/** Each text with the honorific prefixes a label may carry (ご請求金額, 御請求金額, 請求金額). */
export const withPrefixes = (texts: string[], prefixes = ['', 'ご', '御', 'お']): string[] =>
  texts.flatMap((text) => prefixes.map((prefix) => `${prefix}${text}`));

/** The labels in a line, left to right, none overlapping: where two overlap the longer one stays. */
export function findLabels<Role>(text: string, set: Label<Role>[]): LabelMatch<Role>[] {
  const all: LabelMatch<Role>[] = [];
  for (const label of set) {
    for (const match of text.matchAll(label.pattern)) {
      if (match[0].length === 0) continue;
      all.push({ role: label.role, rank: label.rank, start: match.index, end: match.index + match[0].length });
    }
  }
  all.sort((a, b) => (b.end - b.start) - (a.end - a.start) || a.start - b.start);
  const kept: LabelMatch<Role>[] = [];
  for (const match of all) {
    if (kept.every((other) => match.end <= other.start || match.start >= other.end)) kept.push(match);
  }
  return kept.sort((a, b) => a.start - b.start);
}

/** The label nearest before `position` that starts at or after `from` (the previous value's end). */
export function labelBefore<Role>(found: LabelMatch<Role>[], from: number, position: number): LabelMatch<Role> | undefined {
  let nearest: LabelMatch<Role> | undefined;
  for (const match of found) if (match.start >= from && match.end <= position) nearest = match;
  return nearest;
}

/** Punctuation and brackets a header line may carry around its labels. */
const HEADER_FILLER = /[\s:;・/|()[\]【】「」<>=*※#-]/gu;

/**
 * Whether a line holds only labels (a header: 請求日 on its own line, or 小計 消費税 合計 over a row
 * of amounts), so that its labels may name the values on the next line.
 */
export function isLabelsOnly<Role>(text: string, found: LabelMatch<Role>[]): boolean {
  if (found.length === 0) return false;
  let rest = '';
  let at = 0;
  for (const match of found) {
    rest += text.slice(at, match.start);
    at = match.end;
  }
  rest += text.slice(at);
  return rest.replace(HEADER_FILLER, '') === '';
}
