import type { Corp } from '@shared/schemas/legal.ts';

/** What the register and basic-information forms edit (the request fields of corp_info_reg_btn). */
export interface CorpFormValues {
  corp_cd: string;
  corp_nm: string;
  address: string;
  tel: string;
  note: string;
}

export const corpFormFields = ['corp_cd', 'corp_nm', 'address', 'tel', 'note'] as const satisfies readonly (keyof CorpFormValues)[];

export const emptyCorpForm: CorpFormValues = { corp_cd: '', corp_nm: '', address: '', tel: '', note: '' };

export const corpFormFromCorp = (corp: Corp): CorpFormValues => ({
  corp_cd: corp.corp_cd,
  corp_nm: corp.corp_nm,
  address: corp.address,
  tel: corp.tel,
  note: corp.note,
});

/**
 * The values as sent: the phone number is trimmed (a pasted "03-1234-5678 " is meant as typed);
 * other texts go as typed so the server's whitespace-only rule sees what the user sees.
 */
export const corpBody = (values: CorpFormValues): CorpFormValues => ({ ...values, tel: values.tel.trim() });

export const corpFormChanged = (values: CorpFormValues, initial: CorpFormValues): boolean =>
  corpFormFields.some((field) => values[field] !== initial[field]);
