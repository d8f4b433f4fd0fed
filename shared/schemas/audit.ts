import * as z from 'zod/mini';
import { cursor, DEFAULT_PAGE_SIZE, pageSize } from '../validation.ts';

/**
 * The audit log as support staff and administrators read it (docs/operations.md "Read the audit
 * log"): the records functions/lib/audit.ts writes, by time, by acting user or by changed item.
 */

/** The longest range one query may ask for (days): a range is read day partition by day partition. */
export const AUDIT_RANGE_MAX_DAYS = 92;
/** What the SPA's CSV export reads at most (the newest rows of the filter). */
export const AUDIT_EXPORT_MAX = 10_000;

/** The kinds of record the log filters on: sign-in outcomes (target `signin`) or every other change. */
export const auditKinds = ['all', 'changes', 'signin'] as const;
export type AuditKind = (typeof auditKinds)[number];

const instant = z.string('validation.invalidValue').check(
  z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/, 'validation.invalidValue'),
  z.refine((value) => !Number.isNaN(Date.parse(value)), 'validation.invalidValue'),
);
const token = (max: number) => z.string('validation.invalidValue').check(
  z.minLength(1, 'validation.invalidValue'), z.maxLength(max, 'validation.tooLong'), z.regex(/^[^\s#]+$/, 'validation.invalidValue'),
);

export const auditLogRequest = z.strictObject({
  /** From this instant (inclusive), ISO 8601 UTC. */
  since: instant,
  /** Up to this instant (exclusive); default now. */
  until: z.optional(instant),
  /** Only what this user did (and the sign-ins tried with this user ID). */
  user_id: z.optional(token(64)),
  /** Actions starting with this, e.g. `user.` or `tag.delete`. */
  action: z.optional(z.string('validation.invalidValue').check(z.maxLength(64, 'validation.tooLong'), z.regex(/^[a-z_.]+$/, 'validation.invalidValue'))),
  /** Only the records of one item: its type (`user`, `tag`, `drive_item`, ...) and id, together. */
  target_type: z.optional(token(40)),
  target_id: z.optional(token(200)),
  kind: z._default(z.enum(auditKinds, 'validation.invalidValue'), 'all'),
  page_size: z._default(pageSize, DEFAULT_PAGE_SIZE),
  cursor: z.optional(cursor),
}).check(z.superRefine((value, context) => {
  const since = Date.parse(value.since);
  const until = value.until === undefined ? Date.now() : Date.parse(value.until);
  if (until < since) context.issues.push({ code: 'custom', path: ['until'], message: 'validation.dateRangeReversed', input: value });
  else if (until - since > AUDIT_RANGE_MAX_DAYS * 86_400_000) context.issues.push({ code: 'custom', path: ['since'], message: 'validation.auditRangeTooLong', input: value });
  if ((value.target_type === undefined) !== (value.target_id === undefined)) {
    context.issues.push({ code: 'custom', path: [value.target_type === undefined ? 'target_type' : 'target_id'], message: 'validation.required', input: value });
  }
}));
export type AuditLogRequest = z.input<typeof auditLogRequest>;

export const auditRecord = z.object({
  /** The record's place in time (`<ISO time>#<uuid>`), unique. */
  id: z.string(),
  at: z.string(),
  user_id: z.string(),
  user_nm: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  /**
   * The item's name: as the record keeps it (the name at the time, so a deleted item keeps its
   * name), else from its before and after, else the item's current name; null when none is known.
   */
  target_nm: z.nullable(z.string()),
  before: z.unknown(),
  after: z.unknown(),
  source_ip: z.string(),
  request_id: z.string(),
});
export type AuditRecord = z.infer<typeof auditRecord>;

export const auditLogResponse = z.object({
  /** Newest first. */
  records: z.array(auditRecord),
  /** Where the next page starts; null when the range is read to its start. */
  next_cursor: z.nullable(z.string()),
});
export type AuditLogResponse = z.infer<typeof auditLogResponse>;
