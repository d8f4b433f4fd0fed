import { describe, expect, it } from 'vitest';
import { defaultPasswordPolicy, securityInfoSaveRequest } from '@shared/schemas/security.ts';
import { draftChanged, draftFromPolicy, policyFromDraft } from './policy-form.ts';

describe('password policy form', () => {
  it('round-trips the policy through the draft', () => {
    const draft = draftFromPolicy(defaultPasswordPolicy);
    expect(draft.pwd_min_len_val).toBe('8');
    expect(draft.pwd_usr_id).toBe(true);
    expect(policyFromDraft(draft)).toEqual(defaultPasswordPolicy);
    expect(draftChanged(draft, draftFromPolicy(defaultPasswordPolicy))).toBe(false);
  });

  it('notices a change and ignores surrounding spaces', () => {
    const initial = draftFromPolicy(defaultPasswordPolicy);
    expect(draftChanged({ ...initial, pwd_symbols: true }, initial)).toBe(true);
    expect(draftChanged({ ...initial, pwd_min_len_val: ' 8 ' }, initial)).toBe(false);
    expect(draftChanged({ ...initial, pwd_min_len_val: '12' }, initial)).toBe(true);
  });

  it('sends a non-number as NaN, which the shared schema refuses', () => {
    const draft = { ...draftFromPolicy(defaultPasswordPolicy), pwd_min_len_val: '7', max_login_attempts: 'x' };
    const result = securityInfoSaveRequest.safeParse({ row_version: 1, ...policyFromDraft(draft) });
    expect(result.success).toBe(false);
    const fields = result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
    expect(fields).toEqual(expect.arrayContaining(['pwd_min_len_val', 'max_login_attempts']));
  });
});
