import * as z from 'zod/mini';
import type { MessageKey } from '../messages.ts';
import { cursor, DEFAULT_PAGE_SIZE, flag, itemId, pageSize } from '../validation.ts';
import { documentStyles } from './bookkeeping-fields.ts';

/**
 * Intake addresses (docs/drive.md "Receiving documents by mail"): mail sent or forwarded to one
 * becomes files in its folder, each attachment one "received" file (shared/schemas/arrivals.ts).
 * The local part is a 26-character secret (130 bits from the CSPRNG, lower-case base32, as mail
 * systems may fold case), rotatable by administrators; the domain is the environment's receiving
 * domain. A contract has any number of addresses, each for one folder; administrators manage them.
 */

const message = (key: MessageKey) => ({ error: key });

export const MAIL_ADDRESS_ID_PATTERN = /^[a-z2-7]{12}$/;
/** SES receiving's limit on a whole mail (headers, body and attachments). */
export const MAIL_MAX_BYTES = 40 * 1024 ** 2;
export const ALLOWED_SENDERS_MAX = 100;
export const ADDRESSES_PER_CONTRACT_MAX = 100;

/** `name@example.co.jp` (that address) or `example.co.jp` / `@example.co.jp` (anyone there). */
export const allowedSenderPattern = /^(?:[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@|@)?[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/**
 * Whether a sender is on an allow-list: an entry with a local part matches that address, one
 * without matches the domain exactly (not its subdomains). Compared case-insensitively. An empty
 * list lets anyone send (what arrives still waits for a member to accept it).
 */
export function senderAllowed(sender: string, allowed: readonly string[]): boolean {
  if (allowed.length === 0) return true;
  const address = sender.trim().toLowerCase();
  const domain = address.slice(address.lastIndexOf('@') + 1);
  return allowed.some((entry) => {
    const rule = entry.trim().toLowerCase();
    if (rule.startsWith('@')) return domain === rule.slice(1);
    return rule.includes('@') ? address === rule : domain === rule;
  });
}

const allowedSender = z.string(message('validation.invalidValue')).check(z.trim(), z.maxLength(254, message('validation.tooLong')), z.regex(allowedSenderPattern, message('validation.allowedSender')));

export const mailAddress = z.object({
  address_id: z.string(),
  /** The whole address to give out or forward to. */
  address: z.string(),
  folder_id: z.string(),
  /** The folder's name now; null when it is in the trash or gone (mail to it is refused and logged). */
  folder_name: z.nullable(z.string()),
  document_style: z.optional(z.enum(documentStyles)),
  allowed_senders: z.array(z.string()),
  /** 1: the mail itself is kept as an .eml beside its attachments (and a mail without attachments as its .eml alone). */
  keep_mail: flag,
  creator_id: z.string(),
  creator_nm: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  row_version: z.number(),
});
export type MailAddress = z.infer<typeof mailAddress>;

/** `com_drive/mail_address_list`: the contract's addresses (of one folder when given). `domain` null: this environment receives no mail. */
export const mailAddressListRequest = z.strictObject({ folder_id: z.optional(itemId) });
export const mailAddressListResponse = z.object({ domain: z.nullable(z.string()), addresses: z.array(mailAddress) });
export type MailAddressListResponse = z.infer<typeof mailAddressListResponse>;

/** `com_drive/mail_address_save_btn`: a new address (no `address_id`) or an address's settings (with its `row_version`). */
export const mailAddressSaveRequest = z.strictObject({
  address_id: z.optional(z.string(message('validation.invalidValue')).check(z.regex(MAIL_ADDRESS_ID_PATTERN, message('validation.invalidValue')))),
  row_version: z.optional(z.number(message('validation.invalidValue')).check(z.int(), z.gte(0))),
  folder_id: itemId,
  document_style: z.optional(z.enum(documentStyles, message('validation.invalidValue'))),
  allowed_senders: z._default(z.array(allowedSender, message('validation.invalidValue')).check(z.maxLength(ALLOWED_SENDERS_MAX, message('validation.invalidValue'))), []),
  keep_mail: z._default(flag, 0),
});
export type MailAddressSaveRequest = z.input<typeof mailAddressSaveRequest>;
export const mailAddressSaveResponse = z.object({ address: mailAddress });

const addressRef = z.strictObject({ address_id: z.string(message('validation.required')).check(z.regex(MAIL_ADDRESS_ID_PATTERN, message('validation.invalidValue'))) });
/** `com_drive/mail_address_rotate_btn`: a new secret; mail to the old address is refused from now on. */
export const mailAddressRotateRequest = addressRef;
export const mailAddressRotateResponse = z.object({ address: mailAddress });
export const mailAddressDeleteRequest = addressRef;
export const mailAddressDeleteResponse = z.object({});

/** What became of one mail. */
export const intakeOutcomes = ['registered', 'refused', 'duplicate'] as const;
/** Why a mail made nothing (or less than it carried). */
export const intakeRefusals = ['too_large', 'no_attachment', 'sender_not_allowed', 'dmarc_fail', 'folder_gone', 'quota', 'unreadable', 'virus', 'too_many_files'] as const;
/** The most files one mail makes (its .eml included): a 40 MB mail of tiny parts must not flood a folder. */
export const MAIL_FILES_MAX = 50;
export type IntakeRefusal = (typeof intakeRefusals)[number];

export const intakeFile = z.object({
  /** The file made (absent when the attachment made none). */
  id: z.optional(z.string()),
  name: z.string(),
  size: z.number(),
  /** `not_readable`: a password-protected ZIP, kept as it is. `mail`: the mail itself, as .eml. */
  note: z.optional(z.enum(['not_readable', 'mail'])),
});

export const intakeEntry = z.object({
  entry_id: z.string(),
  received_at: z.string(),
  address_id: z.string(),
  folder_id: z.string(),
  from: z.string(),
  subject: z.string(),
  message_id: z.nullable(z.string()),
  size: z.number(),
  /** SES's verdicts, as it gave them (`pass`, `fail`, `gray`, `none`, ...). */
  spf: z.string(),
  dkim: z.string(),
  dmarc: z.string(),
  outcome: z.enum(intakeOutcomes),
  reason: z.nullable(z.enum(intakeRefusals)),
  files: z.array(intakeFile),
});
export type IntakeEntry = z.infer<typeof intakeEntry>;

/** `com_drive/intake_log`: newest first, a page at a time; of one address when given. */
export const intakeLogRequest = z.strictObject({
  address_id: z.optional(z.string(message('validation.invalidValue')).check(z.regex(MAIL_ADDRESS_ID_PATTERN, message('validation.invalidValue')))),
  page_size: z._default(pageSize, DEFAULT_PAGE_SIZE),
  cursor: z.optional(cursor),
});
export const intakeLogResponse = z.object({ entries: z.array(intakeEntry), next_cursor: z.nullable(z.string()) });
export type IntakeLogResponse = z.infer<typeof intakeLogResponse>;
