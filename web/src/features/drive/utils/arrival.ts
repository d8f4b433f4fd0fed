import type { TFunction } from 'i18next';
import type { ArrivalOutcome } from '@shared/schemas/arrivals.ts';
import { formatDateTime, type DisplayLanguage } from '@/lib/format.ts';
import type { DriveItem } from '../api/get-file-info.ts';
import type { BulkOutcome } from './bulk-outcome.ts';

/** How a received file came in (shared/schemas/arrival-info.ts), as drive items carry it. */
export type Arrival = NonNullable<DriveItem['received']>;

/** A file that came in without a sign-in and waits to be accepted. */
export const isReceived = (item: Pick<DriveItem, 'type' | 'received'>): item is Pick<DriveItem, 'type'> & { received: Arrival } =>
  item.type === 'file' && item.received !== undefined;

/**
 * A link's title: a link arrival keeps it as its subject (the page's heading the sender saw);
 * mail keeps the mail's subject there.
 */
export const linkTitle = (arrival: Arrival): string | undefined => (arrival.channel === 'link' ? arrival.subject || undefined : undefined);

/** The style accepting applies, when it is one (general or none: the file stays a general document). */
export const styleOnAcceptance = (arrival: Arrival): Arrival['document_style'] =>
  arrival.document_style && arrival.document_style !== 'general' ? arrival.document_style : undefined;

/**
 * The sentences the Received badge's popover says: how it came (through the link "<title>", by
 * mail from <sender>, with the subject and the mail's date), when, that it waits for a member, and
 * the style accepting registers it as.
 */
export function describeArrival(arrival: Arrival, t: TFunction, language: DisplayLanguage): string[] {
  const lines: string[] = [];
  if (arrival.channel === 'link') {
    const title = linkTitle(arrival);
    lines.push(title ? t('arrivals.how.link', { title }) : t('arrivals.how.linkUntitled'));
    if (arrival.sender) lines.push(t('arrivals.how.linkSender', { sender: arrival.sender }));
  } else {
    lines.push(arrival.sender ? t('arrivals.how.mail', { sender: arrival.sender }) : t('arrivals.how.mailUnknown'));
    if (arrival.subject) lines.push(t('arrivals.how.subject', { subject: arrival.subject }));
    const mailDate = arrival.mail_date ? formatDateTime(arrival.mail_date, language) : '';
    if (mailDate) lines.push(t('arrivals.how.mailDate', { date: mailDate }));
  }
  lines.push(t('arrivals.how.received', { date: formatDateTime(arrival.received_at, language) }));
  lines.push(t('arrivals.how.waits'));
  const style = styleOnAcceptance(arrival);
  if (style) lines.push(t('arrivals.how.style', { style: t(`versions.documentStyles.${style}`) }));
  return lines;
}

/** Why one file of an accept or reject was refused (shared/schemas/arrivals.ts). */
export type ArrivalRefusalReason = ArrivalOutcome['refused'][number]['reason'];

/** A file as the accept or reject flash names it. */
export type NamedEntry = Pick<DriveItem, 'id' | 'name'>;

/**
 * An accept's or reject's answer mapped back onto the files sent, each refused one with its reason
 * in words (for the bulk flash, utils/bulk-flash.tsx).
 */
export function arrivalOutcome(sent: readonly NamedEntry[], answer: Pick<ArrivalOutcome, 'done' | 'refused'>, t: TFunction): BulkOutcome<NamedEntry> {
  const named = (id: string, name = id): NamedEntry => sent.find((entry) => entry.id === id) ?? { id, name };
  return {
    done: answer.done.map((item) => named(item.id, item.name)),
    failed: answer.refused.map(({ id, reason }) => ({ entry: named(id), code: 0, message: t(`arrivals.outcome.refusals.${reason}`) })),
    unreported: [],
  };
}
