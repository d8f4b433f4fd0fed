import { describe, expect, it } from 'vitest';
import { codes } from '#shared/codes.ts';
import { translate } from '#shared/messages.ts';
import { defaultPasswordPolicy, type PasswordPolicy } from '#shared/schemas/security.ts';
import { hashPassword } from '#lib/passwords.ts';
import { checkNewPassword, longestRun, minimumLength, nextHistory } from './password-rules.ts';

/** The composition rules on and the strength rule off, so each rule is seen alone. */
const strict: PasswordPolicy = {
  ...defaultPasswordPolicy, pwd_min_len: 1, pwd_min_len_val: 10, pwd_alphanumeric: 1, pwd_symbols: 1, pwd_ignorecase: 1,
  pwd_char_repeat: 1, pwd_char_repeat_val: 2, pwd_usr_id: 1, pwd_history_count: 2, pwd_min_strength: 0,
};
const user = { userId: 'Taro.Y', userName: 'Taro Yamada', email: 'taro.yamada@example.com', kykId: 'acme01' };

async function refusal(policy: PasswordPolicy, password: string, extra: { currentHash?: string; historyHashes?: string[] } = {}) {
  const error = await checkNewPassword(policy, { password, ...user, ...extra });
  if (!error) return undefined;
  const fields = Object.fromEntries(Object.entries(error.fields).map(([field, key]) => [field, translate('en', key, error.params)]));
  return { code: codes[error.codeName].code, message: translate('en', `code.${error.codeName}`, error.params), fields };
}

describe('checkNewPassword', () => {
  it('defaults: length 8 to 32 and minimum strength 3 (no composition rules)', async () => {
    expect(defaultPasswordPolicy).toMatchObject({ pwd_min_len: 1, pwd_min_len_val: 8, pwd_alphanumeric: 0, pwd_symbols: 0, pwd_ignorecase: 0, pwd_char_repeat: 0, pwd_history_count: 0, pwd_min_strength: 3 });
    expect(await refusal(defaultPasswordPolicy, 'correct horse battery')).toBeUndefined();
    expect(await refusal(defaultPasswordPolicy, 'Tq8#vLm2pZ')).toBeUndefined();
  });

  const lengthOnly: PasswordPolicy = { ...defaultPasswordPolicy, pwd_min_strength: 0 };

  it('length: below the minimum or above 32 → -990000020101 with {num}', async () => {
    const length = (num: number) => ({
      code: -990000020101,
      message: `Please enter a new password with at least ${num} characters and no more than 32 characters.`,
      fields: { new_password: `Please enter a new password with at least ${num} characters and no more than 32 characters.` },
    });
    expect(await refusal(defaultPasswordPolicy, 'Abc1!xy')).toEqual(length(8));
    expect(await refusal(defaultPasswordPolicy, 'x'.repeat(33))).toEqual(length(8));
    expect(await refusal(lengthOnly, 'x'.repeat(32))).toBeUndefined();
    expect(await refusal(strict, 'Ab1!xy-Cd')).toEqual(length(10));
    // Never below 8, and the minimum counts only when pwd_min_len is on.
    expect(minimumLength({ ...defaultPasswordPolicy, pwd_min_len: 0, pwd_min_len_val: 20 })).toBe(8);
    expect(minimumLength({ ...defaultPasswordPolicy, pwd_min_len: 1, pwd_min_len_val: 3 })).toBe(8);
    // Characters are code points, not UTF-16 units.
    expect(await refusal(lengthOnly, '🔑🔑🔒🔒🔓🔓🗝🗝')).toBeUndefined();
  });

  it('letters and digits → -990000020102', async () => {
    const expected = { code: -990000020102, message: 'Please use both letters and digits in the new password.', fields: { new_password: 'Please use both letters and digits in the new password.' } };
    expect(await refusal(strict, 'Abcdefgh!jk')).toEqual(expected);
    expect(await refusal(strict, '1234-5678-90')).toEqual(expected);
  });

  it('symbols → -990000020103', async () => {
    expect(await refusal(strict, 'Abcdefgh1jk')).toMatchObject({ code: -990000020103, message: 'Please use at least one symbol in the new password.' });
  });

  it('upper and lower case → -990000020104', async () => {
    expect(await refusal(strict, 'abcdefg1!jk')).toMatchObject({ code: -990000020104, message: 'Please use both upper-case and lower-case letters in the new password.' });
    expect(await refusal(strict, 'ABCDEFG1!JK')).toMatchObject({ code: -990000020104 });
  });

  it('repeat beyond the limit → -990000020105 with {num}', async () => {
    expect(await refusal(strict, 'Abccc1!xyzw')).toEqual({
      code: -990000020105,
      message: 'Do not use more than 2 consecutive characters in the new password.',
      fields: { new_password: 'Do not use more than 2 consecutive characters in the new password.' },
    });
    expect(await refusal(strict, 'Abcc1!xyzzw')).toBeUndefined();
    expect(longestRun('aabbbbc')).toBe(4);
  });

  it('contains the user ID (any case) → -990000020106', async () => {
    expect(await refusal(strict, 'Xy1!TARO.yzq')).toEqual({
      code: -990000020106, message: 'The new password must not contain your user ID.', fields: { new_password: 'The new password must not contain your user ID.' },
    });
    expect(await refusal({ ...strict, pwd_usr_id: 0 }, 'Xy1!TARO.yzq')).toBeUndefined();
  });

  it('same as the current or one of the last N → -990000020107', async () => {
    const [current, previous, older, oldest] = await Promise.all(['Current-1a', 'Previous-1a', 'Older-1abc', 'Oldest-1aa'].map(hashPassword));
    const hashes = { currentHash: current, historyHashes: [previous!, older!, oldest!] };
    const same = { code: -990000020107, message: 'The new password must differ from your current and earlier passwords.', fields: { new_password: 'The new password must differ from your current and earlier passwords.' } };
    expect(await refusal(strict, 'Current-1a', hashes)).toEqual(same);
    expect(await refusal(strict, 'Previous-1a', hashes)).toEqual(same);
    expect(await refusal(strict, 'Older-1abc', hashes)).toEqual(same);
    // Only pwd_history_count earlier passwords are banned.
    expect(await refusal(strict, 'Oldest-1aa', hashes)).toBeUndefined();
    expect(await refusal({ ...strict, pwd_history_count: 0 }, 'Previous-1a', hashes)).toBeUndefined();
    expect(await refusal({ ...strict, pwd_history_count: 0 }, 'Current-1a', hashes)).toEqual(same);
    // Twenty scrypt hashes and checks: memory-hard by design, slow on a loaded machine.
  }, 30_000);

  it('easy to guess (below the minimum strength) → -990000020100, after every other rule', async () => {
    const weak = { code: -990000020100, message: 'Does not meet password requirements', fields: { new_password: 'This password is too easy to guess.' } };
    expect(await refusal(defaultPasswordPolicy, 'password1')).toEqual(weak);
    expect(await refusal(defaultPasswordPolicy, 'PassWord123')).toEqual(weak);
    expect(await refusal(defaultPasswordPolicy, 'Qwerty123')).toEqual(weak);
    expect(await refusal({ ...strict, pwd_min_strength: 3 }, 'P@ssw0rd123')).toEqual(weak); // composition does not save it
    // The user's own details are words an attacker knows: name, e-mail and contract ID.
    expect(await refusal(defaultPasswordPolicy, 'taroyamada1')).toEqual(weak);
    expect(await refusal(defaultPasswordPolicy, 'Yamada.Taro')).toEqual(weak);
    expect(await refusal(defaultPasswordPolicy, 'acme01acme01')).toEqual(weak);
    // The same strings pass for a user they do not describe.
    const other = await checkNewPassword(defaultPasswordPolicy, { password: 'taroyamada1', userId: 'u1', userName: 'Hanako Sato', email: 'h.sato@example.jp', kykId: 'zeta9' });
    expect(other).toBeUndefined();
    // 0 turns the rule off; 4 asks for more than 3.
    expect(await refusal({ ...defaultPasswordPolicy, pwd_min_strength: 0 }, 'password1')).toBeUndefined();
    expect(await refusal({ ...defaultPasswordPolicy, pwd_min_strength: 4 }, 'Tq8#vLm2pZ')).toEqual(weak);
    expect(await refusal({ ...defaultPasswordPolicy, pwd_min_strength: 4 }, 'correct horse battery')).toBeUndefined();
    // An earlier rule answers first.
    expect(await refusal({ ...strict, pwd_min_strength: 3 }, 'password')).toMatchObject({ code: -990000020101 });
  });

  it('answers the first failing rule in the spec order, in Japanese too', async () => {
    // Too short and no digits: length wins.
    const error = await checkNewPassword(strict, { ...user, password: 'abc' });
    expect(error?.codeName).toBe('passwordLength');
    expect(translate('ja', `code.${error!.codeName}`, error!.params)).toBe('新しいパスワードは10文字以上32文字以内で入力してください。');
    const repeat = await checkNewPassword(strict, { ...user, password: 'Abccc1!xyzw' });
    expect(translate('ja', `code.${repeat!.codeName}`, repeat!.params)).toBe('新しいパスワードに同じ文字を2文字を超えて連続して使用しないでください。');
    const weak = await checkNewPassword(defaultPasswordPolicy, { ...user, password: 'password1' });
    expect(translate('ja', weak!.fields.new_password!)).toBe('このパスワードは推測されやすいため使用できません。');
  });

  it('keeps the replaced password first, trimmed to the count', () => {
    expect(nextHistory({ ...strict, pwd_history_count: 2 }, 'h3', ['h2', 'h1'])).toEqual(['h3', 'h2']);
    expect(nextHistory({ ...strict, pwd_history_count: 0 }, 'h3', ['h2'])).toEqual([]);
  });
});
