import type { UserGroup } from '@shared/schemas/groups.ts';

export type DrivePermission = 0 | 1 | 2 | 3;
export type TwoStep = 0 | 1 | 2;

/** Catalogue names of the values (SPEC.md §6 drive permission; two_step 1 mail, 2 TOTP). */
export const drivePermissionNames = { 0: 'none', 1: 'view', 2: 'active', 3: 'update' } as const satisfies Record<DrivePermission, string>;
export const twoStepNames = { 0: 'none', 1: 'mail', 2: 'totp' } as const satisfies Record<TwoStep, string>;

/** What the form edits; the MFA days stay text until sent, so "" and "abc" can be reported. */
export interface GroupFormValues {
  user_group_nm: string;
  note: string;
  admin_permission: 0 | 1;
  com_drive_permission: DrivePermission;
  two_step: TwoStep;
  mfa_valid_days: string;
}

export const DEFAULT_MFA_VALID_DAYS = 30;

export const emptyGroupForm: GroupFormValues = {
  user_group_nm: '',
  note: '',
  admin_permission: 0,
  com_drive_permission: 0,
  two_step: 0,
  mfa_valid_days: String(DEFAULT_MFA_VALID_DAYS),
};

export function groupFormFromGroup(group: UserGroup): GroupFormValues {
  return {
    user_group_nm: group.user_group_nm,
    note: group.note,
    admin_permission: group.admin_permission,
    com_drive_permission: group.com_drive_permission,
    two_step: group.two_step,
    mfa_valid_days: String(group.mfa_valid_days),
  };
}

/**
 * The MFA validity typed by the user as a number: full-width digits count (NFKC), surrounding
 * spaces are ignored; anything else (empty, "1.5e3", "abc") becomes NaN, which the schema rejects
 * with its own message rather than falling back to the default.
 */
export function parseDays(text: string): number {
  const normalized = text.normalize('NFKC').trim();
  if (!/^-?\d+(\.\d+)?$/.test(normalized)) return Number.NaN;
  return Number(normalized);
}

/** The form's fields as the register/update requests carry them. */
export function groupFields(values: GroupFormValues) {
  return {
    user_group_nm: values.user_group_nm,
    note: values.note,
    admin_permission: values.admin_permission,
    com_drive_permission: values.com_drive_permission,
    two_step: values.two_step,
    mfa_valid_days: parseDays(values.mfa_valid_days),
  };
}

/** True when the form differs from the group as loaded. */
export const groupFormChanged = (values: GroupFormValues, initial: GroupFormValues): boolean =>
  (Object.keys(initial) as (keyof GroupFormValues)[]).some((key) => values[key] !== initial[key]);
