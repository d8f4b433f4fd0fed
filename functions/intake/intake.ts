import type { ArrivalInfo } from '#shared/schemas/arrival-info.ts';
import { MAIL_FILES_MAX, MAIL_MAX_BYTES, senderAllowed, type IntakeEntry, type IntakeRefusal } from '#shared/schemas/mail-intake.ts';
import { config } from '#lib/config.ts';
import type { Logger } from '#lib/logger.ts';
import { putFileBytes } from '#lib/object-storage.ts';
import { claimMessage, intakeEntryId, messageHash, putIntakeEntry } from '#data/intake-log.ts';
import { resolveMailAddress, type MailAddressRecord } from '#data/mail-addresses.ts';
import { ArrivalRefused, arrivalFolder, registerArrival, type ArrivalRefusal } from '#domain/drive/arrivals.ts';
import { mailFileName, type FilePlan } from './attachments.ts';
import { deleteMail, headMail, readMail, type StoredMailHead } from './mail-store.ts';
import { headerText, readRawMail, type ReadMail } from './parse.ts';
import { headerLines } from './headers.ts';
import { recipientSecrets } from './recipient.ts';
import { provenSenders, readVerdicts, type Verdicts } from './verdicts.ts';

/**
 * One stored mail through to files (docs/drive.md "Receiving documents by mail"): its size first
 * (a mail over SES's 40 MB is refused from its headers alone), then its recipient (an address of
 * no contract is logged here and nowhere else), SES's verdicts (a virus or a DMARC failure is
 * refused), the address's allow-list on a proven sender, the per-contract message marker (the same
 * Message-ID twice makes nothing new), and each file registered as an arrival in the address
 * creator's name (arrivals.ts) with its bytes written for the storage event to confirm. One intake
 * log entry per mail and address. The raw mail is deleted once handled.
 */

/** How much of a mail too large to read is read for its headers. */
export const HEADER_READ_BYTES = 64 * 1024;

const arrivalReason = (reason: ArrivalRefusal): IntakeRefusal => (reason === 'folder_gone' ? 'folder_gone' : 'quota');

interface Received {
  key: string;
  head: StoredMailHead;
  raw: Uint8Array | undefined;
  mail: ReadMail | undefined;
  tooLarge: boolean;
  verdicts: Verdicts;
}

/** Handles the mail stored under `key`; a second delivery of the same object makes nothing new. */
export async function handleStoredMail(key: string, log: Logger, eventTime?: string): Promise<void> {
  const head = await headMail(key, eventTime);
  if (!head) {
    log.info('intake mail already handled', { key });
    return;
  }
  const tooLarge = head.size > MAIL_MAX_BYTES;
  const raw = await readMail(key, tooLarge ? HEADER_READ_BYTES : undefined);
  if (!raw) return;
  let mail: ReadMail | undefined;
  try {
    mail = await readRawMail(raw, { headersOnly: tooLarge });
  } catch (error) {
    log.warn('intake mail unreadable', { key, error: error instanceof Error ? error.message : String(error) });
  }
  const domain = config.mailIntakeDomain;
  // Read apart from mailparser: a mail it cannot read still names its recipient, who sees it refused.
  const lines = mail?.lines ?? headerLines(headerText(raw));
  const addresses = domain ? await resolveAll(recipientSecrets(lines, domain)) : [];
  if (addresses.length === 0) {
    // No contract's: nothing is written in any tenant.
    log.info('intake mail to no address', { key, size: head.size, domain: domain ?? null });
  }
  const received: Received = { key, head, raw: tooLarge ? undefined : raw, mail, tooLarge, verdicts: readVerdicts(lines) };
  let redelivered = false;
  for (const address of addresses) redelivered = (await intakeFor(received, address, log)) === 'redelivery' || redelivered;
  // A second delivery leaves the mail to the first, which may still be making its files (and deletes it when done).
  if (!redelivered) await deleteMail(key);
}

async function resolveAll(secrets: string[]): Promise<MailAddressRecord[]> {
  const found = await Promise.all(secrets.map(resolveMailAddress));
  return found.filter((address): address is MailAddressRecord => address !== undefined);
}

/** The mail as one address received it: its log entry, and the files it made; `redelivery` when another delivery of it does that. */
async function intakeFor(received: Received, address: MailAddressRecord, log: Logger): Promise<'redelivery' | void> {
  const { mail, verdicts, head, key } = received;
  const kykId = address.kyk_id;
  const base: Omit<IntakeEntry, 'outcome' | 'reason' | 'files'> = {
    entry_id: intakeEntryId(key, address.address_id), received_at: head.storedAt, address_id: address.address_id, folder_id: address.folder_id,
    from: mail?.from ?? '', subject: mail?.subject ?? '', message_id: mail?.messageId ?? null, size: head.size,
    spf: verdicts.spf, dkim: verdicts.dkim, dmarc: verdicts.dmarc,
  };
  const refuse = (reason: IntakeRefusal) => putIntakeEntry(kykId, { ...base, outcome: 'refused', reason, files: [] });

  if (received.tooLarge) return refuse('too_large');
  if (!mail || !received.raw) return refuse('unreadable');
  if (verdicts.virus === 'fail') return refuse('virus');
  if (verdicts.dmarc === 'fail') return refuse('dmarc_fail');
  const proven = provenSenders(mail.lines, verdicts);
  if (address.allowed_senders.length > 0 && !proven.some((sender) => senderAllowed(sender, address.allowed_senders))) return refuse('sender_not_allowed');

  const plans: (FilePlan | (Omit<FilePlan, 'note'> & { note: 'mail' }))[] = [...mail.files];
  if (address.keep_mail === 1) plans.push({ name: mailFileName(mail.subject, mail.messageId), contentType: 'message/rfc822', bytes: received.raw, note: 'mail' });
  if (plans.length === 0) return refuse('no_attachment');
  // The mail itself, when kept, is among the files made: it goes first past the cap.
  const kept = plans.length > MAIL_FILES_MAX ? [...plans.filter((plan) => plan.note === 'mail'), ...plans.filter((plan) => plan.note !== 'mail')].slice(0, MAIL_FILES_MAX) : plans;

  const place = { kykId, folderId: address.folder_id, creatorId: address.creator_id };
  // Before the claim: a mail the folder cannot take now may be sent again once it can.
  const reached = await arrivalFolder(place);
  if (!reached) return refuse('folder_gone');
  const claim = await claimMessage(kykId, messageHash(mail.messageId, key), { objectKey: key, addressId: address.address_id, at: head.storedAt });
  if (claim === 'redelivery') return 'redelivery';
  if (claim === 'duplicate') return putIntakeEntry(kykId, { ...base, outcome: 'duplicate', reason: null, files: [] });

  const arrival: ArrivalInfo = {
    channel: 'mail', source_id: address.address_id, creator_id: address.creator_id, creator_nm: address.creator_nm,
    ...(address.document_style ? { document_style: address.document_style } : {}),
    ...(mail.from ? { sender: mail.from } : {}), ...(mail.subject ? { subject: mail.subject } : {}),
    ...(mail.date ? { mail_date: mail.date } : {}), ...(mail.messageId ? { message_id: mail.messageId } : {}),
    received_at: head.storedAt,
  };
  const files: IntakeEntry['files'] = [];
  let reason: IntakeRefusal | null = kept.length < plans.length ? 'too_many_files' : null;
  for (const plan of kept) {
    const note = plan.note ? { note: plan.note } : {};
    try {
      const entry = await registerArrival(place, { name: plan.name, size: plan.bytes.byteLength, contentType: plan.contentType }, arrival, reached);
      await putFileBytes(entry.s3_key, plan.bytes, plan.contentType);
      files.push({ id: entry.id, name: entry.name, size: plan.bytes.byteLength, ...note });
    } catch (error) {
      if (!(error instanceof ArrivalRefused)) throw error;
      reason ??= arrivalReason(error.reason);
      files.push({ name: plan.name, size: plan.bytes.byteLength, ...note });
    }
  }
  const made = files.some((file) => file.id !== undefined);
  log.info('intake mail handled', { kykId, addressId: address.address_id, files: files.length, made, reason });
  return putIntakeEntry(kykId, { ...base, outcome: made ? 'registered' : 'refused', reason, files });
}
