import * as z from 'zod/mini';
import { productModules } from '../constants.ts';
import { languages } from '../messages.ts';
import { flag, requiredText } from '../validation.ts';
import { passwordPolicy } from './security.ts';
import { email, newPassword, USER_NAME_MAX } from './users.ts';

export const CONTRACT_ID_MAX = 20;
export const USER_ID_MAX = 12;
export const LOGIN_PASSWORD_MAX = 128;
/** One-time codes (mail and authenticator) have six digits. */
export const AUTH_CODE_LENGTH = 6;

export const language = z.enum(languages, 'validation.invalidValue');

/** A trusted-device key the browser keeps after a second step with "trust this device". */
export const deviceToken = z.string().check(z.maxLength(200, 'validation.invalidValue'), z.regex(/^[A-Za-z0-9_-]*$/, 'validation.invalidValue'));

export const loginRequest = z.strictObject({
  kyk_id: requiredText(CONTRACT_ID_MAX),
  user_id: requiredText(USER_ID_MAX),
  password: requiredText(LOGIN_PASSWORD_MAX),
  force_flg: z._default(flag, 0),
  language: z.optional(language),
  device_token: z.optional(deviceToken),
});
export type LoginRequest = z.input<typeof loginRequest>;

/**
 * What the signed-in user may do in this product (docs/architecture.md "Who may do what"): an
 * administrator by group or individual flag; the common-drive level (none 0, view 1, active 2,
 * update 3); individual 1 when the rights come from the individual flags (no account-area group);
 * the lowest level on an entry that may issue share links (common settings; null while links are off).
 */
export const loginRights = z.object({
  admin: flag,
  drive: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  individual: flag,
  link_issuer_level: z.nullable(z.union([z.literal(1), z.literal(2), z.literal(3)])),
});
export type LoginRights = z.infer<typeof loginRights>;

export const loginUser = z.object({
  kyk_id: z.string(),
  user_id: z.string(),
  user_nm: z.string(),
  email: z.string(),
  language,
  ata_admin_permission: flag,
  /** File registration method: simple 0, detailed 1. */
  file_regist_method: flag,
  rights: loginRights,
});
export type LoginUser = z.infer<typeof loginUser>;

/** The signed-in user (get_login_user_info, chang_language, user_info_file_regist_change). */
export const sessionUserResponse = z.object({ user: loginUser });
export type SessionUserResponse = z.infer<typeof sessionUserResponse>;

/** get_login_user_info: the user, and the days left before the password expires when within the policy's warning period (else null). */
export const loginUserInfoResponse = z.object({ user: loginUser, password_expires_in_days: z.optional(z.nullable(z.number().check(z.int()))) });
export type LoginUserInfoResponse = z.infer<typeof loginUserInfoResponse>;

/**
 * A step the sign-in still needs (docs/sign-in.md). The ticket is opaque, single-use and names the
 * pending sign-in on the server; it is worth nothing without the step's own proof.
 */
export const loginStepKinds = ['otp-mail', 'totp', 'password-change', 'info-change'] as const;
export const loginStepKind = z.enum(loginStepKinds);
export type LoginStepKind = z.infer<typeof loginStepKind>;

export const loginStep = z.object({
  ticket: z.string(),
  step: loginStepKind,
  /** ISO time after which the ticket no longer works (the whole sign-in starts again). */
  expires_at: z.string(),
  /** otp-mail: where the code went, masked (t***@example.com). */
  email_masked: z.optional(z.string()),
  /** totp, when the user has no authenticator yet: what to register it with. */
  totp_activation: z.optional(z.object({ generation_key: z.string(), otpauth_url: z.string() })),
  /** otp-mail and totp: days a trusted device skips the step (the group's MFA validity). */
  trust_days: z.optional(z.number().check(z.int())),
  /** password-change: why (first sign-in, administrator reset, expired, policy not met). */
  reason: z.optional(z.enum(['first', 'reset', 'expired', 'policy'])),
  /** password-change: the conditions the new password must meet. */
  policy: z.optional(passwordPolicy),
  /** info-change: the values to start from. */
  user_nm: z.optional(z.string()),
  email: z.optional(z.string()),
});
export type LoginStep = z.infer<typeof loginStep>;

/**
 * The answer of every call that can end a sign-in. Code 0 (or 990000210002 after a forced password
 * change) carries `user`; -990000010004/5/8/9/13/16 carry `next`; -990000010010 carries `redirect_url`.
 */
export const signInResponse = z.object({
  user: z.optional(loginUser),
  /** Days left before the password expires, when within the policy's warning period. */
  password_expires_in_days: z.optional(z.nullable(z.number().check(z.int()))),
  /** Present when the second step was passed with "trust this device". */
  device_token: z.optional(z.string()),
  next: z.optional(loginStep),
  redirect_url: z.optional(z.string()),
});
export type SignInResponse = z.infer<typeof signInResponse>;

const ticket = z.string('notice.signInTicketInvalid').check(z.minLength(1, 'notice.signInTicketInvalid'), z.maxLength(200, 'notice.signInTicketInvalid'));

/** Spaces (a code typed or pasted as "123 456") are dropped before the code is checked. */
export const authCode = z.pipe(
  z.pipe(z.string('validation.authCodeRequired'), z.transform((value: string) => value.replace(/\s/g, ''))),
  z.string().check(z.minLength(1, 'validation.authCodeRequired'), z.regex(/^\d{6}$/, 'validation.authCodeFormat')),
);

/** login_two_step (mail) and login_two_step_totp (authenticator). */
export const twoStepRequest = z.strictObject({
  ticket,
  auth_code: authCode,
  trust_device: z._default(flag, 0),
  language: z.optional(language),
});
export type TwoStepRequest = z.input<typeof twoStepRequest>;

export const ticketRequest = z.strictObject({ ticket, language: z.optional(language) });
export const stepResponse = z.object({ next: loginStep });

/** passchange_lnk: the forced password change inside the sign-in (no current password: the ticket proves it). */
export const passwordChangeLinkRequest = z.strictObject({
  ticket,
  new_password: newPassword,
  confirm_password: z.string('validation.confirmPasswordRequired').check(z.minLength(1, 'validation.confirmPasswordRequired'), z.maxLength(128)),
  language: z.optional(language),
});
export type PasswordChangeLinkRequest = z.input<typeof passwordChangeLinkRequest>;

/** login_info_change: the user completes missing profile data (-990000010008) before going on. */
export const infoChangeRequest = z.strictObject({
  ticket,
  user_nm: requiredText(USER_NAME_MAX),
  email,
  language: z.optional(language),
});
export type InfoChangeRequest = z.input<typeof infoChangeRequest>;

export const emptyRequest = z.strictObject({});

export const checkLoginResponse = z.object({ logged_in: z.boolean() });

export const changeLanguageRequest = z.strictObject({ language });
export type ChangeLanguageRequest = z.input<typeof changeLanguageRequest>;

export const fileRegistMethodRequest = z.strictObject({ file_regist_method: flag });


export const loginOptionsResponse = z.object({
  /** 1 for each module the contract may use. */
  options: z.record(z.enum(productModules), flag),
  /** Whether this product (the drive) is in the contract; when false the SPA signs out (-990000010011). */
  allowed: z.boolean(),
});
export type LoginOptions = z.infer<typeof loginOptionsResponse>;

/** get_kyoten_info: where a contract is served ("get domain by kyk_id"). */
export const locationRequest = z.strictObject({ kyk_id: requiredText(CONTRACT_ID_MAX) });
export const locationResponse = z.object({ redirect_url: z.nullable(z.string()) });

/** A trusted second-step device (SPEC.md §3 "Device"). */
export const trustedDevice = z.object({
  device_id: z.string(),
  kind: z.enum(['mail', 'totp']),
  ip_address: z.string(),
  browser: z.string(),
  regist_date: z.string(),
  expires_at: z.string(),
  /** The device this browser presented. */
  current: z.boolean(),
});
export type TrustedDevice = z.infer<typeof trustedDevice>;
export const deviceListRequest = z.strictObject({ device_token: z.optional(deviceToken) });
export const deviceListResponse = z.object({ devices: z.array(trustedDevice), totp_registered: flag });
export const deviceDeleteRequest = z.strictObject({ device_id: z.string('validation.required').check(z.minLength(1, 'validation.required'), z.maxLength(100)) });
export const userDeviceListRequest = z.strictObject({ user_id: requiredText(USER_ID_MAX) });

/**
 * Sign-in history (docs/sign-in.md): every outcome of a sign-in of an existing contract, kept with
 * the audit records. Never the password.
 */
export const signInOutcomes = ['success', 'sso', 'wrong_data', 'locked', 'not_accepted', 'second_step_failed', 'ip_refused'] as const;
export type SignInOutcome = (typeof signInOutcomes)[number];
export const signInEvent = z.object({
  at: z.string(),
  outcome: z.enum(signInOutcomes),
  ip_address: z.string(),
  browser: z.string(),
});
export type SignInEvent = z.infer<typeof signInEvent>;
/** The user's live session, if any, as an administrator sees it. */
export const activeSession = z.object({ started_at: z.string(), expires_at: z.string(), ip_address: z.string(), browser: z.string() });
export const userSignInsResponse = z.object({ events: z.array(signInEvent), session: z.nullable(activeSession) });
export const userSessionEndRequest = z.strictObject({ user_id: requiredText(USER_ID_MAX) });
export const userSessionEndResponse = z.object({ session: z.nullable(activeSession) });
