import { DomainError } from '#lib/errors.ts';
import type { CodeName } from '#shared/codes.ts';
import type { MessageKey } from '#shared/messages.ts';
import { verifyPassword } from '#lib/passwords.ts';
import type { PasswordPolicy } from '#shared/schemas/security.ts';
import { NEW_PASSWORD_MAX, NEW_PASSWORD_MIN } from '#shared/schemas/users.ts';
import { passwordStrength, strengthUserInputs } from '#shared/password-strength.ts';

/**
 * The password rules of SPEC.md §5 under a contract's policy (§3), in the order the change-password
 * screen reports them: length, letters and digits, symbols, upper and lower case, repeated
 * characters, user ID, reuse of the current or an earlier password, then how hard it is to guess
 * (zxcvbn's score against the policy's `pwd_min_strength`, with the user's own details as words an
 * attacker knows). Each refusal carries its §8 code, the `{{num}}` of its message where it has one,
 * and the field `new_password`.
 */

export const PASSWORD_FIELD = 'new_password';

export interface NewPasswordCandidate {
  password: string;
  userId: string;
  /** The user's name, e-mail and contract ID: a password built from them is easy to guess. */
  userName: string;
  email: string;
  kykId: string;
  /** The hash of the user's current password: the new one may not be the same. */
  currentHash?: string;
  /** Hashes of earlier passwords, newest first; the policy's `pwd_history_count` of them are checked. */
  historyHashes?: readonly string[];
}

/** The minimum length in force: the policy's value when turned on, never below 8. */
export const minimumLength = (policy: PasswordPolicy): number =>
  Math.min(NEW_PASSWORD_MAX, Math.max(NEW_PASSWORD_MIN, policy.pwd_min_len === 1 ? policy.pwd_min_len_val : NEW_PASSWORD_MIN));

const LETTER = /\p{L}/u;
const DIGIT = /\p{Nd}/u;
/** Anything that is not a letter, a digit or white space counts as a symbol. */
const SYMBOL = /[^\p{L}\p{N}\s]/u;
const UPPER = /\p{Lu}/u;
const LOWER = /\p{Ll}/u;

/** The longest run of one identical character (code points, so a surrogate pair counts once). */
export function longestRun(password: string): number {
  let longest = 0;
  let run = 0;
  let previous: string | undefined;
  for (const char of password) {
    run = char === previous ? run + 1 : 1;
    previous = char;
    if (run > longest) longest = run;
  }
  return longest;
}

const fail = (codeName: CodeName, params: Record<string, number> = {}): DomainError =>
  new DomainError(codeName, params, { [PASSWORD_FIELD]: `code.${codeName}` as MessageKey });

/** The rules that need no stored hash, in order; undefined when all pass. */
export function checkPasswordShape(policy: PasswordPolicy, password: string, userId: string): DomainError | undefined {
  const length = [...password].length;
  const min = minimumLength(policy);
  if (length < min || length > NEW_PASSWORD_MAX) return fail('passwordLength', { num: min });
  if (policy.pwd_alphanumeric === 1 && !(LETTER.test(password) && DIGIT.test(password))) return fail('passwordAlphanumeric');
  if (policy.pwd_symbols === 1 && !SYMBOL.test(password)) return fail('passwordSymbols');
  if (policy.pwd_ignorecase === 1 && !(UPPER.test(password) && LOWER.test(password))) return fail('passwordCase');
  if (policy.pwd_char_repeat === 1 && longestRun(password) > policy.pwd_char_repeat_val) return fail('passwordRepeat', { num: policy.pwd_char_repeat_val });
  if (policy.pwd_usr_id === 1 && userId !== '' && password.toLowerCase().includes(userId.toLowerCase())) return fail('passwordContainsUserId');
  return undefined;
}

/**
 * The first rule the new password breaks, or undefined. Asynchronous because the reuse ban compares
 * against stored scrypt hashes (checked together, so the time does not depend on which one matches).
 */
export async function checkNewPassword(policy: PasswordPolicy, candidate: NewPasswordCandidate): Promise<DomainError | undefined> {
  const { password, userId } = candidate;
  const shape = checkPasswordShape(policy, password, userId);
  if (shape) return shape;
  const earlier = [
    ...(candidate.currentHash ? [candidate.currentHash] : []),
    ...(candidate.historyHashes ?? []).slice(0, policy.pwd_history_count),
  ];
  const reused = await Promise.all(earlier.map((hash) => verifyPassword(password, hash)));
  if (reused.some(Boolean)) return fail('passwordSameAsOld');
  if (policy.pwd_min_strength > 0) {
    const { score } = await passwordStrength(password, strengthUserInputs([userId, candidate.userName, candidate.email, candidate.kykId]));
    if (score < policy.pwd_min_strength) return new DomainError('passwordPolicy', {}, { [PASSWORD_FIELD]: 'validation.commonPassword' });
  }
  return undefined;
}

/** The history kept on the user after a change: the replaced password first, trimmed to the policy's count. */
export const nextHistory = (policy: PasswordPolicy, replacedHash: string, history: readonly string[] = []): string[] =>
  [replacedHash, ...history].slice(0, policy.pwd_history_count);
