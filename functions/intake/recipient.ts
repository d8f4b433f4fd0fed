import { addressesIn, allHeaders, domainOf, firstHeader, type HeaderLine } from './headers.ts';

/** An intake address's local part: 26 characters of lower-case base32 (mail-intake.ts). */
export const SECRET_PATTERN = /^[a-z2-7]{26}$/;

/**
 * The local parts a mail was addressed to at our receiving domain, each a candidate secret.
 * SES's own `Received: ... for <address>;` (the topmost Received; SES writes the clause when the
 * mail has one recipient) names the envelope recipient, so it decides alone; without it, the
 * addresses at our domain in To, Cc and Delivered-To (a Bcc leaves no trace but the envelope).
 * A `+tag` after the secret is dropped, as mail systems deliver `secret+tag@` to `secret@`.
 */
export function recipientSecrets(lines: readonly HeaderLine[], domain: string): string[] {
  const ours = (address: string) => domainOf(address) === domain;
  const localPart = (address: string) => address.slice(0, address.lastIndexOf('@')).split('+')[0]!.toLowerCase();
  const received = firstHeader(lines, 'received');
  const envelope = received ? /\bfor\s+<?([^\s<>;]+@[^\s<>;]+)>?/i.exec(received)?.[1]?.toLowerCase() : undefined;
  const addresses = envelope && ours(envelope)
    ? [envelope]
    : ['to', 'cc', 'delivered-to'].flatMap((key) => allHeaders(lines, key).flatMap(addressesIn)).filter(ours);
  return [...new Set(addresses.map(localPart))].filter((secret) => SECRET_PATTERN.test(secret));
}
