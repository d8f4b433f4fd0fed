import * as z from 'zod/mini';
import { languages } from '../messages.ts';
import { flag, requiredText, updateFields } from '../validation.ts';
import { drivePermission, productAreas } from './groups.ts';
import { phonePattern } from './legal.ts';
import { pagedListRequest, pagedListResponse } from './paging.ts';

/** Users of a contract (SPEC.md §3) and their administration calls (§7). */
export const USER_NAME_MAX = 40;
export const USER_ID_MAX = 12;
export const EMAIL_MAX = 319;
export const PHONE_MAX = 20;
export const DEPARTMENT_MAX = 50;
export const POST_MAX = 50;
export const NEW_PASSWORD_MAX = 32;
/** Minimum length while no password policy sets one (NIST SP 800-63B: at least 8). */
export const NEW_PASSWORD_MIN = 8;

/** Letters, digits and . _ @ - : safe in keys, URLs and CSV. */
export const userIdPattern = /^[A-Za-z0-9._@-]+$/;
/** An address with an optional +digits suffix on the local part (SPEC.md §5). */
export const emailPattern = /^[A-Za-z0-9!#$%&'*/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*/=?^_`{|}~-]+)*(?:\+\d+)?@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** User status of SPEC.md §4: available 0, suspended 1, unavailable (locked) 9. */
export const userStatuses = [0, 1, 9] as const;
export const userStatus = z.union(userStatuses.map((value) => z.literal(value)) as [z.ZodMiniLiteral<0>, z.ZodMiniLiteral<1>, z.ZodMiniLiteral<9>], 'validation.invalidValue');

/** Registration mode of SPEC.md §4: simple 0 (basic fields only), detailed 1 (every field). */
export const registModes = [0, 1] as const;

export const userId = requiredText(USER_ID_MAX).check(z.regex(userIdPattern, 'validation.userIdFormat'));
export const email = requiredText(EMAIL_MAX).check(z.regex(emailPattern, 'validation.email'));

const groupId = z.uuid('validation.invalidValue');
const rowVersion = z.number('validation.required').check(z.int(), z.gte(1));
const optionalText = (max: number) => z.string('validation.invalidValue').check(z.maxLength(max, 'validation.tooLong'));

/** The user's group in each product area (null: none). */
export const userGroups = z.strictObject(
  Object.fromEntries(productAreas.map((product) => [product, z.optional(z.nullable(groupId))])) as Record<(typeof productAreas)[number], z.ZodMiniOptional<z.ZodMiniNullable<typeof groupId>>>,
);

const userFields = {
  user_nm: requiredText(USER_NAME_MAX),
  email,
  phone: z._default(optionalText(PHONE_MAX).check(z.regex(phonePattern, 'validation.phone')), ''),
  language: z._default(z.enum(languages, 'validation.invalidValue'), 'ja'),
  corp_id: z._default(z.nullable(z.uuid('validation.invalidValue')), null),
  department: z._default(optionalText(DEPARTMENT_MAX), ''),
  post: z._default(optionalText(POST_MAX), ''),
  groups: z._default(userGroups, {}),
  ata_admin_permission: z._default(flag, 0),
  atp_admin_permission: z._default(flag, 0),
  atk_admin_permission: z._default(flag, 0),
  atc_admin_permission: z._default(flag, 0),
  atc_lapse_flg: z._default(flag, 0),
  atk_lapse_flg: z._default(flag, 0),
  atp_lapse_flg: z._default(flag, 0),
  ata_corp_permission: z._default(flag, 0),
  /** File registration method: simple 0, detailed 1. */
  file_regist_method: z._default(flag, 0),
  /** 1: the user has an individual common-drive permission outside any group (shown as -1). */
  indiv_permission_flg: z._default(flag, 0),
  indiv_com_drive_permission: z._default(drivePermission, 0),
};

export const userDetail = z.object({
  kyk_id: z.string(),
  user_id: z.string(),
  user_nm: z.string(),
  email: z.string(),
  phone: z.string(),
  language: z.enum(languages),
  corp_id: z.nullable(z.string()),
  corp_nm: z.string(),
  department: z.string(),
  post: z.string(),
  groups: z.record(z.string(), z.string()),
  group_names: z.record(z.string(), z.string()),
  ata_admin_permission: flag,
  atp_admin_permission: flag,
  atk_admin_permission: flag,
  atc_admin_permission: flag,
  atc_lapse_flg: flag,
  atk_lapse_flg: flag,
  atp_lapse_flg: flag,
  ata_corp_permission: flag,
  file_regist_method: flag,
  indiv_permission_flg: flag,
  indiv_com_drive_permission: z.number(),
  status: userStatus,
  /** 1 while the user must change the password at the next sign-in. */
  password_change_required: flag,
  totp_registered: flag,
  row_version: z.number(),
  regist_date: z.string(),
  regist_user_nm: z.string(),
  update_date: z.string(),
  update_user_nm: z.string(),
});
export type UserDetail = z.infer<typeof userDetail>;

export const userSortItems = ['user_id', 'user_nm'] as const;

export const userListRequest = z.strictObject({
  /** Any part of the user ID, the name or the e-mail, in any width, case or kana (shared/search-fold.ts). */
  search_key: z.optional(optionalText(USER_NAME_MAX)),
  user_group_id: z.optional(groupId),
  corp_id: z.optional(z.uuid('validation.invalidValue')),
  department: z.optional(optionalText(DEPARTMENT_MAX)),
  post: z.optional(optionalText(POST_MAX)),
  status: z.optional(userStatus),
  ...pagedListRequest(userSortItems),
});
export const userListResponse = pagedListResponse(userDetail);

export const userRequest = z.strictObject({ user_id: userId });
export const userResponse = z.object({ user: userDetail });

/**
 * A new password as typed: required and at most 32 characters here; the minimum length and the
 * other conditions come from the contract's password policy and are checked by the server.
 */
export const newPassword = z.string('validation.newPasswordRequired').check(
  z.minLength(1, 'validation.newPasswordRequired'),
  z.maxLength(NEW_PASSWORD_MAX, 'validation.newPasswordTooLong'),
);

export const userRegisterRequest = z.strictObject({
  regist_mode: z._default(z.union([z.literal(0), z.literal(1)], 'validation.invalidValue'), 0),
  user_id: userId,
  ...userFields,
  /** Omitted: a temporary password is generated, shown once and must be changed at first sign-in. */
  password: z.optional(newPassword),
});
export type UserRegisterRequest = z.input<typeof userRegisterRequest>;

/** A temporary password is answered exactly once, here; it is never stored in clear. */
export const userWithPasswordResponse = z.object({ user: userDetail, temporary_password: z.nullable(z.string()) });

/** A field not sent keeps its stored value (no defaults); the name and e-mail are always sent. */
export const userUpdateRequest = z.strictObject({ user_id: userId, row_version: rowVersion, ...updateFields(userFields) });
export type UserUpdateRequest = z.input<typeof userUpdateRequest>;

export const userVersionRequest = z.strictObject({ user_id: userId, row_version: rowVersion });

export const userUnlapseRequest = z.strictObject({
  user_id: userId,
  row_version: rowVersion,
  /** 1: the user must change the password at the next sign-in (success code 990000210003, else 990000210004). */
  require_password_change: z._default(flag, 0),
});

export const passwordResetRequest = z.strictObject({
  user_id: userId,
  row_version: rowVersion,
  /** `show`: answer the temporary password once; `mail`: send it to the user's address instead. */
  delivery: z._default(z.enum(['show', 'mail'], 'validation.invalidValue'), 'show'),
});

export const emptyResponse = z.object({});
