import * as z from 'zod';
import { flag, updateFields } from '../validation.ts';
import { newPassword } from './users.ts';

/**
 * The contract's password policy (SPEC.md §3 "Password policy", issue 4 item 3). Defaults follow
 * NIST SP 800-63B-4 and OWASP ASVS 5.0: a minimum length, no forced composition or rotation unless
 * the administrator turns them on; a blocklist of common passwords always applies (server side).
 */
const int = (min: number, max: number) =>
  z.number({ error: 'validation.invalidValue' }).int({ error: 'validation.invalidValue' })
    .min(min, { error: 'validation.invalidValue' }).max(max, { error: 'validation.invalidValue' });

export const passwordPolicyFields = {
  /** 1: enforce pwd_min_len_val (8 is the floor whatever is set). */
  pwd_min_len: flag.default(1),
  pwd_min_len_val: int(8, 32).default(8),
  /** 1: letters and digits both required. */
  pwd_alphanumeric: flag.default(0),
  /** 1: upper and lower case both required. */
  pwd_ignorecase: flag.default(0),
  /** 1: at least one symbol required. */
  pwd_symbols: flag.default(0),
  /** 1: no run of the same character longer than pwd_char_repeat_val. */
  pwd_char_repeat: flag.default(0),
  pwd_char_repeat_val: int(1, 10).default(3),
  /** 1: the password may not contain the user ID. */
  pwd_usr_id: flag.default(1),
  /** Days a password stays valid; 0: no expiry. */
  pwd_expiry_days: int(0, 999).default(0),
  /** Days before expiry from which sign-in warns. */
  pwd_expiry_warning_days: int(0, 30).default(7),
  /** Failed sign-ins before the account locks; 0: never locks. */
  max_login_attempts: int(0, 99).default(10),
  /** Earlier passwords that may not be reused; 0: only the current one. */
  pwd_history_count: int(0, 24).default(0),
  /** Trusted devices a user may keep for the second step. */
  mfa_device_max: int(1, 20).default(5),
  /** Mail the user when the account locks / when the password changes. */
  mail_notify_lock: flag.default(1),
  mail_notify_password_change: flag.default(1),
};

export const passwordPolicy = z.object(passwordPolicyFields);
export type PasswordPolicy = z.infer<typeof passwordPolicy>;
export const defaultPasswordPolicy: PasswordPolicy = passwordPolicy.parse({});

export const securityInfoRequest = z.strictObject({});
export const securityInfoResponse = z.object({ policy: passwordPolicy, row_version: z.number() });

/** A field not sent keeps its saved value (the first save: the default). */
export const securityInfoSaveRequest = z.strictObject({
  row_version: z.number({ error: 'validation.required' }).int().min(0),
  ...updateFields(passwordPolicyFields),
});

/** A signed-in user's own password change (SPEC.md §5 messages). */
export const passwordChangeRequest = z.strictObject({
  current_password: z.string({ error: 'validation.currentPasswordRequired' }).min(1, { error: 'validation.currentPasswordRequired' }).max(128),
  new_password: newPassword,
  confirm_password: z.string({ error: 'validation.confirmPasswordRequired' }).min(1, { error: 'validation.confirmPasswordRequired' }).max(128),
});
export type PasswordChangeRequest = z.input<typeof passwordChangeRequest>;

/** The conditions in force, for the change-password screen's list. */
export const passwordConditionsResponse = z.object({ policy: passwordPolicy });
