import { randomUUID } from 'node:crypto';
import type { Envelope } from '#shared/envelope.ts';
import { batchGet } from '#lib/data/batch.ts';
import { itemKey, type ItemRecord } from '#data/drive-items.ts';
import { post } from '../api.ts';
import { sendBytes } from '../drive.ts';
import { aGroup, aUser } from '../factories.ts';
import { newTenant, type TestTenant } from '../tenants.ts';
import { DriveModel, type Actor, type ActorKey } from './model.ts';

/**
 * The system under test as the model's commands reach it: one fresh contract per run with an
 * administrator and four users, their sessions, the API (as the SPA calls it) and, for checking
 * what the server stored, the table read directly (never to decide what a caller may see).
 */

/** What a check guards; MODEL_IGNORE lists rules to note and pass by (to search past a known finding). */
export type Rule =
  | 'reach' // an answer or a listing tells of an entry out of the caller's reach, or a change beyond its level
  | 'subtree' // finding 1: a folder holding a folder the caller may not change, moved, trashed, deleted or restored
  | 'history' // finding 2: a document's correction history out of reach
  | 'trash' // finding 3: the trash read, restored or deleted for good past the settings that governed the entry
  | 'search-count' // finding 4: search counts read entries for a caller who is not an administrator
  | 'folder-reason' // finding 6: a folder holding bookkeeping documents trashed without a reason
  | 'deletion-record' // a bookkeeping document deleted without a record naming a person and a reason
  | 'retention' // a bookkeeping document deleted for good before its retention ends
  | 'usage' // data usage differs from what is stored
  | 'share' // a share link works where its creator no longer reaches the file, or stops where it should work
  | 'state' // the stored entries differ from what the answers said happened
  | 'answer'; // an answer the rules do not allow (a refusal of an allowed change, a wrong code)

export class ModelViolation extends Error {
  constructor(readonly rule: Rule, message: string) {
    super(`[${rule}] ${message}`);
  }
}

export class Judge {
  readonly noted: string[] = [];
  /** The steps of the run so far, as they resolved (entries by name), for the report. */
  readonly steps: string[] = [];
  constructor(readonly ignored: ReadonlySet<string>) {}

  /** Fails the run, unless the rule is ignored (then the run goes on from what the server did). */
  fail(rule: Rule, message: string): void {
    if (this.ignored.has(rule)) {
      this.noted.push(`[${rule}] ${message}`);
      return;
    }
    throw new ModelViolation(rule, `${message}\n  steps of this run:\n${this.steps.map((step, index) => `    ${index + 1}. ${step}`).join('\n')}`);
  }

  check(condition: boolean, rule: Rule, message: () => string): void {
    if (!condition) this.fail(rule, message());
  }
}

export interface Result {
  status: number;
  body: Envelope<Record<string, unknown>>;
}

export interface Real {
  tenant: TestTenant;
  tokens: Record<ActorKey, string>;
  tagId: string;
  judge: Judge;
}

export const api = async (path: string, body: unknown, token?: string): Promise<Result> => {
  const { status, body: envelope } = await post<Record<string, unknown>>(path, body, token);
  return { status, body: envelope };
};

/** The refusal code of a call (a bulk call of one entry answers its refusal as the call's code). */
export function codeOf(result: Result): number {
  const failed = (result.body.data as { failed?: { code: number }[] } | null)?.failed;
  return result.body.code === 0 && failed && failed.length > 0 ? failed[0]!.code : result.body.code;
}

/** An answer with the ids named replaced, for comparing the answer about an entry with the answer about an unknown id. */
export function shape(result: Result, ids: readonly string[]): string {
  const { request_id: _requestId, ...info } = result.body.info ?? {};
  let text = JSON.stringify({ status: result.status, code: result.body.code, level: result.body.msg_level, message: result.body.message, info, data: result.body.data });
  ids.forEach((id, index) => {
    text = text.split(id).join(`<id${index}>`);
  });
  return text;
}

export const unknownId = (): string => randomUUID();

/** The stored entries by id (missing ones: deleted for good), read consistently from the table. */
export async function storedItems(kykId: string, ids: string[]): Promise<Map<string, ItemRecord>> {
  const items = await batchGet<ItemRecord>(ids.map((id) => itemKey(kykId, id)), { consistent: true });
  return new Map(items.map((item) => [item.id, item]));
}

/** Registers a file, sends its bytes and waits until the storage event confirmed them; answers the registration's answer. */
export async function upload(token: string, body: Record<string, unknown>, bytes: Uint8Array): Promise<Result> {
  const registered = await api('com_drive/file_reg_btn', { ...body, size: bytes.byteLength, content_type: 'text/plain' }, token);
  if (registered.body.code !== 0) return registered;
  const data = registered.body.data as { item: { id: string }; upload: Parameters<typeof sendBytes>[2]; upload_version?: number };
  await sendBytes(token, data.item.id, data.upload, bytes);
  await waitFor(token, data.item.id, data.upload_version);
  return registered;
}

/** New bytes for a file (`com_drive/file_upd_btn`), sent and confirmed; answers the registration's answer. */
export async function uploadVersion(token: string, body: Record<string, unknown>, bytes: Uint8Array): Promise<Result> {
  const registered = await api('com_drive/file_upd_btn', { ...body, size: bytes.byteLength, content_type: 'text/plain' }, token);
  if (registered.body.code !== 0) return registered;
  const data = registered.body.data as { item: { id: string }; upload: Parameters<typeof sendBytes>[2]; upload_version?: number };
  await sendBytes(token, data.item.id, data.upload, bytes);
  await waitFor(token, data.item.id, data.upload_version);
  return registered;
}

/** Waits until a file is ready (and at `version` when new bytes were sent). */
export async function waitFor(token: string, id: string, version?: number): Promise<void> {
  for (const until = Date.now() + 30_000; Date.now() < until;) {
    const info = await api('com_drive/file_info', { id, polling: true }, token);
    const item = (info.body.data as { item?: { status: string; version: number } } | null)?.item;
    if (item?.status === 'ready' && (version === undefined || item.version >= version)) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`file ${id} never became ready`);
}

export interface Setup {
  model: DriveModel;
  real: Real;
}

/** A contract with an administrator and four users: two at update (3) (one by group), one active (2), one reader (1). */
export async function newContract(judge: Judge): Promise<Setup> {
  const tenant = await newTenant();
  const [updaters, actives] = await Promise.all([
    aGroup(tenant, { product: 'ata', com_drive_permission: 3 }),
    aGroup(tenant, { product: 'ata', com_drive_permission: 2 }),
  ]);
  const [u3, g3, u2, u1] = await Promise.all([
    aUser(tenant, { indiv_permission_flg: 1, indiv_com_drive_permission: 3 }),
    aUser(tenant, { groups: { ata: updaters.user_group_id } }),
    aUser(tenant, { groups: { ata: actives.user_group_id } }),
    aUser(tenant, { indiv_permission_flg: 1, indiv_com_drive_permission: 1 }),
  ]);
  const actors: Record<ActorKey, Actor> = {
    admin: { key: 'admin', userId: tenant.adminId, groupId: undefined, drive: 3, admin: true },
    u3: { key: 'u3', userId: u3.userId, groupId: undefined, drive: 3, admin: false },
    g3: { key: 'g3', userId: g3.userId, groupId: updaters.user_group_id, drive: 3, admin: false },
    u2: { key: 'u2', userId: u2.userId, groupId: actives.user_group_id, drive: 2, admin: false },
    u1: { key: 'u1', userId: u1.userId, groupId: undefined, drive: 1, admin: false },
  };
  const tokens: Record<ActorKey, string> = { admin: tenant.token, u3: u3.token, g3: g3.token, u2: u2.token, u1: u1.token };
  const tag = await api('com_drive/tag_create_btn', { name: 'model', scope: 'common' }, tenant.token);
  if (tag.body.code !== 0) throw new Error(`tag: ${JSON.stringify(tag.body)}`);
  const model = new DriveModel(actors, tenant.kykId);
  return { model, real: { tenant, tokens, tagId: (tag.body.data as { tag: { id: string } }).tag.id, judge } };
}
