import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { registryAnswer, type RegistryAnswer } from '#shared/schemas/read-fields.ts';
import { db } from '#lib/clients.ts';
import { epochSeconds, table, tenantPrefix, type Keys } from '#lib/data/table.ts';

/**
 * The National Tax Agency registry's answers (適格請求書発行事業者公表システム, issue 29 item 4), kept
 * so that a batch of one partner's invoices costs one call to the agency a day, not one per file.
 *
 * Access pattern (functions/lib/data/README.md): an answer for a number on a day, by contract,
 * number and day: base table `T#<kyk>#INVREG` / `<number>#<YYYY-MM-DD>` (the day asked about, not
 * the day asked), one point read before the call and one put after it. Per contract, as every key:
 * whether a contract checks at all is its own setting, and what one contract asked is not another's.
 * One partition per contract: a reading asks once per document, far below a partition's throughput,
 * and the contract's export and deletion find every answer with one query.
 *
 * Only answers the agency gave are kept ('registered', 'not_registered'); 'not_checked' (a timeout,
 * an error) never is, so the next reading asks again. Items expire by DynamoDB TTL two days after
 * they were written: the agency's data changes daily (a registration withdrawn, a name changed),
 * and a day-old answer is as fresh as its publication. TTL deletes late, so a read past `ttl`
 * counts as a miss.
 */
export const INVOICE_REGISTRY_CACHE_SECONDS = 2 * 86_400;

/** An answer the agency gave: the only kind that is kept. */
export type CheckedRegistryAnswer = RegistryAnswer & { status: 'registered' | 'not_registered' };

export const isCheckedAnswer = (answer: RegistryAnswer): answer is CheckedRegistryAnswer => answer.status !== 'not_checked';

const NUMBER = /^T\d{13}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The key of a contract's answer for a number on a day; the number canonical (T + 13 digits), so no '#' reaches the key. */
export const invoiceRegistryKey = (kykId: string, number: string, day: string): Keys => {
  if (!NUMBER.test(number)) throw new RangeError('the registration number is T + 13 digits');
  if (!DAY.test(day)) throw new RangeError('the day is YYYY-MM-DD');
  return { pk: `${tenantPrefix(kykId)}#INVREG`, sk: `${number}#${day}` };
};

/** The item kept for an answer (its day is the key's sort key), expiring INVOICE_REGISTRY_CACHE_SECONDS after `now`. */
export function registryCacheItem(kykId: string, number: string, answer: CheckedRegistryAnswer, now = new Date()): Record<string, unknown> {
  return {
    ...invoiceRegistryKey(kykId, number, answer.on),
    type: 'invoice_registry',
    kyk_id: kykId,
    number,
    status: answer.status,
    ...(answer.name ? { name: answer.name } : {}),
    on: answer.on,
    checked_at: now.toISOString(),
    ttl: epochSeconds(now) + INVOICE_REGISTRY_CACHE_SECONDS,
  };
}

/** The answer an item holds while it is fresh; undefined for an expired item TTL has not removed yet, or one that is not an answer. */
export function cachedAnswerOf(item: Record<string, unknown> | undefined, now = new Date()): CheckedRegistryAnswer | undefined {
  if (!item || typeof item.ttl !== 'number' || item.ttl <= epochSeconds(now)) return undefined;
  const parsed = registryAnswer.safeParse({ status: item.status, on: item.on, ...(typeof item.name === 'string' ? { name: item.name } : {}) });
  return parsed.success && isCheckedAnswer(parsed.data) ? parsed.data : undefined;
}

/** The contract's kept answer for the number on the day, if a fresh one is kept. */
export async function getCachedRegistryAnswer(kykId: string, number: string, day: string): Promise<CheckedRegistryAnswer | undefined> {
  // Eventually consistent: a cache read, and a miss only costs a call.
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: invoiceRegistryKey(kykId, number, day) }));
  return cachedAnswerOf(Item);
}

/** Keeps the agency's answer for two days; two readings racing write the same answer, the later one wins. */
export async function cacheRegistryAnswer(kykId: string, number: string, answer: CheckedRegistryAnswer): Promise<void> {
  // The type says it; a 'not_checked' cast past it would hide the next reading's call for two days.
  if (!isCheckedAnswer(answer)) throw new TypeError('only the agency\'s answers are kept');
  await db().send(new PutCommand({ TableName: table(), Item: registryCacheItem(kykId, number, answer) }));
}
