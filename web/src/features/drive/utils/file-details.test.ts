import { describe, expect, it } from 'vitest';
import { fileRegisterRequest } from '@shared/schemas/drive.ts';
import { toRegistrationFields, type FileDetails } from './file-details.ts';

const details = (patch: Partial<FileDetails>): FileDetails => ({ document_style: 'general', transaction_date: '', transaction_amount: '', recipient: '', provider: '', tag_ids: [], ...patch });
const valid = (patch: Partial<FileDetails>) => fileRegisterRequest.safeParse({ name: 'a.pdf', size: 1, ...toRegistrationFields(details(patch)) }).success;

describe('toRegistrationFields', () => {
  it('leaves empty fields out and reads amounts typed with separators, full-width included', () => {
    expect(toRegistrationFields(details({}))).toEqual({ document_style: 'general' });
    expect(toRegistrationFields(details({ transaction_amount: '108,000' })).transaction_amount).toBe(108000);
    expect(toRegistrationFields(details({ transaction_amount: '１０８，０００' })).transaction_amount).toBe(108000);
    expect(toRegistrationFields(details({ document_style: 'e_bookkeeping', transaction_date: '2026-03-31', recipient: '株式会社テスト', provider: 'Example' }))).toEqual({
      document_style: 'e_bookkeeping',
      transaction_date: '2026-03-31',
      recipient: '株式会社テスト',
      provider: 'Example',
    });
  });

  it('hands the shared schema what it must refuse: a negative or fractional amount, a whitespace-only partner, an impossible date', () => {
    expect(valid({ transaction_amount: '108000', transaction_date: '2026-02-28' })).toBe(true);
    expect(valid({ transaction_amount: '-5' })).toBe(false);
    expect(valid({ transaction_amount: '1.5' })).toBe(false);
    expect(valid({ recipient: '　 ' })).toBe(false);
    expect(valid({ transaction_date: '2026-02-30' })).toBe(false);
  });
});
