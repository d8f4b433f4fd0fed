/**
 * IPv4 ranges of the IP allow-list (SPEC.md §3 "IP policy"), without zod: the request kit checks a
 * caller's address with these on every call, so they stay apart from the schemas in
 * schemas/ip-policy.ts (which parse a saved list with them and would bring zod along).
 */

/** user_group_id of the contract-wide entry. */
export const CONTRACT_ENTRY_ID = '0';
/** Ranges in one entry: generous for offices and VPN egress ranges, small enough to check fast. */
export const IP_RANGES_MAX = 100;
/** Characters of the comma-separated text (100 × "255.255.255.255/32, " is 2,000). */
export const IP_LIST_TEXT_MAX = 4000;

const OCTET = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
/** Dotted decimal without leading zeros ("010" could be read as octal elsewhere, so it is refused). */
const IPV4 = new RegExp(`^${OCTET}(\\.${OCTET}){3}$`);
const MASK = /^(3[0-2]|[12]?\d)$/;

/** An IPv4 address as a 32-bit number; IPv4-mapped IPv6 (::ffff:a.b.c.d) counts as IPv4. */
export function ipv4ToNumber(address: string): number | undefined {
  const plain = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  if (!IPV4.test(plain)) return undefined;
  return plain.split('.').reduce((value, octet) => value * 256 + Number(octet), 0);
}

const maskOf = (bits: number): number => (bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0);

/**
 * "a.b.c.d" or "a.b.c.d/n" (n 0-32) normalised to "network/n" (host bits cleared, so
 * "192.0.2.7/24" is "192.0.2.0/24" and a bare address is "/32"), or undefined when malformed.
 * Spaces around the entry and around "/" are tolerated.
 */
export function normaliseCidr(text: string): string | undefined {
  const [address, mask, ...rest] = text.trim().split(/\s*\/\s*/);
  if (rest.length > 0 || address === undefined || address.includes(':')) return undefined;
  const value = ipv4ToNumber(address);
  if (value === undefined) return undefined;
  if (mask !== undefined && !MASK.test(mask)) return undefined;
  const bits = mask === undefined ? 32 : Number(mask);
  const network = (value & maskOf(bits)) >>> 0;
  return `${[24, 16, 8, 0].map((shift) => (network >>> shift) & 255).join('.')}/${bits}`;
}

/** Whether a normalised range contains an address (IPv4, or IPv4-mapped IPv6; anything else: false). */
export function cidrContains(cidr: string, address: string): boolean {
  const value = ipv4ToNumber(address);
  const [network, bits] = cidr.split('/');
  const base = network === undefined ? undefined : ipv4ToNumber(network);
  const size = Number(bits ?? 32);
  if (value === undefined || base === undefined || !Number.isInteger(size) || size < 0 || size > 32) return false;
  const mask = maskOf(size);
  return ((value & mask) >>> 0) === ((base & mask) >>> 0);
}

export interface ParsedIpList {
  /** The normalised ranges in the order written, duplicates collapsed. */
  cidrs: string[];
  /** The entries that are not an IPv4 address or range, as written (trimmed). */
  invalid: string[];
}

/**
 * Splits a comma-separated list (full-width commas and line breaks separate too; full-width digits,
 * dots and slashes are read as their ASCII forms), trims each entry, skips empty ones, normalises
 * and collapses duplicates ("192.0.2.1" and "192.0.2.1/32" are one).
 */
export function parseIpList(text: string): ParsedIpList {
  const cidrs: string[] = [];
  const invalid: string[] = [];
  for (const part of text.normalize('NFKC').split(/[,、\r\n]/)) {
    const entry = part.trim();
    if (!entry) continue;
    const cidr = normaliseCidr(entry);
    if (cidr === undefined) invalid.push(entry);
    else if (!cidrs.includes(cidr)) cidrs.push(cidr);
  }
  return { cidrs, invalid };
}

/** How a list is shown in a form: "192.0.2.0/24, 198.51.100.7/32". */
export const formatIpList = (cidrs: readonly string[]): string => cidrs.join(', ');

/** The bad entries named in a message: the first few, each shortened. */
export const describeInvalid = (invalid: readonly string[]): string => {
  const shown = invalid.slice(0, 5).map((entry) => (entry.length > 40 ? `${entry.slice(0, 39)}…` : entry));
  return `${shown.join(', ')}${invalid.length > shown.length ? ', …' : ''}`;
};
