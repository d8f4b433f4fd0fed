/**
 * Mixed load (the `mixed_load` section, issue 31 item 5): N signed-in users at once, each looping
 * the drive's everyday actions against the local stack — list the shared folder, upload a small
 * file (register, presigned PUT to the S3 front, the storage event's confirmation polled as the SPA
 * polls it), download it and compare its SHA-256, search a word of the names, rename the file.
 * Each action is measured first with one user alone, then with everyone at once. Every upload whose
 * bytes were stored is checked at the end (listed under its last name, ready, the same bytes).
 *
 * One shared folder for all: the list and the search then read what everyone writes (a page of 50
 * out of a growing folder, a name search whose matches grow), as a team's folder does, and the
 * uploads contend for one folder's listing keys and name claims instead of thirty quiet ones.
 */
import { createHash, randomBytes } from 'node:crypto';
import { BatchWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { RoutePath, RouteRequest, RouteResponse } from '#shared/routes.ts';
import { db } from '#lib/clients.ts';
import { config } from '#lib/config.ts';
import { hashPassword } from '#lib/passwords.ts';
import { reindexUsers } from '#data/user-search.ts';
import { userCountKey, userIndexKeys, userKey, type User as UserRecord } from '#data/users.ts';
import { benchCall } from './api.ts';
import { httpPut } from './large-upload.ts';
import { median, percentile, round } from './stats.ts';

const ACTIONS = ['list', 'upload', 'confirm', 'download', 'search', 'rename'] as const;
type Action = (typeof ACTIONS)[number];

/** The word every file name carries, and the one the search looks for. */
const WORD = 'report';
const FILE_BYTES = 16 * 1024;
/** The SPA's wait for the storage event (web/src/features/drive/api/get-file-info.ts): 200 ms, x1.5, at most 2 s, for 30 s. */
const POLL_FIRST_MS = 200;
const POLL_MAX_MS = 2000;
const READY_TIMEOUT_MS = 30_000;

interface Upload {
  id: string;
  user: string;
  name: string;
  sha256: string;
}

interface Recorder {
  times: Record<Action, number[]>;
  /** HTTP requests sent: API calls (the file_info polls included), and the S3 PUTs and GETs. */
  api: number;
  s3: number;
  errors: number;
  errorsByAction: Record<Action, number>;
  distinct: Map<string, number>;
}

const recorder = (): Recorder => ({
  times: Object.fromEntries(ACTIONS.map((action) => [action, []])) as unknown as Record<Action, number[]>,
  api: 0,
  s3: 0,
  errors: 0,
  errorsByAction: Object.fromEntries(ACTIONS.map((action) => [action, 0])) as Record<Action, number>,
  distinct: new Map(),
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An error's short form: the API's "path: code message", or a transport failure's cause. */
const describe = (action: Action, error: unknown): string => {
  if (!(error instanceof Error)) return `${action}: ${String(error)}`;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return `${action}: ${error.message}${cause ? ` (${cause.code ?? cause.message})` : ''}`;
};

class ActionFailed extends Error {}

/** One signed-in user: their session token (refreshed as the SPA keeps it) and what they uploaded. */
class User {
  token: string;
  private seq = 0;
  constructor(readonly id: string, token: string, private readonly url: string, private readonly folderId: string, private readonly uploads: Upload[]) {
    this.token = token;
  }

  private async call<P extends RoutePath>(rec: Recorder, path: P, body: RouteRequest<P>): Promise<RouteResponse<P>> {
    rec.api++;
    const { data, token } = await benchCall(this.url)(path, body, this.token);
    if (token) this.token = token;
    return data;
  }

  private async step<T>(rec: Recorder, action: Action, work: () => Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      const result = await work();
      rec.times[action].push(performance.now() - start);
      return result;
    } catch (error) {
      rec.errors++;
      rec.errorsByAction[action]++;
      const key = describe(action, error);
      rec.distinct.set(key, (rec.distinct.get(key) ?? 0) + 1);
      throw new ActionFailed(key);
    }
  }

  /** One round of the five actions on a new file; a failed action ends the round (the rest depend on it). */
  async round(rec: Recorder): Promise<void> {
    try {
      await this.step(rec, 'list', () => this.call(rec, 'com_drive/drive_info', { folder_id: this.folderId, sort_item: 'name', page_size: 50 }));
      const bytes = randomBytes(FILE_BYTES);
      const upload: Upload = { id: '', user: this.id, name: `${WORD}-${this.id}-${String(++this.seq).padStart(4, '0')}.txt`, sha256: sha256(bytes) };
      upload.id = await this.step(rec, 'upload', async () => {
        const { item, upload: target } = await this.call(rec, 'com_drive/file_reg_btn', { folder_id: this.folderId, name: upload.name, size: bytes.length, content_type: 'text/plain' });
        if (target.method !== 'PUT') throw new Error(`expected one PUT, got ${target.method}`);
        rec.s3++;
        const put = await httpPut(target.url, target.headers, bytes);
        if (put.status !== 200) throw new Error(`PUT ${put.status}`);
        return item.id;
      });
      // The bytes are stored: from here on the file must exist (checked at the end).
      this.uploads.push(upload);
      const ready = await this.step(rec, 'confirm', async () => {
        const deadline = Date.now() + READY_TIMEOUT_MS;
        for (let delay = POLL_FIRST_MS; ; delay = Math.min(delay * 1.5, POLL_MAX_MS)) {
          await sleep(delay);
          const { item } = await this.call(rec, 'com_drive/file_info', { id: upload.id, polling: true });
          if (item.status === 'ready') return item;
          if (Date.now() > deadline) throw new Error(`still pending after ${READY_TIMEOUT_MS / 1000} s`);
        }
      });
      await this.step(rec, 'download', async () => {
        const { url } = await this.call(rec, 'com_drive/download', { id: upload.id });
        rec.s3++;
        const response = await fetch(url);
        if (!response.ok) throw new Error(`GET ${response.status}`);
        if (sha256(new Uint8Array(await response.arrayBuffer())) !== upload.sha256) throw new Error('downloaded bytes differ from those sent');
      });
      await this.step(rec, 'search', async () => {
        const { items } = await this.call(rec, 'com_drive/search', { name: WORD, page_size: 50 });
        if (items.length === 0) throw new Error(`search "${WORD}" found nothing`);
      });
      const renamed = upload.name.replace(/\.txt$/, '-final.txt');
      await this.step(rec, 'rename', () => this.call(rec, 'com_drive/rename_btn', { id: upload.id, name: renamed, row_version: ready.row_version }));
      upload.name = renamed;
    } catch (error) {
      if (!(error instanceof ActionFailed)) throw error;
    }
  }
}

const summary = (values: number[]) => (values.length ? { p50: round(median(values)), p95: round(percentile(values, 95)), samples: values.length } : { p50: null, p95: null, samples: 0 });

const errorReport = (rec: Recorder) => ({
  count: rec.errors,
  by_action: Object.fromEntries(ACTIONS.filter((action) => rec.errorsByAction[action] > 0).map((action) => [action, rec.errorsByAction[action]])),
  first_distinct: [...rec.distinct].slice(0, 5).map(([message, count]) => ({ message, count })),
});

export interface MixedLoadOptions {
  url: string;
  kykId: string;
  /** An administrator's session: registers the users and the shared folder, reads the folder at the end. */
  adminToken: string;
  /** Unset: 30 users, 45 seconds, 20 rounds alone. */
  users?: number | undefined;
  seconds?: number | undefined;
  idleRounds?: number | undefined;
}

export async function measureMixedLoad(options: MixedLoadOptions) {
  const { url, kykId } = options;
  const userCount = options.users ?? 30;
  const seconds = options.seconds ?? 45;
  const idleRounds = options.idleRounds ?? 20;
  const call = benchCall(url);
  const setupStart = performance.now();

  // Setup: the shared folder through the product's call; the users written as user-list.ts writes
  // its 10,000 (profile, list keys, search grams, counter) with one password hash for all, since 30
  // registrations and first-sign-in password changes would cost four scrypt hashes each. Individual
  // drive level 2 ("active": changes only what they registered). Then each signs in through
  // login/login_btn, one after another: the sign-in throttles (their defaults, untouched) see right
  // passwords from one address, each attempt given back.
  const folder = (await call('com_drive/folder_reg_btn', { parent_id: 'root', name: 'mixed-load' }, options.adminToken)).data.item;
  const password = `Mixed-${randomBytes(9).toString('base64url')}-Load7`;
  const passwordHash = await hashPassword(password);
  const now = new Date().toISOString();
  const records: UserRecord[] = Array.from({ length: userCount }, (_, i) => {
    const userId = `mix${String(i).padStart(2, '0')}`;
    return {
      kyk_id: kykId, user_id: userId, user_nm: `Mixed load ${i}`, email: `${userId}@bench.example`, language: 'en', ata_admin_permission: 0,
      indiv_permission_flg: 1, indiv_com_drive_permission: 2, status: 0, password_hash: passwordHash, password_changed_at: now, row_version: 1,
      regist_date: now, regist_user_id: 'bench', update_date: now, update_user_id: 'bench',
    };
  });
  for (let i = 0; i < records.length; i += 25) {
    await db().send(new BatchWriteCommand({
      RequestItems: { [config.tableName]: records.slice(i, i + 25).map((user) => ({ PutRequest: { Item: { ...userKey(kykId, user.user_id), ...userIndexKeys(user), type: 'user', ...user } } })) },
    }));
  }
  await reindexUsers(records);
  await db().send(new UpdateCommand({ TableName: config.tableName, Key: userCountKey(kykId), UpdateExpression: 'ADD user_count :n', ExpressionAttributeValues: { ':n': records.length } }));
  const uploads: Upload[] = [];
  const users: User[] = [];
  for (const record of records) {
    const { token } = await call('login/login_btn', { kyk_id: kykId, user_id: record.user_id, password, force_flg: 1 });
    users.push(new User(record.user_id, token!, url, folder.id, uploads));
  }
  const setupSeconds = (performance.now() - setupStart) / 1000;

  // Idle: one user alone.
  const idle = recorder();
  for (let i = 0; i < idleRounds; i++) await users[0]!.round(idle);

  // Loaded: everyone at once, each starting rounds until the time is up.
  const loaded = recorder();
  const loadStart = performance.now();
  const deadline = loadStart + seconds * 1000;
  let rounds = 0;
  await Promise.all(users.map(async (user) => {
    while (performance.now() < deadline) {
      await user.round(loaded);
      rounds++;
    }
  }));
  const loadSeconds = (performance.now() - loadStart) / 1000;

  // Every stored upload, at the end: listed in the folder under its last name, ready, its bytes intact.
  const verifyStart = performance.now();
  const listed = new Map<string, RouteResponse<'com_drive/drive_info'>['items'][number]>();
  let cursor: string | undefined;
  do {
    const { data } = await call('com_drive/drive_info', { folder_id: folder.id, sort_item: 'name', page_size: 1000, ...(cursor ? { cursor } : {}) }, options.adminToken);
    for (const item of data.items) listed.set(item.id, item);
    cursor = data.next_cursor ?? undefined;
  } while (cursor);
  const lost: { id: string; name: string; reason: string }[] = [];
  let next = 0;
  const verifier = async () => {
    while (next < uploads.length) {
      const upload = uploads[next++]!;
      const item = listed.get(upload.id);
      const reason = !item ? 'not listed'
        : item.name !== upload.name ? `listed as ${item.name}`
          : item.status !== 'ready' ? `still ${item.status}`
            : await (async () => {
              try {
                const { data } = await call('com_drive/download', { id: upload.id }, options.adminToken);
                const response = await fetch(data.url);
                if (!response.ok) return `GET ${response.status}`;
                return sha256(new Uint8Array(await response.arrayBuffer())) === upload.sha256 ? undefined : 'bytes differ';
              } catch (error) {
                return error instanceof Error ? error.message : String(error);
              }
            })();
      if (reason) lost.push({ id: upload.id, name: upload.name, reason });
    }
  };
  await Promise.all(Array.from({ length: 8 }, verifier));
  const verifySeconds = (performance.now() - verifyStart) / 1000;

  const perAction = Object.fromEntries(ACTIONS.map((action) => {
    const before = summary(idle.times[action]);
    const during = summary(loaded.times[action]);
    return [action, {
      idle: before,
      loaded: during,
      ratio_p50: before.p50 && during.p50 ? round(during.p50 / before.p50, 2) : null,
      ratio_p95: before.p95 && during.p95 ? round(during.p95 / before.p95, 2) : null,
    }];
  }));

  return {
    users: userCount,
    seconds: round(loadSeconds),
    seconds_asked: seconds,
    idle_rounds: idleRounds,
    rounds_loaded: rounds,
    calls: { api: loaded.api, s3: loaded.s3 },
    /** Every HTTP request of the loaded phase, API and S3 alike, per second. */
    calls_per_second: round((loaded.api + loaded.s3) / loadSeconds),
    api_calls_per_second: round(loaded.api / loadSeconds),
    rounds_per_second: round(rounds / loadSeconds, 2),
    actions_ms: perAction,
    errors: { idle: errorReport(idle), loaded: errorReport(loaded) },
    uploads_stored: uploads.length,
    lost_uploads: { count: lost.length, first: lost.slice(0, 5) },
    setup_seconds: round(setupSeconds),
    verify_seconds: round(verifySeconds),
    file_bytes: FILE_BYTES,
    folder: 'shared (one folder for all users)',
  };
}
