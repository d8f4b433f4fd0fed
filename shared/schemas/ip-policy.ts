import * as z from 'zod/mini';
import { describeInvalid, IP_LIST_TEXT_MAX, IP_RANGES_MAX, parseIpList } from '../ip-ranges.ts';

/**
 * The IP allow-list (SPEC.md §3 "IP policy", §5 "IP", §6; issue 4 item 4): entry "0" is
 * contract-wide, the others belong to account-area (ata) user groups, and a group's entry with
 * ranges takes precedence over the contract's. An entry is a list of IPv4 addresses or ranges
 * ("192.0.2.10", "192.0.2.0/24"), written comma-separated; an empty list allows every address.
 *
 * The parsing (shared/ip-ranges.ts) is shared: the server validates with it and the SPA checks the form with it.
 */

/**
 * The comma-separated list of a save: valid entries only (every bad one is named in one message,
 * "validation.ipInvalid" with `entries`), at most IP_RANGES_MAX after duplicates are collapsed.
 * Parses to the normalised ranges.
 */
export const ipList = z.pipe(
  z.string('validation.invalidValue').check(z.maxLength(IP_LIST_TEXT_MAX, 'validation.tooLong')),
  z.transform((text: string, ctx) => {
    const { cidrs, invalid } = parseIpList(text);
    if (invalid.length > 0) {
      ctx.issues.push({ code: 'custom', input: text, message: 'validation.ipInvalid', params: { entries: describeInvalid(invalid) } });
    } else if (cidrs.length > IP_RANGES_MAX) {
      ctx.issues.push({ code: 'custom', input: text, message: 'validation.ipTooMany', params: { max: IP_RANGES_MAX } });
    }
    return cidrs;
  }),
);

const rowVersion = z.number('validation.required').check(z.int('validation.invalidValue'), z.gte(0, 'validation.invalidValue'));

/** One entry as the screen shows it: the contract's ("0") or a group's. */
export const ipPolicyEntry = z.object({
  /** "0" for the contract-wide entry, else an account-area user group's id. */
  user_group_id: z.string(),
  /** The group's name; empty for the contract-wide entry. */
  user_group_nm: z.string(),
  /** Members of the group (null for the contract-wide entry). */
  user_count: z.nullable(z.number()),
  /** The normalised ranges; empty: no restriction of its own. */
  cidrs: z.array(z.string()),
  /** The same, comma-separated, as the form edits it. */
  ip_address: z.string(),
  /** 0 while the entry does not exist; send it back with a save (-201 when someone saved in between). */
  row_version: z.number(),
  update_date: z.nullable(z.string()),
  update_user_nm: z.nullable(z.string()),
});
export type IpPolicyEntryView = z.infer<typeof ipPolicyEntry>;

export const allowIpInfoRequest = z.strictObject({});
export const allowIpInfoResponse = z.object({
  /** The contract-wide entry "0" first, then every account-area group by name. */
  data_list: z.array(ipPolicyEntry),
  /** The caller's address as the API saw it (a hint for the form; never taken from a header). */
  your_ip: z.string(),
});

/** Saves the contract-wide entry "0". An empty list removes the restriction. */
export const allowIpSaveRequest = z.strictObject({
  ip_address: ipList,
  row_version: rowVersion,
});

/** Saves one account-area group's entry. An empty list removes it (the contract's entry applies again). */
export const allowIpGroupSaveRequest = z.strictObject({
  user_group_id: z.uuid('validation.invalidValue'),
  ip_address: ipList,
  row_version: rowVersion,
});

export const allowIpSaveResponse = z.object({ entry: ipPolicyEntry });
