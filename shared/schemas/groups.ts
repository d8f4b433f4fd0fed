import * as z from 'zod/mini';
import { flag, requiredText, updateFields } from '../validation.ts';
import { pagedListRequest, pagedListResponse } from './paging.ts';

/**
 * User groups (SPEC.md §3, §6): a group belongs to one product area; a user is in at most one group
 * per area. Codes of the areas: account ata, property atp, knowledge atk, commerce atc, workflow
 * atw, dashboard atd, work order ato.
 */
export const productAreas = ['ata', 'atp', 'atk', 'atc', 'atw', 'atd', 'ato'] as const;
export type ProductArea = (typeof productAreas)[number];
export const productArea = z.enum(productAreas, 'validation.invalidValue');

export const USER_GROUP_NAME_MAX = 80;
export const USER_GROUP_NOTE_MAX = 40;
export const MFA_VALID_DAYS_MIN = 1;
export const MFA_VALID_DAYS_MAX = 90;
/** Members added or removed in one save; larger changes go through CSV import. */
export const MEMBER_CHANGES_MAX = 100;
/**
 * Groups saved at once from the list: each needs its update and its audit record in one
 * transaction, and a transaction holds at most 100 items.
 */
export const GROUP_LIST_UPDATES_MAX = 50;

/** Common-drive permission of SPEC.md §6: none 0, view 1, active 2, update 3. */
export const drivePermissions = [0, 1, 2, 3] as const;
export const drivePermission = z.union(drivePermissions.map((value) => z.literal(value)) as [z.ZodMiniLiteral<0>, z.ZodMiniLiteral<1>, z.ZodMiniLiteral<2>, z.ZodMiniLiteral<3>], 'validation.invalidValue');

/** Second step of sign-in: none 0, e-mail code 1, authenticator (TOTP) 2. */
export const twoStepKinds = [0, 1, 2] as const;
export const twoStep = z.union(twoStepKinds.map((value) => z.literal(value)) as [z.ZodMiniLiteral<0>, z.ZodMiniLiteral<1>, z.ZodMiniLiteral<2>], 'validation.invalidValue');

export const mfaValidDays = z.number('validation.mfaValidDays').check(
  z.int('validation.mfaValidDays'),
  z.gte(MFA_VALID_DAYS_MIN, 'validation.mfaValidDays'),
  z.lte(MFA_VALID_DAYS_MAX, 'validation.mfaValidDays'),
);

const note = z.string('validation.invalidValue').check(z.maxLength(USER_GROUP_NOTE_MAX, 'validation.tooLong'));
const userIds = z.array(z.string().check(z.minLength(1), z.maxLength(12)), 'validation.invalidValue').check(z.maxLength(MEMBER_CHANGES_MAX, 'validation.tooManyMembers'));
const id = z.uuid('validation.invalidValue');
const rowVersion = z.number('validation.required').check(z.int(), z.gte(1));

export const userGroup = z.object({
  user_group_id: z.string(),
  product: productArea,
  user_group_nm: z.string(),
  note: z.string(),
  admin_permission: flag,
  com_drive_permission: drivePermission,
  two_step: twoStep,
  mfa_valid_days: z.number(),
  user_count: z.number(),
  /** Send back on update: a save over someone else's newer edit answers -201. */
  row_version: z.number(),
  regist_date: z.string(),
  regist_user_nm: z.string(),
  update_date: z.string(),
  update_user_nm: z.string(),
});
export type UserGroup = z.infer<typeof userGroup>;

export const groupMember = z.object({ user_id: z.string(), user_nm: z.string(), email: z.string() });

export const userGroupListRequest = z.strictObject({
  product: z._default(productArea, 'ata'),
  /** Part of the group name (case-insensitive prefix match on the name). */
  search_key: z.optional(z.string().check(z.maxLength(USER_GROUP_NAME_MAX, 'validation.tooLong'))),
  ...pagedListRequest(['user_group_nm'] as const),
});
export const userGroupListResponse = pagedListResponse(userGroup);

/** Bulk edit from the list: permissions of several groups in one all-or-nothing save. */
export const userGroupListUpdateRequest = z.strictObject({
  updates: z
    .array(z.strictObject({ user_group_id: id, row_version: rowVersion, admin_permission: z.optional(flag), com_drive_permission: z.optional(drivePermission) }))
    .check(z.minLength(1, 'validation.required'), z.maxLength(GROUP_LIST_UPDATES_MAX, 'validation.tooManyGroupUpdates')),
});
export const userGroupListUpdateResponse = z.object({ return_list: z.array(userGroup) });

export const userGroupRequest = z.strictObject({ user_group_id: id });
export const userGroupResponse = z.object({ group: userGroup, members: z.array(groupMember), members_total: z.number() });

const groupFields = {
  user_group_nm: requiredText(USER_GROUP_NAME_MAX),
  note: z._default(note, ''),
  admin_permission: z._default(flag, 0),
  com_drive_permission: z._default(drivePermission, 0),
  two_step: z._default(twoStep, 0),
  mfa_valid_days: z._default(mfaValidDays, 30),
};

export const userGroupRegisterRequest = z.strictObject({
  product: productArea,
  ...groupFields,
  member_ids: z._default(userIds, []),
});
export type UserGroupRegisterRequest = z.input<typeof userGroupRegisterRequest>;

export const userGroupUpdateRequest = z.strictObject({
  user_group_id: id,
  row_version: rowVersion,
  // A field not sent keeps its stored value.
  ...updateFields(groupFields),
  add_member_ids: z._default(userIds, []),
  remove_member_ids: z._default(userIds, []),
});
export type UserGroupUpdateRequest = z.input<typeof userGroupUpdateRequest>;

export const userGroupDeleteRequest = z.strictObject({ user_group_id: id, row_version: rowVersion });

export const groupResponse = z.object({ group: userGroup });
export const emptyResponse = z.object({});
