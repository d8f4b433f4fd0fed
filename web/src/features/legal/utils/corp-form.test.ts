import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { corpRegisterRequest, corpUpdateRequest } from '@shared/schemas/legal.ts';
import { fieldErrors } from '@/lib/form-validation.ts';
import { corpBody, corpFormChanged, emptyCorpForm, type CorpFormValues } from './corp-form.ts';

const t = ((key: string) => key) as unknown as TFunction;
const errorsOf = (values: Partial<CorpFormValues>) =>
  fieldErrors(corpRegisterRequest, corpBody({ ...emptyCorpForm, corp_cd: 'C001', corp_nm: 'Example Ltd.', ...values }), t);

describe('legal entity form validation with the shared schema', () => {
  it('accepts a minimal and a complete form', () => {
    expect(errorsOf({})).toEqual({});
    expect(errorsOf({ address: '1-2-3 Chiyoda, Tokyo', tel: '03-1234-5678', note: 'Head office' })).toEqual({});
  });

  it('requires code and name that are not only spaces', () => {
    expect(errorsOf({ corp_cd: '' }).corp_cd).toBe('validation.required');
    expect(errorsOf({ corp_cd: '\u3000' }).corp_cd).toBe('validation.required');
    expect(errorsOf({ corp_nm: '  ' }).corp_nm).toBe('validation.required');
  });

  it('limits the code to 15 half-width or 7 full-width characters', () => {
    expect(errorsOf({ corp_cd: 'A'.repeat(15) })).toEqual({});
    expect(errorsOf({ corp_cd: 'A'.repeat(16) }).corp_cd).toBe('validation.corpCodeWidth');
    expect(errorsOf({ corp_cd: '法'.repeat(7) })).toEqual({});
    expect(errorsOf({ corp_cd: '法'.repeat(8) }).corp_cd).toBe('validation.corpCodeWidth');
    // Mixed: 6 full-width (12) + 3 half-width = 15 fits, one more does not; half-width katakana counts 1.
    expect(errorsOf({ corp_cd: `${'法'.repeat(6)}ABC` })).toEqual({});
    expect(errorsOf({ corp_cd: `${'法'.repeat(6)}ABCD` }).corp_cd).toBe('validation.corpCodeWidth');
    expect(errorsOf({ corp_cd: 'ｱ'.repeat(15) })).toEqual({});
  });

  it('checks the phone pattern, allows it empty and trims it', () => {
    expect(errorsOf({ tel: '' })).toEqual({});
    expect(errorsOf({ tel: ' 045-123-4567 ' })).toEqual({});
    expect(errorsOf({ tel: '0312345678' }).tel).toBe('validation.phone');
    expect(errorsOf({ tel: '03-1234-567' }).tel).toBe('validation.phone');
  });

  it('limits address and note to 300 characters', () => {
    expect(errorsOf({ address: 'a'.repeat(300), note: 'n'.repeat(300) })).toEqual({});
    expect(errorsOf({ address: 'a'.repeat(301) }).address).toBe('validation.tooLong');
    expect(errorsOf({ note: 'n'.repeat(301) }).note).toBe('validation.tooLong');
  });

  it('validates the update request and notices changes', () => {
    const values = { ...emptyCorpForm, corp_cd: 'C1', corp_nm: 'N' };
    expect(fieldErrors(corpUpdateRequest, { corp_id: '6f1c7f6e-2d7e-4a53-9b1e-0c2f4f1a9d10', row_version: 2, ...corpBody(values) }, t)).toEqual({});
    expect(corpFormChanged(values, { ...values })).toBe(false);
    expect(corpFormChanged({ ...values, note: 'x' }, values)).toBe(true);
  });
});
