import type { CodeName } from '#shared/codes.ts';
import type { MessageKey, MessageParams } from '#shared/messages.ts';

/**
 * A business outcome other than success. Handlers throw it; the error middleware turns it into the
 * envelope with the code's level, HTTP status and catalogue message in the caller's language.
 */
export class DomainError extends Error {
  constructor(
    readonly codeName: CodeName,
    readonly params: MessageParams = {},
    /** Per-field catalogue keys, for input errors the schema cannot see (e.g. a duplicate name). */
    readonly fields: Record<string, MessageKey> = {},
    /** A more specific text than the code's own, for codes shared by several situations (e.g. -3). */
    readonly messageKey?: MessageKey,
  ) {
    super(codeName);
    this.name = 'DomainError';
  }
}

/** Input that failed validation: code -4 with one message per field. */
export class InputError extends DomainError {
  constructor(fields: Record<string, MessageKey>, readonly fieldParams: Record<string, MessageParams> = {}) {
    super('input', {}, fields);
    this.name = 'InputError';
  }
}

/** A refused condition: of a single write, or of any action of a transaction (data/transact.ts). */
export const isConditionalCheckFailure = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'ConditionalCheckFailedException' ||
    (error.name === 'TransactionFailed' && (error as Error & { failed(): boolean }).failed()));
