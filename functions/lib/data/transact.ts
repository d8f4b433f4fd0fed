import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { db } from '../clients.ts';
import { isTransientError, transientReasons, withRetries } from './retry.ts';

/** One action of a TransactWriteItems (Put, Update, Delete or ConditionCheck). */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** An action with the name a failure is explained by (`failed('nameClaim')`), never its position. */
export type LabelledItem = TransactItem & { label: string };

/** DynamoDB's limit of actions in one TransactWriteItems. */
export const TRANSACTION_MAX_ITEMS = 100;

export const labelled = (label: string, item: TransactItem): LabelledItem => ({ label, ...item });

/**
 * A transaction DynamoDB cancelled because a condition was refused: the caller's answer.
 * `reasons` maps each label to its cancellation code. (A conflict that outlasted the retry policy
 * is rethrown as DynamoDB answered it: see `isLostRace`.)
 */
export class TransactionFailed extends Error {
  constructor(readonly reasons: Readonly<Record<string, string>>, options?: { cause?: unknown }) {
    super(`transaction cancelled: ${Object.entries(reasons).map(([label, code]) => `${label}=${code}`).join(', ') || 'no reasons'}`, options);
    this.name = 'TransactionFailed';
  }

  /** Did the condition of this action (or, without a label, of any action) fail? */
  failed(label?: string): boolean {
    return label === undefined
      ? Object.values(this.reasons).includes('ConditionalCheckFailed')
      : this.reasons[label] === 'ConditionalCheckFailed';
  }
}

/** The cancellation reasons of an SDK error, by label (reasons come aligned with the items sent). */
function reasonsOf(error: unknown, labels: string[]): Record<string, string> | undefined {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return undefined;
  const listed = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons?.map((reason) => reason.Code ?? 'None')
    // Some clients carry the reasons only in the message: "... [None, ConditionalCheckFailed]".
    ?? /\[(.*)\]/.exec(error.message)?.[1]?.split(',').map((code) => code.trim())
    ?? [];
  const reasons: Record<string, string> = {};
  listed.forEach((code, index) => {
    if (code && code !== 'None') reasons[labels[index] ?? `#${index}`] = code;
  });
  return reasons;
}

const onlyTransient = (reasons: Record<string, string>): boolean => {
  const codes = Object.values(reasons);
  return codes.length > 0 && codes.every((code) => transientReasons.has(code));
};

/** Did a write end only because other writers kept winning, after the retry policy gave up? */
export const isLostRace = (error: unknown): boolean => {
  const reasons = reasonsOf(error, []);
  return reasons ? onlyTransient(reasons) : isTransientError(error);
};

/**
 * The one TransactWriteItems of the codebase: sends the labelled actions under the retry policy
 * (functions/lib/data/retry.ts: conflicts and throttling, never a refused condition) and turns a
 * cancellation into `TransactionFailed`, explained by label.
 */
export async function transactWrite(items: LabelledItem[], options: { clientRequestToken?: string } = {}): Promise<void> {
  if (items.length === 0) return;
  const labels = items.map((item) => item.label);
  if (new Set(labels).size !== labels.length) throw new Error(`Duplicate transaction labels: ${labels.join(', ')}`);
  const transactItems = items.map(({ label: _label, ...item }) => item as TransactItem);
  try {
    await withRetries(
      () => db().send(new TransactWriteCommand({ TransactItems: transactItems, ...(options.clientRequestToken ? { ClientRequestToken: options.clientRequestToken } : {}) })),
      isLostRace,
    );
  } catch (error) {
    const reasons = reasonsOf(error, labels);
    if (reasons && Object.values(reasons).includes('ConditionalCheckFailed')) throw new TransactionFailed(reasons, { cause: error });
    throw error;
  }
}
