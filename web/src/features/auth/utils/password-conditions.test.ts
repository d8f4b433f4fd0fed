import { describe, expect, it } from 'vitest';
import { codes } from '@shared/codes.ts';
import { defaultPasswordPolicy } from '@shared/schemas/security.ts';
import { fieldOfPasswordError, passwordConditions } from './password-conditions.ts';

describe('password conditions', () => {
  it('lists the defaults: length, user ID, current password, minimum strength', () => {
    expect(passwordConditions(defaultPasswordPolicy)).toEqual([
      { key: 'length', values: { min: 8, max: 32 } },
      { key: 'userId', values: {} },
      { key: 'current', values: {} },
      { key: 'strength', values: { minimum: 3 } },
    ]);
  });

  it('lists every condition the administrator turned on', () => {
    const keys = passwordConditions({
      ...defaultPasswordPolicy,
      pwd_min_len_val: 12,
      pwd_alphanumeric: 1,
      pwd_symbols: 1,
      pwd_ignorecase: 1,
      pwd_char_repeat: 1,
      pwd_char_repeat_val: 2,
      pwd_history_count: 3,
      pwd_expiry_days: 90,
    });
    expect(keys.map((condition) => condition.key)).toEqual(['length', 'alphanumeric', 'symbols', 'case', 'repeat', 'userId', 'history', 'strength', 'expiry']);
    expect(keys[0]?.values).toEqual({ min: 12, max: 32 });
    expect(keys.find((condition) => condition.key === 'history')?.values).toEqual({ count: 3 });
  });

  it('leaves the strength out when the minimum is 0', () => {
    expect(passwordConditions({ ...defaultPasswordPolicy, pwd_min_strength: 0 }).map((condition) => condition.key)).toEqual(['length', 'userId', 'current']);
  });

  it('keeps the floor of 8 when the minimum length is off', () => {
    expect(passwordConditions({ ...defaultPasswordPolicy, pwd_min_len: 0, pwd_min_len_val: 20 })[0]?.values.min).toBe(8);
  });

  it('puts each refusal under its field', () => {
    expect(fieldOfPasswordError(codes.passwordWrongCurrent.code)).toBe('current_password');
    expect(fieldOfPasswordError(codes.passwordMismatch.code)).toBe('confirm_password');
    expect(fieldOfPasswordError(codes.passwordPolicy.code)).toBe('new_password');
    expect(fieldOfPasswordError(codes.passwordLength.code)).toBe('new_password');
    expect(fieldOfPasswordError(codes.passwordSameAsOld.code)).toBe('new_password');
    expect(fieldOfPasswordError(codes.editedByAnotherUser.code)).toBeUndefined();
  });
});
