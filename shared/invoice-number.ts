/**
 * 適格請求書発行事業者登録番号 (qualified invoice issuer's registration number; 消費税法57条の2).
 *
 * Structure, per the NTA's publication site (https://www.invoice-kohyo.nta.go.jp/about-toroku/):
 * - a business with a 法人番号: "T" + its 13-digit 法人番号;
 * - anyone else (個人事業者, 人格のない社団等): "T" + 13 digits, "マイナンバー（個人番号）は用いず、
 *   法人番号とも重複しない事業者ごとの番号".
 *
 * The 法人番号's first digit is a check digit over the 12-digit 基礎番号 (法人番号の指定等に関する省令
 * 2条; NTA: https://www.houjin-bangou.nta.go.jp/documents/checkdigit.pdf):
 *   check = 9 − (Σ_{n=1..12} P_n × Q_n mod 9), P_n the n-th digit counting from the lowest (rightmost)
 *   digit of the 基礎番号, Q_n = 1 for odd n and 2 for even n.
 * Verified against 国税庁 7000012050002 and トヨタ自動車 1180301018771 (tests).
 *
 * Individual issuers: the NTA publishes no rule for their 13 digits beyond the above (we found no
 * NTA page that states a check digit for them, nor one that says they have none). Every
 * individual's number we could find in public material (base digits starting with 8, outside the
 * 法人番号 ranges: 0–5 for registered companies, 00 for public bodies, 7 for other organisations)
 * satisfies the same check digit — T2810973054129, T2810703528253, T9810438829471; a random number
 * would pass with probability 1/9 each (1/729 for all three). The NTA assigns both kinds from one
 * number space that must not collide, and evidently with the same check digit. So the check digit
 * is verified for every registration number; a number failing it is a typing error, whoever holds it.
 * If the NTA ever issues individual numbers outside this rule, `checkDigitOk` is the one place to change.
 */
export type InvoiceNumberProblem = 'format' | 'check_digit';
export type InvoiceNumberResult = { ok: true; number: string } | { ok: false; problem: InvoiceNumberProblem };

/** Hyphens, dashes and long-vowel marks users type between digit groups (after NFKC). */
const SEPARATORS = /[\s\-‐‑‒–—―−ー－ｰ_.]/gu;

/**
 * The input as typed, reduced to the canonical form if it can be: full-width letters and digits to
 * half-width, separators and spaces removed, "t" upper-cased; bare 13 digits get their "T".
 */
export function normalizeInvoiceNumber(input: string): string {
  const compact = input.normalize('NFKC').replace(SEPARATORS, '').toUpperCase();
  return /^\d{13}$/.test(compact) ? `T${compact}` : compact;
}

/** The check digit for a 12-digit 基礎番号 (法人番号の指定等に関する省令2条). */
export function corporateCheckDigit(base: string): number {
  if (!/^\d{12}$/.test(base)) throw new RangeError('the 基礎番号 has 12 digits');
  let sum = 0;
  for (let n = 1; n <= 12; n += 1) sum += Number(base[12 - n]) * (n % 2 === 1 ? 1 : 2);
  return 9 - (sum % 9);
}

/** Whether 13 digits carry a correct leading check digit. */
export function checkDigitOk(digits: string): boolean {
  return /^\d{13}$/.test(digits) && Number(digits[0]) === corporateCheckDigit(digits.slice(1));
}

/** The registration number in canonical form ("T" + 13 digits), or what is wrong with it. */
export function parseInvoiceNumber(input: string): InvoiceNumberResult {
  const number = normalizeInvoiceNumber(input);
  if (!/^T\d{13}$/.test(number)) return { ok: false, problem: 'format' };
  if (!checkDigitOk(number.slice(1))) return { ok: false, problem: 'check_digit' };
  return { ok: true, number };
}
