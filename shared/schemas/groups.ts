import * as z from 'zod';
import { flag, requiredText, updateFields } from '../validation.ts';
import { pagedListRequest, pagedListResponse } from './paging.ts';

/**
 * User groups (SPEC.md §3, §6): a group belongs to one product area; a user is in at most one group
 * per area. Codes of the areas: account ata, property atp, knowledge atk, commerce atc, workflow
 * atw, dashboard atd, work order ato.
 */
export const productAreas = ['ata', 'atp', 'atk', 'atc', 'atw', 'atd', 'ato'] as const;
export type ProductArea = (typeof productAreas)[number];
export const productArea = z.enum(productAreas, { error: 'validation.invalidValue' });

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
export const drivePermission = z.union(drivePermissions.map((value) => z.literal(value)) as [z.ZodLiteral<0>, z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<3>], { error: 'validation.invalidValue' });

/** Second step of sign-in: none 0, e-mail code 1, authenticator (TOTP) 2. */
export const twoStepKinds = [0, 1, 2] as const;
export const twoStep = z.union(twoStepKinds.map((value) => z.literal(value)) as [z.ZodLiteral<0>, z.ZodLiteral<1>, z.ZodLiteral<2>], { error: 'validation.invalidValue' });

export const mfaValidDays = z
  .number({ error: 'validation.mfaValidDays' })
  .int({ error: 'validation.mfaValidDays' })
  .min(MFA_VALID_DAYS_MIN, { error: 'validation.mfaValidDays' })
  .max(MFA_VALID_DAYS_MAX, { error: 'validation.mfaValidDays' });

const note = z.string({ error: 'validation.invalidValue' }).max(USER_GROUP_NOTE_MAX, { error: 'validation.tooLong' });
const userIds = z.array(z.string().min(1).max(12), { error: 'validation.invalidValue' }).max(MEMBER_CHANGES_MAX, { error: 'validation.tooManyMembers' });
const id = z.uuid({ error: 'validation.invalidValue' });
const rowVersion = z.number({ error: 'validation.required' }).int().min(1);

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
  product: productArea.default('ata'),
  /** Part of the group name (case-insensitive prefix match on the name). */
  search_key: z.string().max(USER_GROUP_NAME_MAX, { error: 'validation.tooLong' }).optional(),
  ...pagedListRequest(['user_group_nm'] as const),
});
export const userGroupListResponse = pagedListResponse(userGroup);

/** Bulk edit from the list: permissions of several groups in one all-or-nothing save. */
export const userGroupListUpdateRequest = z.strictObject({
  updates: z
    .array(z.strictObject({ user_group_id: id, row_version: rowVersion, admin_permission: flag.optional(), com_drive_permission: drivePermission.optional() }))
    .min(1, { error: 'validation.required' })
    .max(GROUP_LIST_UPDATES_MAX, { error: 'validation.tooManyGroupUpdates' }),
});
export const userGroupListUpdateResponse = z.object({ return_list: z.array(userGroup) });

export const userGroupRequest = z.strictObject({ user_group_id: id });
export const userGroupResponse = z.object({ group: userGroup, members: z.array(groupMember), members_total: z.number() });

const groupFields = {
  user_group_nm: requiredText(USER_GROUP_NAME_MAX),
  note: note.default(''),
  admin_permission: flag.default(0),
  com_drive_permission: drivePermission.default(0),
  two_step: twoStep.default(0),
  mfa_valid_days: mfaValidDays.default(30),
};

export const userGroupRegisterRequest = z.strictObject({
  product: productArea,
  ...groupFields,
  member_ids: userIds.default([]),
});
export type UserGroupRegisterRequest = z.input<typeof userGroupRegisterRequest>;

export const userGroupUpdateRequest = z.strictObject({
  user_group_id: id,
  row_version: rowVersion,
  // A field not sent keeps its stored value.
  ...updateFields(groupFields),
  add_member_ids: userIds.default([]),
  remove_member_ids: userIds.default([]),
});
export type UserGroupUpdateRequest = z.input<typeof userGroupUpdateRequest>;

export const userGroupDeleteRequest = z.strictObject({ user_group_id: id, row_version: rowVersion });

export const groupResponse = z.object({ group: userGroup });
export const emptyResponse = z.object({});
