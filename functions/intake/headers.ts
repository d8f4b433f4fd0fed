/**
 * A mail's header lines as they stand, top first, unfolded. SES prepends its own headers
 * (Received, X-SES-*, Authentication-Results) above the sender's, so the first of a name is the
 * one SES wrote and anything below may be the sender's forgery.
 */
export interface HeaderLine {
  /** Lower case. */
  key: string;
  /** The value after the colon, unfolded and trimmed. */
  value: string;
}

export const unfold = (value: string): string => value.replace(/\r?\n[ \t]+/g, ' ').trim();

/** The header lines of a raw header block (up to the first empty line). */
export function headerLines(raw: string): HeaderLine[] {
  const end = raw.search(/\r?\n\r?\n/);
  const block = end < 0 ? raw : raw.slice(0, end);
  const lines: HeaderLine[] = [];
  for (const line of block.split(/\r?\n(?![ \t])/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    lines.push({ key: line.slice(0, colon).trim().toLowerCase(), value: unfold(line.slice(colon + 1)) });
  }
  return lines;
}

export const firstHeader = (lines: readonly HeaderLine[], key: string): string | undefined => lines.find((line) => line.key === key)?.value;
export const allHeaders = (lines: readonly HeaderLine[], key: string): string[] => lines.filter((line) => line.key === key).map((line) => line.value);

/** The bare addresses in an address header (`"名前" <a@b.jp>, c@d.jp`), lower case. */
export function addressesIn(value: string | undefined): string[] {
  if (!value) return [];
  const found = value.match(/[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@[A-Za-z0-9.-]+\.[A-Za-z0-9-]+/g) ?? [];
  return [...new Set(found.map((address) => address.toLowerCase()))];
}

export const domainOf = (address: string): string => address.slice(address.lastIndexOf('@') + 1).toLowerCase();
