import type { DocumentStyle } from '@shared/schemas/bookkeeping-fields.ts';
import type { ShareLinkRules } from '@shared/schemas/share-links.ts';

/** A whole number typed in a field, else NaN (the schema then says it is invalid). */
export const wholeNumber = (text: string): number => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/**
 * The styles a link or an address may apply on acceptance, besides general (none). Not scanner
 * storage: it needs the paper's grade and size, which nobody gives for a file that arrives.
 */
export const acceptanceStyles = ['e_trading', 'e_document', 'e_bookkeeping'] as const satisfies readonly DocumentStyle[];
export type AcceptanceStyle = (typeof acceptanceStyles)[number];

/** The longest validity a new link may have: the contract's maximum, within the schema's 365 days. */
export const requestDaysLimit = (rules: Pick<ShareLinkRules, 'max_days'> | undefined): number => Math.min(rules?.max_days ?? 365, 365);

/** The allowed senders typed one per line: trimmed, empty lines dropped, the same entry once (case-insensitive). */
export function sendersOf(text: string): string[] {
  const seen = new Set<string>();
  const senders: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const entry = line.trim();
    if (!entry || seen.has(entry.toLowerCase())) continue;
    seen.add(entry.toLowerCase());
    senders.push(entry);
  }
  return senders;
}
