import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { userGroupRegisterRequest, userGroupUpdateRequest, type UserGroup } from '@shared/schemas/groups.ts';
import { fieldErrors } from '@/lib/form-validation.ts';
import { emptyGroupForm, groupFields, groupFormChanged, groupFormFromGroup, parseDays, type GroupFormValues } from './group-form.ts';

/** Answers the catalogue key, so the expectations name the rule rather than a text. */
const t = ((key: string) => key) as unknown as TFunction;

const errorsOf = (values: Partial<GroupFormValues>, extra: Record<string, unknown> = {}) =>
  fieldErrors(userGroupRegisterRequest, { product: 'ata', ...groupFields({ ...emptyGroupForm, user_group_nm: 'Sales', ...values }), member_ids: [], ...extra }, t);

describe('parseDays', () => {
  it('reads whole and full-width numbers', () => {
    expect(parseDays('30')).toBe(30);
    expect(parseDays(' 7 ')).toBe(7);
    expect(parseDays('９０')).toBe(90);
  });

  it('turns anything else into NaN (never the default)', () => {
    expect(parseDays('')).toBeNaN();
    expect(parseDays('abc')).toBeNaN();
    expect(parseDays('1e2')).toBeNaN();
  });

  it('keeps fractions and negatives for the schema to reject', () => {
    expect(parseDays('1.5')).toBe(1.5);
    expect(parseDays('-3')).toBe(-3);
  });
});

describe('group form validation with the shared schema', () => {
  it('accepts a complete form', () => {
    expect(errorsOf({})).toEqual({});
    expect(errorsOf({ mfa_valid_days: '1' })).toEqual({});
    expect(errorsOf({ mfa_valid_days: '90', two_step: 2, com_drive_permission: 3, admin_permission: 1 })).toEqual({});
  });

  it('requires a name that is not only spaces (full-width too)', () => {
    expect(errorsOf({ user_group_nm: '' }).user_group_nm).toBe('validation.required');
    expect(errorsOf({ user_group_nm: ' \u3000 ' }).user_group_nm).toBe('validation.required');
  });

  it('limits the name to 80 and the note to 40 characters', () => {
    expect(errorsOf({ user_group_nm: 'a'.repeat(80) })).toEqual({});
    expect(errorsOf({ user_group_nm: 'a'.repeat(81) }).user_group_nm).toBe('validation.tooLong');
    expect(errorsOf({ note: 'n'.repeat(40) })).toEqual({});
    expect(errorsOf({ note: 'n'.repeat(41) }).note).toBe('validation.tooLong');
  });

  it('asks for MFA validity from 1 to 90 whole days', () => {
    for (const days of ['', '0', '91', '1.5', 'x']) expect(errorsOf({ mfa_valid_days: days }).mfa_valid_days).toBe('validation.mfaValidDays');
  });

  it('reports member lists per entry', () => {
    const errors = errorsOf({}, { member_ids: ['ok', 'x'.repeat(13)] });
    expect(Object.keys(errors)).toEqual(['member_ids.1']);
  });

  it('validates the update request with its row version', () => {
    const group: UserGroup = {
      user_group_id: '6f1c7f6e-2d7e-4a53-9b1e-0c2f4f1a9d10',
      product: 'atk',
      user_group_nm: 'Editors',
      note: '',
      admin_permission: 0,
      com_drive_permission: 2,
      two_step: 1,
      mfa_valid_days: 14,
      user_count: 3,
      row_version: 4,
      regist_date: '2024-01-01T00:00:00Z',
      regist_user_nm: 'admin',
      update_date: '2024-01-02T00:00:00Z',
      update_user_nm: 'admin',
    };
    const values = groupFormFromGroup(group);
    expect(values.mfa_valid_days).toBe('14');
    const body = { user_group_id: group.user_group_id, row_version: group.row_version, ...groupFields(values), add_member_ids: ['u1'], remove_member_ids: [] };
    expect(fieldErrors(userGroupUpdateRequest, body, t)).toEqual({});
    expect(groupFormChanged(values, groupFormFromGroup(group))).toBe(false);
    expect(groupFormChanged({ ...values, two_step: 2 }, groupFormFromGroup(group))).toBe(true);
  });
});
