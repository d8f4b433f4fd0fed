import { randomUUID } from 'node:crypto';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DriveItem } from '#shared/schemas/drive.ts';
import type { RouteRequest } from '#shared/routes.ts';
import { db, s3 } from '#lib/clients.ts';
import { config } from '#lib/config.ts';
import { logger } from '#lib/logger.ts';
import { objectKey } from '#lib/object-storage.ts';
import { getItem, itemKey } from '#data/drive-items.ts';
import { markerKey, setContractQuota } from '#data/pending-uploads.ts';
import { sweepAbandonedUploads } from '#domain/uploads/sweep.ts';
import { aFolder, aUser } from './support/factories.ts';
import { call } from './support/api.ts';
import { fresh, namesIn, seen, sendBytes, trash, uploadFile } from './support/drive.ts';
import { storedUsage } from './support/uploads.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

const DUPLICATE = -990000090007;
const REFUSED = -990000090009;
const REFUSED_MESSAGE = 'The old file cannot be deleted or replaced: files of this document style are kept. Keep it as an old version, or keep both.';
const CAPACITY = 990000090001;
const bytes = (text: string) => new TextEncoder().encode(text);
const unique = (name: string) => `${randomUUID().slice(0, 8)}-${name}`;

const objectText = (key: string) =>
  s3().send(new GetObjectCommand({ Bucket: config.bucketName, Key: key })).then((object) => object.Body!.transformToString(), () => undefined);
const downloaded = async (url: string) => {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return response.text();
};

/** Registers under a name with a choice, sends the bytes and waits until the storage event confirmed them. */
async function uploadWithChoice(token: string, folderId: string, name: string, content: string, choice: RouteRequest<'com_drive/file_reg_btn'>['on_conflict'], extra: Partial<RouteRequest<'com_drive/file_reg_btn'>> = {}) {
  const data = bytes(content);
  const registered = await call('com_drive/file_reg_btn', { folder_id: folderId, name, size: data.byteLength, content_type: 'text/plain', ...(choice ? { on_conflict: choice } : {}), ...extra }, token);
  expect(registered.body.code, JSON.stringify(registered.body)).toBe(0);
  const answer = registered.body.data!;
  await sendBytes(token, answer.item.id, answer.upload, data);
  const item = answer.upload_version ? await waitForVersion(token, answer.item.id, answer.upload_version) : await waitForReady(token, answer.item.id);
  return { answer, item };
}

async function waitForVersion(token: string, id: string, version: number): Promise<DriveItem> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const result = await call('com_drive/file_info', { id }, token);
    if (result.body.data && result.body.data.item.version >= version) return result.body.data.item;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`item ${id} never reached version ${version}`);
}
const waitForReady = async (token: string, id: string) => {
  for (let attempt = 0; attempt < 100; attempt++) {
    const result = await call('com_drive/file_info', { id }, token);
    if (result.body.data?.item.status === 'ready') return result.body.data.item;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`item ${id} never became ready`);
};

const historyOf = async (token: string, id: string) => {
  const result = await call('com_drive/file_history', { id, page_size: 50 }, token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!.versions;
};
const versionText = async (token: string, id: string, version: number) => {
  const result = await call('com_drive/file_history_download', { id, version }, token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return downloaded(result.body.data!.url);
};
const currentText = async (token: string, id: string) => {
  const result = await call('com_drive/download', { id }, token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return downloaded(result.body.data!.url);
};
/**
 * Makes an upload of new bytes run out of time now, as a day without them would (only time can make
 * that state): the pending version's expiry and its queue marker move into the past, so the sweep
 * runs at the real time (a sweep told a later time would move the shared sweep state ahead).
 */
async function expireVersionUpload(kykId: string, id: string): Promise<void> {
  const item = (await getItem(kykId, id))!;
  const past = Math.floor(Date.now() / 1000) - 60;
  await db().send(new DeleteCommand({ TableName: config.tableName, Key: markerKey({ kyk_id: kykId, id, expires_at: item.pending_version!.expires_at }) }));
  await db().send(new UpdateCommand({ TableName: config.tableName, Key: itemKey(kykId, id), UpdateExpression: 'SET pending_version.expires_at = :past', ExpressionAttributeValues: { ':past': past } }));
  await db().send(new PutCommand({ TableName: config.tableName, Item: { ...markerKey({ kyk_id: kykId, id, expires_at: past }), kyk_id: kykId, id, expires_at: past } }));
}

/** The version records as stored under the file's partition. */
const storedVersions = async (kykId: string, id: string) => {
  const { Items = [] } = await db().send(new QueryCommand({
    TableName: config.tableName, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :ver)', ExpressionAttributeValues: { ':pk': itemKey(kykId, id).pk, ':ver': 'VER#' }, ConsistentRead: true,
  }));
  return Items.map((record) => Number(record.version));
};

describe('file fields at registration', () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant();
  });

  it('stores the document style, transaction date and amount and trading partners, and answers them in file_info and drive_info', async () => {
    const folder = await aFolder(t);
    const { item } = await uploadWithChoice(t.token, folder.id, 'invoice.pdf', '%PDF', undefined, {
      document_style: 'e_bookkeeping', transaction_date: '2026-03-31', transaction_amount: 108000, recipient: '株式会社テスト', provider: 'Example Ltd.',
    });
    const expected = { document_style: 'e_bookkeeping', transaction_date: '2026-03-31', transaction_amount: 108000, recipient: '株式会社テスト', provider: 'Example Ltd.' };
    expect(item).toMatchObject(expected);
    const page = await call('com_drive/drive_info', { folder_id: folder.id }, t.token);
    expect(page.body.data!.items[0]).toMatchObject(expected);
    // Without a style a file is a general document.
    const plain = await uploadFile(t.token, folder.id, 'notes.txt', bytes('n'));
    expect(plain.document_style).toBe('general');
  });

  it('refuses bad field values with -4 on that field and registers nothing', async () => {
    const folder = await aFolder(t);
    const bad: [string, Partial<RouteRequest<'com_drive/file_reg_btn'>>][] = [
      ['document_style', { document_style: 'ledger' as never }],
      ['transaction_date', { transaction_date: '2026-02-30' }],
      ['transaction_date', { transaction_date: '31/03/2026' }],
      ['transaction_amount', { transaction_amount: -1 }],
      ['transaction_amount', { transaction_amount: 1.5 }],
      ['recipient', { recipient: 'x'.repeat(101) }],
      ['on_conflict', { on_conflict: 'overwrite' as never }],
    ];
    for (const [field, fields] of bad) {
      const result = await call('com_drive/file_reg_btn', { folder_id: folder.id, name: 'a.txt', size: 1, ...fields }, t.token);
      expect(result.body.code, field).toBe(-4);
      expect(Object.keys(result.body.info!.fields!), field).toEqual([field]);
    }
    expect(await namesIn(t.token, folder.id)).toEqual([]);
  });
});

describe('duplicate check and the choices on a name that exists', () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant();
  });

  it('answers which names files hold in the folder (ignoring case), with the choices each refuses', async () => {
    const folder = await aFolder(t);
    const general = await uploadFile(t.token, folder.id, 'Report.txt', bytes('r'));
    const { item: legal } = await uploadWithChoice(t.token, folder.id, 'scan.png', 'png', undefined, { document_style: 'scanner' });
    await aFolder(t, { parentId: folder.id, name: 'folder-only' });
    const result = await call('com_drive/file_duplicate_check', { folder_id: folder.id, names: ['report.TXT', 'scan.png', 'new.txt', 'folder-only'] }, t.token);
    expect(result.body.code, JSON.stringify(result.body)).toBe(0);
    expect(result.body.data!.existing.map((entry) => [entry.name, entry.item.id, entry.refused_choices])).toEqual([
      ['report.TXT', general.id, []],
      ['scan.png', legal.id, ['replace', 'delete_old']],
    ]);
    expect((await call('com_drive/file_duplicate_check', { folder_id: randomUUID(), names: ['a'] }, t.token)).body.code).toBe(-3);
    expect((await call('com_drive/file_duplicate_check', { folder_id: folder.id, names: [] }, t.token)).body.code).toBe(-4);
  });

  it('without a choice answers the duplicate code and changes nothing', async () => {
    const folder = await aFolder(t);
    const file = await uploadFile(t.token, folder.id, 'same.txt', bytes('one'));
    const usage = await storedUsage(t.kykId);
    const again = await call('com_drive/file_reg_btn', { folder_id: folder.id, name: 'SAME.txt', size: 3 }, t.token);
    expect(again.body).toMatchObject({ code: DUPLICATE, message: 'An item with the same name already exists. Please rename it.' });
    expect(await fresh(t.token, file.id)).toMatchObject({ version: 1, row_version: file.row_version });
    expect(await storedUsage(t.kykId)).toEqual(usage);
  });

  it('old_version: the new bytes become version 2 under their own object, version 1 kept and counted', async () => {
    const folder = await aFolder(t);
    const file = await uploadFile(t.token, folder.id, 'plan.txt', bytes('one'));
    const before = await storedUsage(t.kykId);
    const { answer, item } = await uploadWithChoice(t.token, folder.id, 'plan.txt', 'two!', 'old_version');
    expect(answer.item.id).toBe(file.id);
    expect(answer.upload_version).toBe(2);
    expect(item).toMatchObject({ id: file.id, name: 'plan.txt', version: 2, size: 4, status: 'ready' });
    expect((await historyOf(t.token, file.id)).map((version) => [version.version, version.size, version.current])).toEqual([[2, 4, true], [1, 3, false]]);
    expect(await objectText(objectKey(t.kykId, file.id, 1))).toBe('one');
    expect(await objectText(objectKey(t.kykId, file.id, 2))).toBe('two!');
    expect(await versionText(t.token, file.id, 1)).toBe('one');
    expect(await currentText(t.token, file.id)).toBe('two!');
    expect(await storedUsage(t.kykId)).toEqual({ ...before, usage: before.usage + 4, committed: before.committed + 4 });
    expect(await namesIn(t.token, folder.id)).toEqual(['plan.txt']);
  });

  it('replace: the new document takes the name and its fields; every earlier version stays in the history and the usage', async () => {
    const folder = await aFolder(t);
    const file = await uploadFile(t.token, folder.id, 'data.csv', bytes('a,b'));
    await uploadWithChoice(t.token, folder.id, 'data.csv', 'a,b,c', 'old_version');
    const before = await storedUsage(t.kykId);
    const counters = (await call('com_drive/data_usage', {}, t.token)).body.data!;
    const { item } = await uploadWithChoice(t.token, folder.id, 'data.csv', 'x', 'replace', { transaction_date: '2026-10-31', provider: 'Acme KK' });
    expect(item).toMatchObject({ id: file.id, version: 3, size: 1, transaction_date: '2026-10-31', provider: 'Acme KK' });
    // Every replace keeps the earlier bytes: versions 1 and 2 stay readable.
    expect((await historyOf(t.token, file.id)).map((version) => [version.version, version.current])).toEqual([[3, true], [2, false], [1, false]]);
    expect(await objectText(objectKey(t.kykId, file.id, 2))).toBe('a,b,c');
    expect(await versionText(t.token, file.id, 2)).toBe('a,b,c');
    expect(await currentText(t.token, file.id)).toBe('x');
    expect(await storedUsage(t.kykId)).toEqual({ ...before, usage: before.usage + 1, committed: before.committed + 1 });
    expect((await call('com_drive/data_usage', {}, t.token)).body.data).toMatchObject({ version_count: counters.version_count + 1, version_bytes: counters.version_bytes + 5 });
    // old_version keeps the file's fields: the new bytes change nothing else.
    const { item: kept } = await uploadWithChoice(t.token, folder.id, 'data.csv', 'y', 'old_version', { provider: 'Other' });
    expect(kept).toMatchObject({ version: 4, provider: 'Acme KK' });
  });

  it('keep_both: the new file takes the next free numbered name, also when two uploads race for it', async () => {
    const folder = await aFolder(t);
    const original = await uploadFile(t.token, folder.id, 'photo.jpg', bytes('1'));
    const { item: first } = await uploadWithChoice(t.token, folder.id, 'photo.jpg', '22', 'keep_both');
    expect(first.name).toBe('photo (1).jpg');
    expect(first.id).not.toBe(original.id);
    const racing = await Promise.all([0, 1].map(() => call('com_drive/file_reg_btn', { folder_id: folder.id, name: 'PHOTO.jpg', size: 1, on_conflict: 'keep_both' }, t.token)));
    expect(racing.map((result) => result.body.code)).toEqual([0, 0]);
    expect(racing.map((result) => result.body.data!.item.name).sort()).toEqual(['PHOTO (2).jpg', 'PHOTO (3).jpg']);
    const noExtension = await uploadFile(t.token, folder.id, 'README', bytes('r'));
    const { item: numbered } = await uploadWithChoice(t.token, folder.id, 'README', 'rr', 'keep_both');
    expect(numbered.name).toBe('README (1)');
    expect(await fresh(t.token, noExtension.id)).toMatchObject({ name: 'README', version: 1 });
    expect(await fresh(t.token, original.id)).toMatchObject({ name: 'photo.jpg', version: 1, size: 1 });
  });

  it('delete_old: the old document goes to the trash and the new one takes the name', async () => {
    const folder = await aFolder(t);
    const old = await uploadFile(t.token, folder.id, 'minutes.docx', bytes('old'));
    const before = await storedUsage(t.kykId);
    const { answer, item } = await uploadWithChoice(t.token, folder.id, 'minutes.docx', 'newer', 'delete_old');
    expect(answer.trashed_id).toBe(old.id);
    expect(item.id).not.toBe(old.id);
    expect(item).toMatchObject({ name: 'minutes.docx', version: 1, size: 5 });
    expect(await namesIn(t.token, folder.id)).toEqual(['minutes.docx']);
    const trashList = await call('com_drive/recycle_list', { page_size: 1000 }, t.token);
    expect(trashList.body.data!.items.find((entry) => entry.id === old.id)).toMatchObject({ name: 'minutes.docx' });
    // The trashed file still counts until deleted for good.
    expect((await storedUsage(t.kykId)).usage).toBe(before.usage + 5);
  });

  // Four styles, a dozen calls and three uploads each: more than the default 30 s on a loaded machine.
  it('refuses replace and delete_old for the four legal document styles (-990000090009), changing nothing; old_version and keep_both work', { timeout: 90_000 }, async () => {
    for (const style of ['e_document', 'e_bookkeeping', 'e_trading', 'scanner'] as const) {
      const folder = await aFolder(t);
      const { item: legal } = await uploadWithChoice(t.token, folder.id, 'ledger.pdf', 'v1', undefined, { document_style: style });
      const usage = await storedUsage(t.kykId);
      for (const choice of ['replace', 'delete_old'] as const) {
        const refused = await call('com_drive/file_reg_btn', { folder_id: folder.id, name: 'ledger.pdf', size: 2, on_conflict: choice }, t.token);
        expect(refused.body, `${style} ${choice}`).toMatchObject({ code: REFUSED, message: REFUSED_MESSAGE });
      }
      expect(await fresh(t.token, legal.id)).toMatchObject({ version: 1, row_version: legal.row_version });
      expect(await storedUsage(t.kykId)).toEqual(usage);
      expect((await call('com_drive/recycle_list', { page_size: 1000 }, t.token)).body.data!.items.map((entry) => entry.id)).not.toContain(legal.id);

      // New bytes of a bookkeeping document are a correction: refused without its reason (docs/e-bookkeeping.md).
      const noReason = await call('com_drive/file_reg_btn', { folder_id: folder.id, name: 'ledger.pdf', size: 2, on_conflict: 'old_version' }, t.token);
      expect(noReason.body, style).toMatchObject({ code: -4, info: { fields: { reason: 'Enter the reason: corrections and deletions of bookkeeping documents are recorded with it.' } } });
      const { item: kept } = await uploadWithChoice(t.token, folder.id, 'ledger.pdf', 'v2', 'old_version', { reason: '差し替え' });
      expect(kept).toMatchObject({ id: legal.id, version: 2, document_style: style });
      const { item: both } = await uploadWithChoice(t.token, folder.id, 'ledger.pdf', 'v3', 'keep_both');
      expect(both.name).toBe('ledger (1).pdf');
      expect((await historyOf(t.token, legal.id)).map((version) => version.version)).toEqual([2, 1]);
    }
  });
});

describe('file update and version history', () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant();
  });

  it('file_upd_btn takes exactly one file and makes a new version, keeping the current one', async () => {
    const file = await uploadFile(t.token, 'root', unique('update.txt'), bytes('first'));
    const registered = await call('com_drive/file_upd_btn', { id: file.id, size: 6, content_type: 'text/plain' }, t.token);
    expect(registered.body.code, JSON.stringify(registered.body)).toBe(0);
    expect(registered.body.data!.upload_version).toBe(2);
    await sendBytes(t.token, file.id, registered.body.data!.upload, bytes('second'));
    expect(await waitForVersion(t.token, file.id, 2)).toMatchObject({ version: 2, size: 6, content_type: 'text/plain' });
    expect((await historyOf(t.token, file.id)).map((version) => version.version)).toEqual([2, 1]);
    const many = await call('com_drive/file_upd_btn', { ids: [file.id, file.id], size: 1 } as never, t.token);
    expect(many.body.code).toBe(-4);
    expect((await call('com_drive/file_upd_btn', { id: randomUUID(), size: 1 }, t.token)).body.code).toBe(-3);
  });

  it('restores an earlier version as the newest: its bytes copied to a new version, usage counted, stale or current refused', async () => {
    const file = await uploadFile(t.token, 'root', unique('restore.txt'), bytes('one'));
    const { item: second } = await uploadWithChoice(t.token, 'root', file.name, 'two22', 'old_version');
    const before = await storedUsage(t.kykId);
    const stale = await call('com_drive/file_history_restore_btn', { id: file.id, version: 1, row_version: file.row_version }, t.token);
    expect(stale.body.code).toBe(-201);
    const current = await call('com_drive/file_history_restore_btn', { id: file.id, version: 2, row_version: second.row_version }, t.token);
    expect(current.body).toMatchObject({ code: -202, message: 'This version is already the current one.' });
    const restored = await call('com_drive/file_history_restore_btn', { id: file.id, version: 1, row_version: second.row_version }, t.token);
    expect(restored.body.code, JSON.stringify(restored.body)).toBe(0);
    expect(restored.body.data!.item).toMatchObject({ version: 3, size: 3, row_version: second.row_version + 1 });
    expect((await historyOf(t.token, file.id)).map((version) => [version.version, version.current, version.restored_from])).toEqual([[3, true, 1], [2, false, undefined], [1, false, undefined]]);
    expect(await objectText(objectKey(t.kykId, file.id, 3))).toBe('one');
    expect(await currentText(t.token, file.id)).toBe('one');
    expect(await versionText(t.token, file.id, 2)).toBe('two22');
    expect(await storedUsage(t.kykId)).toEqual({ ...before, usage: before.usage + 3, committed: before.committed + 3 });
    const missing = await call('com_drive/file_history_restore_btn', { id: file.id, version: 9, row_version: second.row_version + 1 }, t.token);
    expect(missing.body.code).toBe(-3);
  });

  it('lists the history newest first with who uploaded each, and refuses a forged cursor', async () => {
    const file = await uploadFile(t.token, 'root', unique('paged.txt'), bytes('0'));
    let row = file.row_version;
    for (let n = 0; n < 3; n++) {
      const { item } = await uploadWithChoice(t.token, 'root', file.name, `v${n}`, 'old_version');
      row = item.row_version;
    }
    expect(row).toBeGreaterThan(file.row_version);
    const all = await historyOf(t.token, file.id);
    expect(all.map((version) => version.version)).toEqual([4, 3, 2, 1]);
    expect(all[0]!.regist_user_id).toBe(t.adminId);
    expect((await call('com_drive/file_history', { id: file.id, cursor: '!!' }, t.token)).body.code).toBe(-4);
  });

  it('keeps the versions through rename, move, trash and restore (they hang off the id)', async () => {
    const file = await uploadFile(t.token, 'root', unique('keep.txt'), bytes('one'));
    await uploadWithChoice(t.token, 'root', file.name, 'two', 'old_version');
    const folder = await aFolder(t);
    const renamed = await call('com_drive/rename_btn', { id: file.id, name: unique('renamed.txt'), row_version: (await fresh(t.token, file.id)).row_version }, t.token);
    expect(renamed.body.code).toBe(0);
    expect((await historyOf(t.token, file.id)).map((version) => version.version)).toEqual([2, 1]);
    const moved = await call('com_drive/move_btn', { items: [seen(renamed.body.data!.item)], folder_id: folder.id }, t.token);
    expect(moved.body.data!.done).toEqual([file.id]);
    expect((await historyOf(t.token, file.id)).map((version) => version.version)).toEqual([2, 1]);
    await trash(t.token, await fresh(t.token, file.id));
    // In the trash it cannot be read like any other entry...
    expect((await call('com_drive/file_history', { id: file.id }, t.token)).body.code).toBe(-3);
    const trashed = (await call('com_drive/recycle_list', { page_size: 1000 }, t.token)).body.data!.items.find((entry) => entry.id === file.id)!;
    const restored = await call('com_drive/restore_btn', { items: [{ id: file.id, row_version: trashed.row_version }] }, t.token);
    expect(restored.body.data!.done).toEqual([file.id]);
    // ...and comes back with every version.
    expect((await historyOf(t.token, file.id)).map((version) => version.version)).toEqual([2, 1]);
    expect(await versionText(t.token, file.id, 1)).toBe('one');
  });

  it('deleting for good removes every version object and record and gives all their bytes back', async () => {
    const before = await storedUsage(t.kykId);
    const file = await uploadFile(t.token, 'root', unique('gone.txt'), bytes('one'));
    await uploadWithChoice(t.token, 'root', file.name, 'two', 'old_version');
    await uploadWithChoice(t.token, 'root', file.name, 'three', 'old_version');
    expect((await storedUsage(t.kykId)).usage).toBe(before.usage + 11);
    await trash(t.token, await fresh(t.token, file.id));
    const trashed = (await call('com_drive/recycle_list', { page_size: 1000 }, t.token)).body.data!.items.find((entry) => entry.id === file.id)!;
    const deleted = await call('com_drive/force_delete_btn', { items: [{ id: file.id, row_version: trashed.row_version }] }, t.token);
    expect(deleted.body.data!.done).toEqual([file.id]);
    for (const version of [1, 2, 3]) expect(await objectText(objectKey(t.kykId, file.id, version))).toBeUndefined();
    expect(await storedVersions(t.kykId, file.id)).toEqual([]);
    expect(await storedUsage(t.kykId)).toEqual(before);
  });

  it('answers 990000090001 past the quota for a new version and a restore, and changes nothing', async () => {
    const q = await newTenant();
    const file = await uploadFile(q.token, 'root', 'big.txt', bytes('0123456789'));
    await uploadWithChoice(q.token, 'root', 'big.txt', 'abc', 'old_version');
    const usage = await storedUsage(q.kykId);
    expect(usage.usage).toBe(13);
    expect(await setContractQuota(q.kykId, 20)).toBe(true);
    const item = await fresh(q.token, file.id);
    const upload = await call('com_drive/file_reg_btn', { folder_id: 'root', name: 'big.txt', size: 8, on_conflict: 'old_version' }, q.token);
    expect(upload.body).toMatchObject({ code: CAPACITY, message: 'The server capacity has been exceeded.' });
    expect((await call('com_drive/file_upd_btn', { id: file.id, size: 8 }, q.token)).body.code).toBe(CAPACITY);
    const restore = await call('com_drive/file_history_restore_btn', { id: file.id, version: 1, row_version: item.row_version }, q.token);
    expect(restore.body.code).toBe(CAPACITY);
    expect(await fresh(q.token, file.id)).toEqual(item);
    expect(await storedUsage(q.kykId)).toEqual(usage);
    expect(await objectText(objectKey(q.kykId, file.id, 3))).toBeUndefined();
    expect((await getItem(q.kykId, file.id))?.pending_version).toBeUndefined();
    // Bytes that fit in what is left go through.
    expect((await call('com_drive/file_upd_btn', { id: file.id, size: 7 }, q.token)).body.code).toBe(0);
  });

  it('releases an upload of new bytes that never arrived: the file stays as it was and the reservation goes back', async () => {
    const file = await uploadFile(t.token, 'root', unique('abandoned.txt'), bytes('one'));
    const usage = await storedUsage(t.kykId);
    const registered = await call('com_drive/file_upd_btn', { id: file.id, size: 5 }, t.token);
    expect(registered.body.code).toBe(0);
    expect(await storedUsage(t.kykId)).toMatchObject({ reserved: usage.reserved + 5, pending: usage.pending + 1 });
    // A day without the bytes, made at once: the pending version's expiry and its marker move into the past.
    await expireVersionUpload(t.kykId, file.id);
    await sweepAbandonedUploads(logger);
    expect((await getItem(t.kykId, file.id))?.pending_version).toBeUndefined();
    expect(await storedUsage(t.kykId)).toEqual(usage);
    expect(await fresh(t.token, file.id)).toMatchObject({ version: 1, size: 3 });
  });
});

describe('who may', () => {
  it('lets a view-level user read the history and download versions, but not restore, update or choose over a file', async () => {
    const t = await newTenant();
    const file = await uploadFile(t.token, 'root', 'shared.txt', bytes('one'));
    const { item } = await uploadWithChoice(t.token, 'root', 'shared.txt', 'two', 'old_version');
    const viewer = await aUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 1 });
    expect((await historyOf(viewer.token, file.id)).map((version) => version.version)).toEqual([2, 1]);
    expect(await versionText(viewer.token, file.id, 1)).toBe('one');
    const restore = await call('com_drive/file_history_restore_btn', { id: file.id, version: 1, row_version: item.row_version }, viewer.token);
    expect(restore.body.code).toBe(-101);
    expect((await call('com_drive/file_upd_btn', { id: file.id, size: 1 }, viewer.token)).body.code).toBe(-101);
    // The active level (2) changes only what it registered.
    const active = await aUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 2 });
    expect((await call('com_drive/file_history_restore_btn', { id: file.id, version: 1, row_version: item.row_version }, active.token)).body.code).toBe(-101);
    expect((await call('com_drive/file_reg_btn', { folder_id: 'root', name: 'shared.txt', size: 1, on_conflict: 'replace' }, active.token)).body.code).toBe(-101);
    expect((await call('com_drive/file_reg_btn', { folder_id: 'root', name: 'shared.txt', size: 1, on_conflict: 'delete_old' }, active.token)).body.code).toBe(-101);
    expect(await fresh(t.token, file.id)).toEqual(item);
  });

  it('keeps tenants apart: another contract can neither see nor change a file through these calls', async () => {
    const t = await newTenant();
    const other = await newTenant();
    const file = await uploadFile(t.token, 'root', 'secret.txt', bytes('one'));
    const { item } = await uploadWithChoice(t.token, 'root', 'secret.txt', 'two', 'old_version');
    const usage = await storedUsage(t.kykId);
    expect((await call('com_drive/file_history', { id: file.id }, other.token)).body.code).toBe(-3);
    expect((await call('com_drive/file_history_download', { id: file.id, version: 1 }, other.token)).body.code).toBe(-3);
    expect((await call('com_drive/file_history_restore_btn', { id: file.id, version: 1, row_version: item.row_version }, other.token)).body.code).toBe(-3);
    expect((await call('com_drive/file_upd_btn', { id: file.id, size: 1 }, other.token)).body.code).toBe(-3);
    const check = await call('com_drive/file_duplicate_check', { folder_id: 'root', names: ['secret.txt'] }, other.token);
    expect(check.body.data!.existing).toEqual([]);
    // The same name in the other contract is simply a new file there.
    const { item: theirs } = await uploadWithChoice(other.token, 'root', 'secret.txt', 'x', 'replace');
    expect(theirs.id).not.toBe(file.id);
    expect(await fresh(t.token, file.id)).toEqual(item);
    expect(await storedUsage(t.kykId)).toEqual(usage);
    expect(await versionText(t.token, file.id, 1)).toBe('one');
  });
});
