import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import * as z from 'zod/mini';
import { parseInvoiceNumber } from '#shared/invoice-number.ts';
import type { RegistryAnswer } from '#shared/schemas/read-fields.ts';
import { logger, type Logger } from '#lib/logger.ts';
import { cacheRegistryAnswer, getCachedRegistryAnswer, isCheckedAnswer, type CheckedRegistryAnswer } from '#data/invoice-registry-cache.ts';
import { isCalendarDate } from '#domain/ebookkeeping/calendar-date.ts';

/**
 * Whether a qualified invoice number was registered on a day, asked of the National Tax Agency's
 * 適格請求書発行事業者公表システム Web-API (issue 29 item 4: optional, switched on per contract, called
 * from the extraction function only, never from the browser).
 *
 * Based on:
 * - https://www.invoice-kohyo.nta.go.jp/web-api/index.html — the Web-API (Ver.1): three functions,
 *   an application ID per user; its specification "適格請求書発行事業者公表システムWeb-API機能の
 *   リクエストの設定方法及び提供データの内容について (Ver.1.0)" and the resource definitions are linked there;
 * - https://www.invoice-kohyo.nta.go.jp/web-api/kensyou.html — the request formats of the three
 *   functions, `/<version>/num`, `/<version>/diff` and `/<version>/valid` ("登録番号と日付を指定して
 *   情報を取得する機能"), and the HTTP status codes with error codes of a refused request;
 * - the field names, codes and formats of the JSON answer (type=21), cross-checked against
 *   https://github.com/uichi/kendama-python (a client generated from an OpenAPI description of the
 *   API: docs/V1Api.md, docs/ResponseBody.md, docs/Announcement.md).
 *
 * Endpoint: `/1/valid`, not `/1/num`. The issue names `/1/num`, but the agency documents `/1/valid`
 * for exactly this question: it answers the number's publication "with the given day as the base
 * day: the information tied to the latest registration, disposal (取消) or expiry (失効) date as of
 * that day". `/1/num` answers the latest state only (or, with history=1, every change), so a number
 * registered, lapsed and registered again (a corporation's number is its 法人番号 and comes back the
 * same) would read as "registered later" for a day it was registered. The day is still judged here
 * from the record's own dates, so an answer is read the same whichever record the agency picks.
 *
 * The answers (type=21): `{ lastUpdateDate, count, divideNumber, divideSize, announcement: [...] }`,
 * every value a string; a number with nothing published for the day answers `count: "0"` and no
 * record. A record's `process` is 01 new, 02 changed, 03 expired (失効), 04 disposed (取消), 99
 * deleted; `kind` 1 individual, 2 corporation; dates `YYYY-MM-DD`, an absent one "". A request in
 * error answers an HTTP error status (400 a parameter, 403 the application ID, 404) with an error
 * code; only the status and the codes are logged, and whatever they say the number is not checked.
 *
 * Never "not registered" for what is not the agency's answer: a bad number or day (never sent), no
 * application ID (nothing asked), a timeout, a network error, an HTTP error, a body that is not the
 * documented JSON, or a record that does not say — all are 'not_checked', the agency's failures with
 * a warning in the log. The application ID is a secret: it goes into the request only, never into a
 * log line or an error.
 */

export const INVOICE_REGISTRY_ENDPOINT = 'https://web-api.invoice-kohyo.nta.go.jp/1/valid';
/** The response format the agency calls 21: JSON. */
const JSON_TYPE = '21';
export const INVOICE_REGISTRY_TIMEOUT_MS = 3_000;
/** The environment variable naming the Secrets Manager secret that holds this environment's application ID. */
export const INVOICE_REGISTRY_SECRET_ENV = 'INVOICE_REGISTRY_SECRET_ARN';

/** Where answers are kept between readings (functions/data/invoice-registry-cache.ts; tests give their own). */
export interface RegistryCache {
  get(kykId: string, number: string, day: string): Promise<CheckedRegistryAnswer | undefined>;
  put(kykId: string, number: string, answer: CheckedRegistryAnswer): Promise<void>;
}

export const tableRegistryCache: RegistryCache = { get: getCachedRegistryAnswer, put: cacheRegistryAnswer };

export interface RegistryCheckOptions {
  /** This environment's application ID (invoiceRegistryApplicationId); none: nothing is asked. */
  applicationId: string | undefined;
  /** The contract the reading is for: the cache is the contract's. */
  kykId: string;
  fetch?: typeof fetch;
  /** How long the agency may take, answer read in full (default 3 s). */
  timeoutMs?: number;
  log?: Pick<Logger, 'warn'>;
  cache?: RegistryCache;
}

const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
const dayOrNone = z.union([z.literal(''), day]);

/** One published record, as far as the answer depends on it (other documented fields pass unread). */
const announcement = z.object({
  sequenceNumber: z.string(),
  registratedNumber: z.string(),
  process: z.enum(['01', '02', '03', '04', '99']),
  correct: z.string(),
  kind: z.string(),
  country: z.string(),
  latest: z.string(),
  registrationDate: day,
  updateDate: dayOrNone,
  disposalDate: dayOrNone,
  expireDate: dayOrNone,
  name: z.string(),
  tradeName: z.optional(z.string()),
});
type Announcement = z.infer<typeof announcement>;

const validAnswer = z.object({
  lastUpdateDate: day,
  count: z.string().check(z.regex(/^\d+$/)),
  divideNumber: z.string(),
  divideSize: z.string(),
  // "count": "0" may come with an empty list or none.
  announcement: z.optional(z.array(announcement)),
});
type ValidAnswer = z.infer<typeof validAnswer>;

/** The error body of a refused request: only its code is logged (a message could quote the request). */
const errorBody = z.object({ errors: z.array(z.object({ code: z.string() })) });

/** The request for the number's record on the day. */
export function registryRequestUrl(applicationId: string, number: string, on: string): string {
  const query = new URLSearchParams({ id: applicationId, number, day: on, type: JSON_TYPE });
  return `${INVOICE_REGISTRY_ENDPOINT}?${query.toString()}`;
}

/** Whether a record says the number was registered on the day: from its registration, until its disposal or expiry (that day excluded). */
export function registeredOn(record: Pick<Announcement, 'registrationDate' | 'disposalDate' | 'expireDate'>, on: string): boolean {
  if (record.registrationDate > on) return false;
  if (record.disposalDate !== '' && record.disposalDate <= on) return false;
  if (record.expireDate !== '' && record.expireDate <= on) return false;
  return true;
}

/** A record that is not self-consistent cannot say anything about a day. */
const consistent = (record: Announcement): boolean =>
  record.process !== '99' && (record.process !== '03' || record.expireDate !== '') && (record.process !== '04' || record.disposalDate !== '');

/** The name to show beside the partner: the registered name; an individual's trade name when no name is published. */
const nameOf = (record: Announcement): string | undefined => record.name.trim() || record.tradeName?.trim() || undefined;

/**
 * The agency's answer read for the number on the day; undefined when it does not say (records of
 * another number only, a deleted or inconsistent record): that is 'not_checked', never 'not_registered'.
 */
export function judgeAnswer(answer: ValidAnswer, number: string, on: string): CheckedRegistryAnswer | undefined {
  const records = (answer.announcement ?? []).filter((record) => record.registratedNumber === number);
  if (records.length === 0) return Number(answer.count) === 0 && (answer.announcement ?? []).length === 0 ? { status: 'not_registered', on } : undefined;
  if (!records.every(consistent)) return undefined;
  const registered = records.find((record) => registeredOn(record, on));
  if (registered) return { status: 'registered', on, ...withName(nameOf(registered)) };
  // Not registered that day, but the number is someone's: their name helps to see a wrong date from a wrong number.
  const latest = records.find((record) => record.latest === '1') ?? records.at(-1)!;
  return { status: 'not_registered', on, ...withName(nameOf(latest)) };
}

const withName = (name: string | undefined) => (name ? { name } : {});

/** Error text for the log, with the secret taken out wherever it appears. */
const redacted = (text: string, secret: string): string => (secret ? text.split(secret).join('[application id]') : text);

type Exchange = { status: number; body: string };

/** The request and its whole answer within `timeoutMs`, whether or not the fetch honours the signal. */
async function exchange(fetchImpl: typeof fetch, url: string, timeoutMs: number): Promise<Exchange> {
  const signal = AbortSignal.timeout(timeoutMs);
  const aborted = new Promise<never>((_, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
  const answered = (async () => {
    const response = await fetchImpl(url, { signal, headers: { accept: 'application/json' } });
    return { status: response.status, body: await response.text() };
  })();
  return Promise.race([answered, aborted]);
}

/**
 * Whether `number` was a registered qualified invoice issuer on `on` (YYYY-MM-DD, the transaction
 * date), and under what name. A bad number or day is never sent; without an application ID nothing
 * is asked; the contract's kept answer is used when there is one, and the agency's answer is kept.
 */
export async function checkInvoiceRegistry(number: string, on: string, options: RegistryCheckOptions): Promise<RegistryAnswer> {
  const log = options.log ?? logger;
  const notChecked: RegistryAnswer = { status: 'not_checked', on };
  const parsed = parseInvoiceNumber(number);
  if (!parsed.ok || !isCalendarDate(on)) return notChecked;
  const { applicationId, kykId } = options;
  if (!applicationId) return notChecked;
  const canonical = parsed.number;
  const fields = { kyk_id: kykId, number: canonical, on };
  const cache = options.cache ?? tableRegistryCache;

  try {
    const kept = await cache.get(kykId, canonical, on);
    if (kept) return kept;
  } catch (error) {
    // The cache only saves calls: without it, ask.
    log.warn('invoice registry: cache not read', { ...fields, error: error instanceof Error ? error.name : 'unknown' });
  }

  const answer = await ask(canonical, on, applicationId, options, (reason, more = {}) => log.warn('invoice registry: not checked', { ...fields, reason, ...more }));
  if (!isCheckedAnswer(answer)) return answer;
  try {
    await cache.put(kykId, canonical, answer);
  } catch (error) {
    log.warn('invoice registry: answer not kept', { ...fields, error: error instanceof Error ? error.name : 'unknown' });
  }
  return answer;
}

type NotChecked = (reason: 'timeout' | 'network' | 'http' | 'not_json' | 'schema' | 'undecided', more?: Record<string, unknown>) => void;

async function ask(number: string, on: string, applicationId: string, options: RegistryCheckOptions, notChecked: NotChecked): Promise<RegistryAnswer> {
  const unanswered: RegistryAnswer = { status: 'not_checked', on };
  let result: Exchange;
  try {
    result = await exchange(options.fetch ?? fetch, registryRequestUrl(applicationId, number, on), options.timeoutMs ?? INVOICE_REGISTRY_TIMEOUT_MS);
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    // The error's name and message only: a cause or a stack could carry the URL, and with it the ID.
    notChecked(timedOut ? 'timeout' : 'network', error instanceof Error ? { error: error.name, detail: redacted(error.message, applicationId) } : {});
    return unanswered;
  }
  let body: unknown;
  try {
    body = JSON.parse(result.body);
  } catch {
    body = undefined;
  }
  if (result.status !== 200) {
    const refused = errorBody.safeParse(body);
    notChecked('http', { status: result.status, ...(refused.success ? { codes: refused.data.errors.map((error) => redacted(error.code, applicationId).slice(0, 16)) } : {}) });
    return unanswered;
  }
  if (body === undefined) {
    notChecked('not_json');
    return unanswered;
  }
  const valid = validAnswer.safeParse(body);
  if (!valid.success) {
    notChecked('schema', { issues: valid.error.issues.slice(0, 3).map((issue) => issue.path.join('.')) });
    return unanswered;
  }
  const judged = judgeAnswer(valid.data, number, on);
  if (!judged) {
    notChecked('undecided', { count: valid.data.count });
    return unanswered;
  }
  return judged;
}

let secrets: SecretsManagerClient | undefined;
let applicationIdRead: { arn: string; value: Promise<string | undefined> } | undefined;

/**
 * This environment's application ID for the Web-API, an operator's secret in Secrets Manager named
 * by INVOICE_REGISTRY_SECRET_ARN (its SecretString is the ID itself): read once per cold start;
 * undefined without the variable (then only the check digit is checked). A failed read is logged
 * (never the secret) and read again by the next reading.
 */
export function invoiceRegistryApplicationId(log: Pick<Logger, 'warn'> = logger): Promise<string | undefined> {
  const arn = process.env[INVOICE_REGISTRY_SECRET_ENV] || undefined;
  if (!arn) return Promise.resolve(undefined);
  if (applicationIdRead?.arn !== arn) {
    const read = {
      arn,
      value: (async () => {
        secrets ??= new SecretsManagerClient({});
        const { SecretString } = await secrets.send(new GetSecretValueCommand({ SecretId: arn }));
        const value = SecretString?.trim();
        if (!value) log.warn('invoice registry: the application ID secret is empty');
        return value || undefined;
      })().catch((error: unknown) => {
        if (applicationIdRead === read) applicationIdRead = undefined;
        log.warn('invoice registry: application ID not read', { error: error instanceof Error ? error.name : 'unknown' });
        return undefined;
      }),
    };
    applicationIdRead = read;
  }
  return applicationIdRead.value;
}

/** For tests, which change the variable or the secret. */
export const resetInvoiceRegistryApplicationId = (): void => {
  applicationIdRead = undefined;
  secrets = undefined;
};
