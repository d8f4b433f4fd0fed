import type { DocumentStyle, FileRegisterRequest } from '@shared/schemas/drive.ts';

/** What the detailed registration form holds for one file, as typed. */
export interface FileDetails {
  document_style: DocumentStyle;
  /** YYYY-MM-DD, or empty. */
  transaction_date: string;
  /** As typed: digits, perhaps with thousands separators; empty for none. */
  transaction_amount: string;
  recipient: string;
  provider: string;
  tag_ids: string[];
}

export type RegistrationFields = Pick<FileRegisterRequest, 'document_style' | 'transaction_date' | 'transaction_amount' | 'recipient' | 'provider'>;

/**
 * The registration's fields from the form: empty fields left out (the server's defaults apply), an
 * amount typed with separators ("108,000", "１０８，０００") read as its number; anything else that
 * is not a whole number goes as NaN, which the shared schema refuses under the field.
 */
export function toRegistrationFields(details: FileDetails): RegistrationFields {
  const amount = details.transaction_amount.normalize('NFKC').replace(/[,\s]/g, '');
  return {
    document_style: details.document_style,
    ...(details.transaction_date ? { transaction_date: details.transaction_date } : {}),
    ...(amount ? { transaction_amount: /^\d+$/.test(amount) ? Number(amount) : Number.NaN } : {}),
    ...(details.recipient ? { recipient: details.recipient } : {}),
    ...(details.provider ? { provider: details.provider } : {}),
  };
}
