import * as z from 'zod/mini';
import { flag, intRange, updateFields } from '../validation.ts';
import { newPassword } from './users.ts';

/**
 * The contract's password policy (SPEC.md §3 "Password policy", issue 4 item 3). Defaults follow
 * NIST SP 800-63B-4 and OWASP ASVS 5.0: a minimum length, no forced composition or rotation unless
 * the administrator turns them on; a password must be hard to guess (a minimum strength, scored
 * against breached-password and dictionary lists, on unless the administrator sets it to 0).
 */
const int = intRange;

export const passwordPolicyFields = {
  /** 1: enforce pwd_min_len_val (8 is the floor whatever is set). */
  pwd_min_len: z._default(flag, 1),
  pwd_min_len_val: z._default(int(8, 32), 8),
  /** 1: letters and digits both required. */
  pwd_alphanumeric: z._default(flag, 0),
  /** 1: upper and lower case both required. */
  pwd_ignorecase: z._default(flag, 0),
  /** 1: at least one symbol required. */
  pwd_symbols: z._default(flag, 0),
  /** 1: no run of the same character longer than pwd_char_repeat_val. */
  pwd_char_repeat: z._default(flag, 0),
  pwd_char_repeat_val: z._default(int(1, 10), 3),
  /** 1: the password may not contain the user ID. */
  pwd_usr_id: z._default(flag, 1),
  /**
   * The lowest zxcvbn score a new password may have (shared/password-strength.ts): 0 accepts any,
   * 3 "safely unguessable" (the default), 4 "very unguessable".
   */
  pwd_min_strength: z._default(int(0, 4), 3),
  /** Days a password stays valid; 0: no expiry. */
  pwd_expiry_days: z._default(int(0, 999), 0),
  /** Days before expiry from which sign-in warns. */
  pwd_expiry_warning_days: z._default(int(0, 30), 7),
  /** Failed sign-ins before the account locks; 0: never locks. */
  max_login_attempts: z._default(int(0, 99), 10),
  /** Earlier passwords that may not be reused; 0: only the current one. */
  pwd_history_count: z._default(int(0, 24), 0),
  /** Trusted devices a user may keep for the second step. */
  mfa_device_max: z._default(int(1, 20), 5),
  /** Mail the user when the account locks / when the password changes. */
  mail_notify_lock: z._default(flag, 1),
  mail_notify_password_change: z._default(flag, 1),
};

export const passwordPolicy = z.object(passwordPolicyFields);
export type PasswordPolicy = z.infer<typeof passwordPolicy>;
export const defaultPasswordPolicy: PasswordPolicy = passwordPolicy.parse({});

export const securityInfoRequest = z.strictObject({});
export const securityInfoResponse = z.object({ policy: passwordPolicy, row_version: z.number() });

/** A field not sent keeps its saved value (the first save: the default). */
export const securityInfoSaveRequest = z.strictObject({
  row_version: z.number('validation.required').check(z.int(), z.gte(0)),
  ...updateFields(passwordPolicyFields),
});

/** A signed-in user's own password change (SPEC.md §5 messages). */
export const passwordChangeRequest = z.strictObject({
  current_password: z.string('validation.currentPasswordRequired').check(z.minLength(1, 'validation.currentPasswordRequired'), z.maxLength(128)),
  new_password: newPassword,
  confirm_password: z.string('validation.confirmPasswordRequired').check(z.minLength(1, 'validation.confirmPasswordRequired'), z.maxLength(128)),
});
export type PasswordChangeRequest = z.input<typeof passwordChangeRequest>;

/** The conditions in force, for the change-password screen's list. */
export const passwordConditionsResponse = z.object({ policy: passwordPolicy });
