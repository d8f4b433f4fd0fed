import type { createEstimator } from './password-estimator.ts';

/**
 * How hard a password is to guess, by zxcvbn-ts with its common (passwords, diceware, keyboard
 * layouts) and Japanese (words, names, Wikipedia) dictionaries: one estimator for the server's rule
 * (functions/domain/password-rules.ts) and the change-password screen's meter, so both score alike.
 * The estimator and its dictionaries (password-estimator.ts, about 660 KiB minified) are imported on
 * the first check, not with this module: sign-in's Lambda and the SPA import it without paying for them.
 */

/** zxcvbn's score: 0 too guessable, 1 very guessable, 2 somewhat guessable, 3 safely unguessable, 4 very unguessable. */
export type StrengthScore = 0 | 1 | 2 | 3 | 4;
export const STRENGTH_SCORES: readonly StrengthScore[] = [0, 1, 2, 3, 4];
export const STRENGTH_MAX = 4;

export interface PasswordStrength {
  score: StrengthScore;
  /** Why the password is weak, in the language asked ('' when zxcvbn has no warning). */
  warning: string;
}

/** What a user's own details look like to zxcvbn: each as given, without its separators, and split into its words (a name's parts, an e-mail's local part and domain). */
export function strengthUserInputs(values: readonly (string | undefined)[]): string[] {
  const inputs = new Set<string>();
  for (const value of values) {
    const text = value?.trim().toLowerCase();
    if (!text) continue;
    const parts = text.split(/[\s@._\-+]+/u).filter((part) => part.length >= 3);
    inputs.add(text);
    // "taroyamada1" hides "Taro Yamada" as well as "yamada1" does.
    inputs.add(text.replace(/[\s._\-+]+/gu, ''));
    for (const part of parts) inputs.add(part);
  }
  return [...inputs];
}

/**
 * The English warnings (@zxcvbn-ts/language-en's texts, which is not a dependency); zxcvbn answers
 * the key when it runs without translations, and Japanese comes from @zxcvbn-ts/language-ja.
 */
const englishWarnings: Record<string, string> = {
  straightRow: 'Straight rows of keys on your keyboard are easy to guess.',
  keyPattern: 'Short keyboard patterns are easy to guess.',
  simpleRepeat: 'Repeated characters like "aaa" are easy to guess.',
  extendedRepeat: 'Repeated character patterns like "abcabcabc" are easy to guess.',
  sequences: 'Common character sequences like "abc" are easy to guess.',
  recentYears: 'Recent years are easy to guess.',
  dates: 'Dates are easy to guess.',
  topTen: 'This is a heavily used password.',
  topHundred: 'This is a frequently used password.',
  common: 'This is a commonly used password.',
  similarToCommon: 'This is similar to a commonly used password.',
  wordByItself: 'Single words are easy to guess.',
  namesByThemselves: 'Single names or surnames are easy to guess.',
  commonNames: 'Common names and surnames are easy to guess.',
  userInputs: 'Do not use your own details, such as your name, user ID or e-mail address.',
  pwned: 'This password was exposed in a data breach on the internet.',
};

type Estimator = ReturnType<typeof createEstimator>;

let estimator: Promise<Estimator> | undefined;

/** Builds the estimator once; a failed load is retried on the next check. */
function loadEstimator(): Promise<Estimator> {
  estimator ??= import('./password-estimator.ts').then(({ createEstimator }) => createEstimator()).catch((error: unknown) => {
    estimator = undefined;
    throw error;
  });
  return estimator;
}

/** Starts loading the estimator without waiting (a screen calls it when it opens). */
export const preloadPasswordStrength = (): void => void loadEstimator().catch(() => undefined);

/** The password's score and warning; `userInputs` (see strengthUserInputs) count as words an attacker knows. */
export async function passwordStrength(password: string, userInputs: readonly string[] = [], language: 'en' | 'ja' = 'en'): Promise<PasswordStrength> {
  const { zxcvbn, japaneseWarnings } = await loadEstimator();
  const result = zxcvbn.check(password, [...userInputs]);
  const key = result.feedback.warning ?? '';
  const warning = key === '' ? '' : language === 'ja' ? (japaneseWarnings[key] ?? englishWarnings[key] ?? '') : (englishWarnings[key] ?? '');
  return { score: result.score, warning };
}
