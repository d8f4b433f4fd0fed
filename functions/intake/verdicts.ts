import { addressesIn, domainOf, firstHeader, type HeaderLine } from './headers.ts';

/**
 * SES receiving's verdicts on a mail (docs/drive.md "Receiving documents by mail"): SPF, DKIM and
 * DMARC from its `Authentication-Results: amazonses.com; ...` header, the virus scan from
 * `X-SES-Virus-Verdict`. Only the topmost Authentication-Results counts, and only when SES wrote
 * it (authserv-id amazonses.com): SES prepends it, so one lower down, or one naming another
 * server, is the sender's and proves nothing ("none").
 */
export interface Verdicts {
  spf: string;
  dkim: string;
  dmarc: string;
  /** The envelope sender's domain SPF judged (`smtp.mailfrom` / `envelope-from`), lower case. */
  mailFromDomain: string | undefined;
  virus: string;
}

const SES_AUTHSERV = 'amazonses.com';

const method = (results: string, name: string): string => new RegExp(`(?:^|[;\\s])${name}=([A-Za-z]+)`, 'i').exec(results)?.[1]?.toLowerCase() ?? 'none';

export function readVerdicts(lines: readonly HeaderLine[]): Verdicts {
  const results = firstHeader(lines, 'authentication-results');
  const ours = results !== undefined && results.split(';')[0]!.trim().toLowerCase() === SES_AUTHSERV ? results : '';
  const mailFrom = /(?:smtp\.mailfrom|envelope-from)=("?)([^;\s"]+)\1/i.exec(ours)?.[2];
  return {
    spf: method(ours, 'spf'),
    dkim: method(ours, 'dkim'),
    dmarc: method(ours, 'dmarc'),
    mailFromDomain: mailFrom ? domainOf(mailFrom) : undefined,
    virus: (firstHeader(lines, 'x-ses-virus-verdict') ?? 'none').trim().toLowerCase(),
  };
}

/**
 * The sender addresses the allow-list may be matched on, each proven: From when DMARC passes (its
 * domain is then the one that signed or sent it); the forwarding address (Resent-From, else the
 * first address of X-Forwarded-For, as Gmail and Outlook forward) when SPF passes for an envelope
 * sender at that address's domain (forwarding breaks the original's SPF, and the forwarder's own
 * server sends it on). Nothing else is proof: an empty answer matches only an empty allow-list.
 */
export function provenSenders(lines: readonly HeaderLine[], verdicts: Verdicts): string[] {
  const proven: string[] = [];
  const from = addressesIn(firstHeader(lines, 'from'))[0];
  if (from && verdicts.dmarc === 'pass') proven.push(from);
  const forwarder = forwardingAddress(lines);
  if (forwarder && verdicts.spf === 'pass' && verdicts.mailFromDomain !== undefined && verdicts.mailFromDomain === domainOf(forwarder)) proven.push(forwarder);
  return proven;
}

/** Who forwarded the mail, as the forwarder wrote it; undefined for a mail sent directly. */
export const forwardingAddress = (lines: readonly HeaderLine[]): string | undefined =>
  addressesIn(firstHeader(lines, 'resent-from'))[0] ?? addressesIn(firstHeader(lines, 'x-forwarded-for'))[0];
