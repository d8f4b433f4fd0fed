import type { IntakeEntry } from '@shared/schemas/mail-intake.ts';

/** How the verdicts read: SES's words as given, lower-case ("pass", "fail", "gray", "none"). */
export const verdictOf = (value: string): string => value.trim().toLowerCase() || 'none';

/** A verdict's colour in the log: pass is good, fail is bad, the rest (gray, none, processing_failed) neither. */
export function verdictType(value: string): 'success' | 'error' | 'info' {
  const verdict = verdictOf(value);
  if (verdict === 'pass') return 'success';
  if (verdict === 'fail') return 'error';
  return 'info';
}

/** The key of an entry's outcome in words: a refusal's reason, a duplicate's, or none for a registered mail. */
export function reasonKey(entry: Pick<IntakeEntry, 'outcome' | 'reason'>): `intake.log.reasons.${NonNullable<IntakeEntry['reason']>}` | 'intake.log.duplicateReason' | undefined {
  if (entry.reason !== null) return `intake.log.reasons.${entry.reason}`;
  if (entry.outcome === 'duplicate') return 'intake.log.duplicateReason';
  return undefined;
}

/** The address an entry came to, when the contract still has it (a deleted or rotated-away address has none). */
export const addressOf = (entry: Pick<IntakeEntry, 'address_id'>, addresses: ReadonlyMap<string, string>): string | undefined => addresses.get(entry.address_id);
