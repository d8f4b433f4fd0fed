import type { PasswordPolicy } from '@shared/schemas/security.ts';

/** Numeric fields of the policy, edited as text (an empty or partial entry stays as typed). */
export const policyNumberFields = [
  'pwd_min_len_val',
  'pwd_char_repeat_val',
  'pwd_expiry_days',
  'pwd_expiry_warning_days',
  'max_login_attempts',
  'pwd_history_count',
  'mfa_device_max',
  // Chosen from a list (0-4), kept as text like the others so one draft type serves.
  'pwd_min_strength',
] as const satisfies readonly (keyof PasswordPolicy)[];
export type PolicyNumberField = (typeof policyNumberFields)[number];

/** On/off fields (0 / 1 in the API). */
export const policyFlagFields = [
  'pwd_min_len',
  'pwd_alphanumeric',
  'pwd_symbols',
  'pwd_ignorecase',
  'pwd_char_repeat',
  'pwd_usr_id',
  'mail_notify_lock',
  'mail_notify_password_change',
] as const satisfies readonly (keyof PasswordPolicy)[];
export type PolicyFlagField = (typeof policyFlagFields)[number];

export type PolicyDraft = Record<PolicyNumberField, string> & Record<PolicyFlagField, boolean>;

export function draftFromPolicy(policy: PasswordPolicy): PolicyDraft {
  const draft = {} as PolicyDraft;
  for (const field of policyNumberFields) draft[field] = String(policy[field]);
  for (const field of policyFlagFields) draft[field] = policy[field] === 1;
  return draft;
}

/** The request body's policy part; a field that is not a whole number goes as NaN (the schema refuses it). */
export function policyFromDraft(draft: PolicyDraft): PasswordPolicy {
  const policy = {} as PasswordPolicy;
  for (const field of policyNumberFields) {
    const text = draft[field].trim();
    policy[field] = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  }
  for (const field of policyFlagFields) policy[field] = draft[field] ? 1 : 0;
  return policy;
}

export function draftChanged(draft: PolicyDraft, initial: PolicyDraft): boolean {
  return [...policyNumberFields, ...policyFlagFields].some((field) =>
    typeof draft[field] === 'string' ? (draft[field] as string).trim() !== (initial[field] as string).trim() : draft[field] !== initial[field],
  );
}
