import { cidrContains, formatIpList, parseIpList } from '@shared/ip-ranges.ts';

/** Whether two texts name the same ranges (order and spelling aside): the form is unchanged. */
export const sameIpList = (a: string, b: string): boolean => {
  const left = parseIpList(a);
  const right = parseIpList(b);
  if (left.invalid.length > 0 || right.invalid.length > 0) return a.trim() === b.trim();
  return formatIpList([...left.cidrs].sort()) === formatIpList([...right.cidrs].sort());
};

/**
 * Whether `address` passes the list the text describes (an empty list passes everything); undefined
 * while the text has bad entries.
 */
export function listAllows(text: string, address: string): boolean | undefined {
  const { cidrs, invalid } = parseIpList(text);
  if (invalid.length > 0) return undefined;
  return cidrs.length === 0 || cidrs.some((cidr) => cidrContains(cidr, address));
}

/** The text with `address` appended as one more entry (unless the list already allows it). */
export function withAddress(text: string, address: string): string {
  if (listAllows(text, address) === true && parseIpList(text).cidrs.length > 0) return text;
  const trimmed = text.trim().replace(/[,、，]\s*$/, '');
  return trimmed ? `${trimmed}, ${address}` : address;
}
