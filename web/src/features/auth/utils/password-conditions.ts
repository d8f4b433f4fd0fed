import type { TFunction } from 'i18next';
import type * as z from 'zod/mini';
import { codes } from '@shared/codes.ts';
import { NEW_PASSWORD_MAX } from '@shared/schemas/users.ts';
import type { PasswordPolicy } from '@shared/schemas/security.ts';
import type { StrengthScore } from '@shared/password-strength.ts';
import { fieldErrors } from '@/lib/form-validation.ts';

/** The floor of the minimum length whatever the policy says (NIST SP 800-63B-4). */
export const PASSWORD_MIN_FLOOR = 8;

export type PasswordConditionKey = 'length' | 'alphanumeric' | 'symbols' | 'case' | 'repeat' | 'userId' | 'history' | 'current' | 'strength' | 'expiry';

export interface PasswordCondition {
  key: PasswordConditionKey;
  /** Interpolation values of `account.conditions.<key>`. */
  values: Record<string, number>;
}

/** The policy in force as a list of conditions, in the order the screen shows them. */
export function passwordConditions(policy: PasswordPolicy): PasswordCondition[] {
  const min = policy.pwd_min_len === 1 ? Math.max(PASSWORD_MIN_FLOOR, policy.pwd_min_len_val) : PASSWORD_MIN_FLOOR;
  const list: PasswordCondition[] = [{ key: 'length', values: { min, max: NEW_PASSWORD_MAX } }];
  if (policy.pwd_alphanumeric === 1) list.push({ key: 'alphanumeric', values: {} });
  if (policy.pwd_symbols === 1) list.push({ key: 'symbols', values: {} });
  if (policy.pwd_ignorecase === 1) list.push({ key: 'case', values: {} });
  if (policy.pwd_char_repeat === 1) list.push({ key: 'repeat', values: { count: policy.pwd_char_repeat_val } });
  if (policy.pwd_usr_id === 1) list.push({ key: 'userId', values: {} });
  list.push(policy.pwd_history_count > 0 ? { key: 'history', values: { count: policy.pwd_history_count } } : { key: 'current', values: {} });
  // The level's name is a text of its own: the panel translates `minimum` (signIn.strength.score.<n>).
  if (policy.pwd_min_strength > 0) list.push({ key: 'strength', values: { minimum: policy.pwd_min_strength } });
  if (policy.pwd_expiry_days > 0) list.push({ key: 'expiry', values: { count: policy.pwd_expiry_days } });
  return list;
}

/** The i18n key naming a strength score (the meter's reading and the policy's minimum). */
export const strengthName = (score: number) => `signIn.strength.score.${score as StrengthScore}` as const;

export type PasswordField = 'current_password' | 'new_password' | 'confirm_password';

/** The field under which a refused change's message belongs (undefined: not a field's, show it in the modal). */
export function fieldOfPasswordError(code: number): PasswordField | undefined {
  if (code === codes.passwordWrongCurrent.code) return 'current_password';
  if (code === codes.passwordMismatch.code) return 'confirm_password';
  if (code <= codes.passwordPolicy.code && code >= codes.passwordSameAsOld.code) return 'new_password';
  return undefined;
}

/** SPEC.md §5's mismatch, once the confirmation is filled in: the rule across fields no schema states. */
export function passwordMismatch(values: { new_password: string; confirm_password: string }, t: TFunction): Record<string, string> {
  return values.confirm_password && values.new_password !== values.confirm_password ? { confirm_password: t('code.passwordMismatch') } : {};
}

/**
 * The new-password form's own errors before it is sent (the sign-in's forced change): the schema's
 * messages, and the mismatch where the schema passed the confirmation.
 */
export function newPasswordFormErrors(schema: z.ZodMiniType, values: { new_password: string; confirm_password: string }, t: TFunction): Record<string, string> {
  return { ...passwordMismatch(values, t), ...fieldErrors(schema, values, t) };
}
