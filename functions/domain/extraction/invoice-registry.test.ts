import { readFileSync } from 'node:fs';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RegistryAnswer } from '#shared/schemas/read-fields.ts';
import { cachedAnswerOf, INVOICE_REGISTRY_CACHE_SECONDS, invoiceRegistryKey, registryCacheItem, type CheckedRegistryAnswer } from '#data/invoice-registry-cache.ts';
import {
  checkInvoiceRegistry, INVOICE_REGISTRY_ENDPOINT, INVOICE_REGISTRY_SECRET_ENV, invoiceRegistryApplicationId, registeredOn,
  resetInvoiceRegistryApplicationId, type RegistryCache,
} from './invoice-registry.ts';

/**
 * The registry client on recorded answers (tests/unit/fixtures/invoice-registry/): the bodies of the
 * JSON answers (type=21) as the agency's resource definitions lay them out, with made-up issuers
 * whose numbers carry a correct check digit. The error bodies (400, 403) stand for the agency's
 * refusals, their codes made up (the public pages we could read name the statuses, not the codes):
 * the client reads only the status and the codes, and answers 'not_checked' whatever they say.
 */
const fixture = (name: string): string => readFileSync(new URL(`../../../tests/unit/fixtures/invoice-registry/${name}.json`, import.meta.url), 'utf8');

const APP_ID = 'AppId0123456Z';
const KYK = 'k-registry';
const CORPORATION = 'T4011001999001';

/** A fetch that serves one recorded answer and remembers what it was asked. */
function serving(name: string, status = 200) {
  return vi.fn<typeof fetch>(async () => new Response(fixture(name), { status, headers: { 'content-type': 'application/json; charset=UTF-8' } }));
}

/** A cache in memory, keyed like the table's. */
function memoryCache() {
  const items = new Map<string, CheckedRegistryAnswer>();
  const key = (kykId: string, number: string, day: string) => `${kykId}|${number}|${day}`;
  const cache: RegistryCache & { items: typeof items } = {
    items,
    get: vi.fn(async (kykId: string, number: string, day: string) => items.get(key(kykId, number, day))),
    put: vi.fn(async (kykId: string, number: string, answer: CheckedRegistryAnswer) => { items.set(key(kykId, number, answer.on), answer); }),
  };
  return cache;
}

const quietLog = () => ({ warn: vi.fn() });

/** The check with the recorded answer `name`, a fresh cache and a log to read. */
async function check(number: string, on: string, fetchImpl: typeof fetch, more: { applicationId?: string | undefined; timeoutMs?: number } = {}) {
  const log = quietLog();
  const cache = memoryCache();
  const answer = await checkInvoiceRegistry(number, on, { applicationId: 'applicationId' in more ? more.applicationId : APP_ID, kykId: KYK, fetch: fetchImpl, log, cache, timeoutMs: more.timeoutMs });
  return { answer, log, cache };
}

describe('checkInvoiceRegistry on the agency\'s answers', () => {
  it('asks /1/valid for the number on the day, in JSON, with the application ID', async () => {
    const fetchImpl = serving('registered-corporation');
    await check(CORPORATION, '2024-05-10', fetchImpl);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    const url = new URL(String(fetchImpl.mock.calls[0]![0]));
    expect(`${url.origin}${url.pathname}`).toBe(INVOICE_REGISTRY_ENDPOINT);
    expect(INVOICE_REGISTRY_ENDPOINT).toBe('https://web-api.invoice-kohyo.nta.go.jp/1/valid');
    expect(Object.fromEntries(url.searchParams)).toEqual({ id: APP_ID, number: CORPORATION, day: '2024-05-10', type: '21' });
    expect(fetchImpl.mock.calls[0]![1]?.signal).toBeInstanceOf(AbortSignal);
  });

  it('sends the number in its canonical form, however it was read', async () => {
    const fetchImpl = serving('registered-corporation');
    const { answer } = await check('Ｔ４０１１-００１９-９９００１', '2024-05-10', fetchImpl);
    expect(new URL(String(fetchImpl.mock.calls[0]![0])).searchParams.get('number')).toBe(CORPORATION);
    expect(answer.status).toBe('registered');
  });

  it('answers a registered corporation with its registered name', async () => {
    const { answer, log } = await check(CORPORATION, '2024-05-10', serving('registered-corporation'));
    expect(answer).toEqual({ status: 'registered', name: '株式会社サンプル商事', on: '2024-05-10' });
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('answers a registered individual with the published name', async () => {
    const { answer } = await check('T9810000999001', '2024-01-31', serving('registered-individual'));
    expect(answer).toEqual({ status: 'registered', name: '見本　花子', on: '2024-01-31' });
  });

  it('answers not registered for a day before the registration, with whose number it is', async () => {
    const { answer } = await check('T3011001999002', '2024-03-31', serving('registered-later'));
    expect(answer).toEqual({ status: 'not_registered', name: '株式会社見本工業', on: '2024-03-31' });
    expect((await check('T3011001999002', '2024-04-01', serving('registered-later'))).answer.status).toBe('registered');
  });

  it('answers not registered from the day of a disposal (取消) on, registered before it', async () => {
    expect((await check('T2011001999003', '2024-06-01', serving('disposed'))).answer).toEqual({ status: 'not_registered', name: '合同会社テスト物産', on: '2024-06-01' });
    expect((await check('T2011001999003', '2024-03-31', serving('disposed'))).answer.status).toBe('not_registered');
    expect((await check('T2011001999003', '2024-03-30', serving('disposed'))).answer.status).toBe('registered');
  });

  it('answers not registered from the day of an expiry (失効) on', async () => {
    expect((await check('T1011001999004', '2025-04-01', serving('expired'))).answer.status).toBe('not_registered');
    expect((await check('T1011001999004', '2025-03-31', serving('expired'))).answer.status).toBe('registered');
  });

  it('answers not registered, without a name, when nothing is published (count 0)', async () => {
    const { answer, log } = await check('T7000012050002', '2024-05-10', serving('not-found'));
    expect(answer).toEqual({ status: 'not_registered', on: '2024-05-10' });
    expect(log.warn).not.toHaveBeenCalled();
  });
});

describe('checkInvoiceRegistry without an answer', () => {
  it.each([
    ['a refused parameter (400)', 'error-400', 400, ['050']],
    ['a refused application ID (403)', 'error-403', 403, ['403']],
  ])('does not check on %s, and logs the status and code', async (_, name, status, codes) => {
    const { answer, log, cache } = await check(CORPORATION, '2024-05-10', serving(name, status));
    expect(answer).toEqual({ status: 'not_checked', on: '2024-05-10' });
    expect(log.warn).toHaveBeenCalledWith('invoice registry: not checked', expect.objectContaining({ reason: 'http', status, codes, kyk_id: KYK, number: CORPORATION }));
    expect(cache.put).not.toHaveBeenCalled();
  });

  it('does not check on a 404 or a 500 with whatever body', async () => {
    const notFound = vi.fn<typeof fetch>(async () => new Response('<html>Not Found</html>', { status: 404 }));
    expect((await check(CORPORATION, '2024-05-10', notFound)).answer.status).toBe('not_checked');
    expect((await check(CORPORATION, '2024-05-10', serving('registered-corporation', 500))).answer.status).toBe('not_checked');
  });

  it('does not check, quickly, when the agency never answers', async () => {
    // A fetch that ignores its signal: the check must not wait on it.
    const never = vi.fn<typeof fetch>(() => new Promise<Response>(() => {}));
    const started = performance.now();
    const { answer, log } = await check(CORPORATION, '2024-05-10', never, { timeoutMs: 20 });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(answer).toEqual({ status: 'not_checked', on: '2024-05-10' });
    expect(log.warn).toHaveBeenCalledWith('invoice registry: not checked', expect.objectContaining({ reason: 'timeout' }));
  });

  it('does not check when the answer starts but its body never ends', async () => {
    const stalled = vi.fn<typeof fetch>(async () => new Response(new ReadableStream({ start(controller) { controller.enqueue(new TextEncoder().encode('{"count":')); } }), { status: 200 }));
    const { answer, log } = await check(CORPORATION, '2024-05-10', stalled, { timeoutMs: 20 });
    expect(answer.status).toBe('not_checked');
    expect(log.warn).toHaveBeenCalledWith('invoice registry: not checked', expect.objectContaining({ reason: 'timeout' }));
  });

  it('does not check on a network error', async () => {
    const failing = vi.fn<typeof fetch>(async () => { throw new TypeError('fetch failed'); });
    const { answer, log } = await check(CORPORATION, '2024-05-10', failing);
    expect(answer.status).toBe('not_checked');
    expect(log.warn).toHaveBeenCalledWith('invoice registry: not checked', expect.objectContaining({ reason: 'network', error: 'TypeError' }));
  });

  it('does not check on a body that is not JSON', async () => {
    const html = vi.fn<typeof fetch>(async () => new Response('{"lastUpdateDate":"2024-06-03","count":"1",', { status: 200 }));
    const { answer, log } = await check(CORPORATION, '2024-05-10', html);
    expect(answer.status).toBe('not_checked');
    expect(log.warn).toHaveBeenCalledWith('invoice registry: not checked', expect.objectContaining({ reason: 'not_json' }));
  });

  it.each([
    ['count as a number', (body: Record<string, unknown>) => ({ ...body, count: 1 })],
    ['no header', (body: Record<string, unknown>) => ({ announcement: body.announcement })],
    ['a record without its dates', (body: Record<string, unknown>) => ({ ...body, announcement: [{ registratedNumber: CORPORATION, process: '01', name: 'X' }] })],
    ['an unknown process code', (body: Record<string, unknown>) => ({ ...body, announcement: (body.announcement as object[]).map((record) => ({ ...record, process: '05' })) })],
    ['a date in another format', (body: Record<string, unknown>) => ({ ...body, announcement: (body.announcement as object[]).map((record) => ({ ...record, registrationDate: '2023/10/01' })) })],
  ])('does not check on an answer off the documented shape: %s', async (_, change) => {
    const body = change(JSON.parse(fixture('registered-corporation')) as Record<string, unknown>);
    const { answer, log } = await check(CORPORATION, '2024-05-10', vi.fn<typeof fetch>(async () => Response.json(body)));
    expect(answer.status).toBe('not_checked');
    expect(log.warn).toHaveBeenCalledWith('invoice registry: not checked', expect.objectContaining({ reason: 'schema' }));
  });

  it('does not check on an answer about another number, or a record that contradicts itself', async () => {
    expect((await check('T7000012050002', '2024-05-10', serving('registered-corporation'))).answer.status).toBe('not_checked');
    const body = JSON.parse(fixture('disposed')) as { announcement: Record<string, unknown>[] };
    body.announcement[0]!.disposalDate = '';
    expect((await check('T2011001999003', '2024-06-01', vi.fn<typeof fetch>(async () => Response.json(body)))).answer.status).toBe('not_checked');
  });

  it('never asks without an application ID', async () => {
    const fetchImpl = serving('registered-corporation');
    const { answer, cache } = await check(CORPORATION, '2024-05-10', fetchImpl, { applicationId: undefined });
    expect(answer).toEqual({ status: 'not_checked', on: '2024-05-10' });
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(cache.get).not.toHaveBeenCalled();
  });

  it.each([
    ['a wrong check digit', 'T5011001999001', '2024-05-10'],
    ['too few digits', 'T401100199900', '2024-05-10'],
    ['no number at all', '請求書', '2024-05-10'],
    ['a day that does not exist', CORPORATION, '2024-02-30'],
    ['a day in another format', CORPORATION, '2024/05/10'],
  ])('never sends %s', async (_, number, on) => {
    const fetchImpl = serving('registered-corporation');
    const { answer } = await check(number, on, fetchImpl);
    expect(answer).toEqual({ status: 'not_checked', on });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('never writes the application ID into a log line', async () => {
    const log = quietLog();
    const leaky = vi.fn<typeof fetch>(async (input) => { throw new TypeError(`request to ${String(input)} failed`); });
    const echoing = vi.fn<typeof fetch>(async () => Response.json({ errors: [{ code: APP_ID, message: `id ${APP_ID} refused` }] }, { status: 403 }));
    const never = vi.fn<typeof fetch>(() => new Promise<Response>(() => {}));
    for (const fetchImpl of [leaky, echoing, never, serving('error-400', 400), vi.fn<typeof fetch>(async () => new Response('oops'))]) {
      await checkInvoiceRegistry(CORPORATION, '2024-05-10', { applicationId: APP_ID, kykId: KYK, fetch: fetchImpl, log, cache: memoryCache(), timeoutMs: 20 });
    }
    expect(log.warn).toHaveBeenCalledTimes(5);
    expect(JSON.stringify(log.warn.mock.calls)).not.toContain(APP_ID);
    expect(JSON.stringify(log.warn.mock.calls)).toContain('[application id]');
  });
});

describe('checkInvoiceRegistry with the cache', () => {
  it("serves the contract's kept answer without asking, and keeps the agency's answers", async () => {
    const cache = memoryCache();
    const fetchImpl = serving('registered-corporation');
    const options = { applicationId: APP_ID, kykId: KYK, fetch: fetchImpl, log: quietLog(), cache };
    const first = await checkInvoiceRegistry(CORPORATION, '2024-05-10', options);
    const second = await checkInvoiceRegistry(CORPORATION, '2024-05-10', options);
    expect(second).toEqual(first);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(cache.put).toHaveBeenCalledWith(KYK, CORPORATION, first);
    // Another day is another question.
    await checkInvoiceRegistry(CORPORATION, '2024-05-11', options);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('keeps a "not registered" answer, never a "not checked" one', async () => {
    const cache = memoryCache();
    await checkInvoiceRegistry('T7000012050002', '2024-05-10', { applicationId: APP_ID, kykId: KYK, fetch: serving('not-found'), log: quietLog(), cache });
    expect(cache.items.get(`${KYK}|T7000012050002|2024-05-10`)).toEqual({ status: 'not_registered', on: '2024-05-10' });
    await checkInvoiceRegistry(CORPORATION, '2024-05-10', { applicationId: APP_ID, kykId: KYK, fetch: serving('error-403', 403), log: quietLog(), cache });
    expect(cache.put).toHaveBeenCalledTimes(1);
  });

  it('asks the agency when the cache cannot be read, and answers when it cannot be written', async () => {
    const log = quietLog();
    const broken: RegistryCache = { get: async () => { throw new Error('ProvisionedThroughputExceeded'); }, put: async () => { throw new Error('ProvisionedThroughputExceeded'); } };
    const answer = await checkInvoiceRegistry(CORPORATION, '2024-05-10', { applicationId: APP_ID, kykId: KYK, fetch: serving('registered-corporation'), log, cache: broken });
    expect(answer.status).toBe('registered');
    expect(log.warn.mock.calls.map(([message]) => message)).toEqual(['invoice registry: cache not read', 'invoice registry: answer not kept']);
  });
});

describe('registeredOn', () => {
  const record = { registrationDate: '2023-10-01', disposalDate: '', expireDate: '' };
  it('counts from the registration day, up to the day before a disposal or expiry', () => {
    expect(registeredOn(record, '2023-09-30')).toBe(false);
    expect(registeredOn(record, '2023-10-01')).toBe(true);
    expect(registeredOn({ ...record, disposalDate: '2024-03-31' }, '2024-03-30')).toBe(true);
    expect(registeredOn({ ...record, disposalDate: '2024-03-31' }, '2024-03-31')).toBe(false);
    expect(registeredOn({ ...record, expireDate: '2025-04-01' }, '2025-04-02')).toBe(false);
  });
});

describe('the kept answers (invoice-registry-cache)', () => {
  const now = new Date('2024-05-10T03:00:00.000Z');
  const answer: CheckedRegistryAnswer = { status: 'registered', name: '株式会社サンプル商事', on: '2024-05-01' };

  it("keys an answer by contract, number and the day asked about", () => {
    expect(invoiceRegistryKey('k1', CORPORATION, '2024-05-01')).toEqual({ pk: 'T#k1#INVREG', sk: `${CORPORATION}#2024-05-01` });
    expect(invoiceRegistryKey('k2', CORPORATION, '2024-05-01').pk).not.toBe(invoiceRegistryKey('k1', CORPORATION, '2024-05-01').pk);
    expect(() => invoiceRegistryKey('k1', 'T123#X', '2024-05-01')).toThrow(RangeError);
    expect(() => invoiceRegistryKey('k1', CORPORATION, '2024-05-01#')).toThrow(RangeError);
  });

  it('writes an item that expires two days after it was written', () => {
    const item = registryCacheItem('k1', CORPORATION, answer, now);
    expect(item).toEqual({
      pk: 'T#k1#INVREG', sk: `${CORPORATION}#2024-05-01`, type: 'invoice_registry', kyk_id: 'k1', number: CORPORATION,
      status: 'registered', name: '株式会社サンプル商事', on: '2024-05-01', checked_at: now.toISOString(),
      ttl: Math.floor(now.getTime() / 1000) + 2 * 86_400,
    });
    expect(INVOICE_REGISTRY_CACHE_SECONDS).toBe(172_800);
  });

  it('reads a fresh item back, and an expired one as a miss', () => {
    const item = registryCacheItem('k1', CORPORATION, answer, now);
    expect(cachedAnswerOf(item, now)).toEqual(answer);
    expect(cachedAnswerOf(item, new Date(now.getTime() + INVOICE_REGISTRY_CACHE_SECONDS * 1000 - 1000))).toEqual(answer);
    expect(cachedAnswerOf(item, new Date(now.getTime() + INVOICE_REGISTRY_CACHE_SECONDS * 1000))).toBeUndefined();
    expect(cachedAnswerOf(undefined, now)).toBeUndefined();
    expect(cachedAnswerOf({ ...item, status: 'not_checked' }, now)).toBeUndefined();
    expect(cachedAnswerOf({ ...item, status: 'maybe' }, now)).toBeUndefined();
  });

  it('leaves out a name the agency did not give', () => {
    const item = registryCacheItem('k1', CORPORATION, { status: 'not_registered', on: '2024-05-01' }, now);
    expect(item).not.toHaveProperty('name');
    expect(cachedAnswerOf(item, now)).toEqual({ status: 'not_registered', on: '2024-05-01' } satisfies RegistryAnswer);
  });
});

describe('invoiceRegistryApplicationId', () => {
  const secrets = mockClient(SecretsManagerClient);
  const ARN = 'arn:aws:secretsmanager:ap-northeast-1:123456789012:secret:invoice-registry-AbCdEf';

  beforeEach(() => {
    secrets.reset();
    resetInvoiceRegistryApplicationId();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    resetInvoiceRegistryApplicationId();
  });
  afterAll(() => secrets.restore());

  it('is undefined, without asking, when the environment names no secret', async () => {
    vi.stubEnv(INVOICE_REGISTRY_SECRET_ENV, '');
    expect(await invoiceRegistryApplicationId(quietLog())).toBeUndefined();
    expect(secrets.calls()).toHaveLength(0);
  });

  it('reads the secret once per cold start', async () => {
    vi.stubEnv(INVOICE_REGISTRY_SECRET_ENV, ARN);
    secrets.on(GetSecretValueCommand, { SecretId: ARN }).resolves({ SecretString: `${APP_ID}\n` });
    expect(await invoiceRegistryApplicationId(quietLog())).toBe(APP_ID);
    expect(await invoiceRegistryApplicationId(quietLog())).toBe(APP_ID);
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(1);
  });

  it('answers undefined when the secret cannot be read, says why without it, and reads again next time', async () => {
    vi.stubEnv(INVOICE_REGISTRY_SECRET_ENV, ARN);
    const log = quietLog();
    secrets.on(GetSecretValueCommand).rejectsOnce(Object.assign(new Error('User is not authorized'), { name: 'AccessDeniedException' })).resolves({ SecretString: APP_ID });
    expect(await invoiceRegistryApplicationId(log)).toBeUndefined();
    expect(log.warn).toHaveBeenCalledWith('invoice registry: application ID not read', { error: 'AccessDeniedException' });
    expect(await invoiceRegistryApplicationId(log)).toBe(APP_ID);
    expect(JSON.stringify(log.warn.mock.calls)).not.toContain(APP_ID);
  });
});
