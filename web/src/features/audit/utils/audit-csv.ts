import { auditDiff, diffSummary } from '@shared/audit-diff.ts';
import type { AuditLogRecord } from '../api/list-audit-log.ts';

/** One CSV field, quoted when it holds a comma, quote or line break (RFC 4180); formula starts defused. */
const field = (value: string): string => {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/**
 * The records as CSV, UTF-8 with a BOM (as every export of the product, so Excel reads Japanese):
 * the header in the user's language, then one row per record with the keys as recorded (action,
 * item type; for tools that read it), the item's name, the readable difference and the raw before
 * and after as JSON.
 */
export function auditCsv(header: string[], records: AuditLogRecord[], time: (iso: string) => string): string {
  const rows = records.map((record) => [
    time(record.at), record.user_id, record.user_nm, record.action, record.target_type, record.target_id, record.target_nm ?? '', record.source_ip,
    diffSummary(auditDiff(record.before, record.after)), JSON.stringify(record.before ?? null), JSON.stringify(record.after ?? null),
  ]);
  return `\ufeff${[header, ...rows].map((row) => row.map(field).join(',')).join('\r\n')}\r\n`;
}
