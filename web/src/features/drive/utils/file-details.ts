import type { DocumentStyle, FileRegisterRequest } from '@shared/schemas/drive.ts';
import type { PaperSize, ScannerGrade } from '@shared/schemas/bookkeeping-fields.ts';

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
  /** 適格請求書発行事業者登録番号 as typed (the shared schema normalises it); empty for none. */
  invoice_number?: string;
  /** Scanner storage only: 重要書類 or 一般書類 (important by default). */
  scanner_grade?: ScannerGrade;
  /** Scanner storage only: the paper scanned (A4 by default). */
  paper_size?: PaperSize;
  /** Scanner storage only: the day the paper was received, YYYY-MM-DD, or empty. */
  received_date?: string;
}

export type RegistrationFields = Pick<
  FileRegisterRequest,
  'document_style' | 'transaction_date' | 'transaction_amount' | 'recipient' | 'provider' | 'invoice_number' | 'scanner_grade' | 'paper_size' | 'received_date' | 'properties'
>;

/** A whole-yen amount as typed ("108,000", "１０８，０００"); NaN when not a whole number, undefined when empty. */
export function amountOf(typed: string): number | undefined {
  const amount = typed.normalize('NFKC').replace(/[,\s]/g, '');
  if (!amount) return undefined;
  return /^\d+$/.test(amount) ? Number(amount) : Number.NaN;
}

/**
 * The registration's fields from the form: empty fields left out (the server's defaults apply), an
 * amount typed with separators ("108,000", "１０８，０００") read as its number; anything else that
 * is not a whole number goes as NaN, which the shared schema refuses under the field. The scanner
 * fields go only with the scanner-storage style.
 */
export function toRegistrationFields(details: FileDetails): RegistrationFields {
  const amount = amountOf(details.transaction_amount);
  const scanner = details.document_style === 'scanner';
  return {
    document_style: details.document_style,
    ...(details.transaction_date ? { transaction_date: details.transaction_date } : {}),
    ...(amount !== undefined ? { transaction_amount: amount } : {}),
    ...(details.recipient ? { recipient: details.recipient } : {}),
    ...(details.provider ? { provider: details.provider } : {}),
    ...(details.invoice_number?.trim() ? { invoice_number: details.invoice_number.trim() } : {}),
    ...(scanner ? { scanner_grade: details.scanner_grade ?? 'important', paper_size: details.paper_size ?? 'A4' } : {}),
    ...(scanner && details.received_date ? { received_date: details.received_date } : {}),
  };
}
