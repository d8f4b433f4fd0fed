/**
 * The form text is searched in where spelling variants should meet (the user list's search, issue
 * 28 item 20): NFKC (full-width letters and digits become half-width, half-width katakana full
 * width), lower case, and katakana folded onto hiragana, so さとう, サトウ and ｻﾄｳ are one form while
 * 佐藤 stays itself (kanji readings are not guessed). Used for both the stored text and the query.
 */

/** Katakana ァ..ヶ and the iteration marks ヽヾ, whose hiragana sit 0x60 below. */
const KATAKANA = /[\u30a1-\u30f6\u30fd\u30fe]/g;

export const foldKana = (text: string): string => text.replace(KATAKANA, (char) => String.fromCharCode(char.charCodeAt(0) - 0x60));

export function foldForSearch(text: string): string {
  // NFKC again after lower-casing: a few lower-case forms are not themselves normalized.
  return foldKana(text.normalize('NFKC').toLowerCase().normalize('NFKC'));
}
