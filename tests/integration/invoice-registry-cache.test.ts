import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { db } from '#lib/clients.ts';
import { table } from '#lib/data/table.ts';
import { cacheRegistryAnswer, getCachedRegistryAnswer, INVOICE_REGISTRY_CACHE_SECONDS, invoiceRegistryKey } from '#data/invoice-registry-cache.ts';
import { checkInvoiceRegistry } from '#domain/extraction/invoice-registry.ts';

/**
 * The registry's answers kept in the table (functions/data/invoice-registry-cache.ts) against
 * DynamoDB Local: a batch of one partner's invoices costs the agency one call a day, and what one
 * contract was told is never another's answer. The agency is a fetch serving a recorded answer.
 */
const recorded = (name: string): string => readFileSync(new URL(`../unit/fixtures/invoice-registry/${name}.json`, import.meta.url), 'utf8');
const serving = (name: string, status = 200) => vi.fn<typeof fetch>(async () => new Response(recorded(name), { status, headers: { 'content-type': 'application/json' } }));

const NUMBER = 'T4011001999001';
const contract = () => `invreg-${randomUUID().slice(0, 8)}`;
const options = (kykId: string, fetchImpl: typeof fetch) => ({ applicationId: 'AppId0123456Z', kykId, fetch: fetchImpl, log: { warn: vi.fn() } });

describe('the invoice registry cache', () => {
  it('serves a kept answer without a second call', async () => {
    const kykId = contract();
    const fetchImpl = serving('registered-corporation');
    const first = await checkInvoiceRegistry(NUMBER, '2024-05-10', options(kykId, fetchImpl));
    expect(first).toEqual({ status: 'registered', name: '株式会社サンプル商事', on: '2024-05-10' });

    // The batch's other invoices of the same partner and day.
    for (let invoice = 0; invoice < 3; invoice++) expect(await checkInvoiceRegistry(NUMBER, '2024-05-10', options(kykId, fetchImpl))).toEqual(first);
    expect(fetchImpl).toHaveBeenCalledTimes(1);

    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: invoiceRegistryKey(kykId, NUMBER, '2024-05-10'), ConsistentRead: true }));
    expect(Item).toMatchObject({ type: 'invoice_registry', kyk_id: kykId, number: NUMBER, status: 'registered', on: '2024-05-10' });
    const now = Math.floor(Date.now() / 1000);
    expect(Item!.ttl).toBeGreaterThan(now + INVOICE_REGISTRY_CACHE_SECONDS - 60);
    expect(Item!.ttl).toBeLessThanOrEqual(now + INVOICE_REGISTRY_CACHE_SECONDS);
  });

  it('keeps two contracts apart', async () => {
    const [first, second] = [contract(), contract()];
    await cacheRegistryAnswer(first, NUMBER, { status: 'not_registered', on: '2024-05-10' });
    expect(await getCachedRegistryAnswer(first, NUMBER, '2024-05-10')).toEqual({ status: 'not_registered', on: '2024-05-10' });
    expect(await getCachedRegistryAnswer(second, NUMBER, '2024-05-10')).toBeUndefined();

    // The second contract asks the agency itself and is told its own answer; the first keeps its own.
    const fetchImpl = serving('registered-corporation');
    expect((await checkInvoiceRegistry(NUMBER, '2024-05-10', options(second, fetchImpl))).status).toBe('registered');
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(await getCachedRegistryAnswer(first, NUMBER, '2024-05-10')).toEqual({ status: 'not_registered', on: '2024-05-10' });
  });

  it('keeps nothing when the agency did not answer', async () => {
    const kykId = contract();
    const refused = serving('error-403', 403);
    expect((await checkInvoiceRegistry(NUMBER, '2024-05-10', options(kykId, refused))).status).toBe('not_checked');
    expect(await getCachedRegistryAnswer(kykId, NUMBER, '2024-05-10')).toBeUndefined();
    // So the next reading asks again.
    const answering = serving('registered-corporation');
    expect((await checkInvoiceRegistry(NUMBER, '2024-05-10', options(kykId, answering))).status).toBe('registered');
    expect(answering).toHaveBeenCalledTimes(1);
  });
});
