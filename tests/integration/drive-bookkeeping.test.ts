import { createHash, randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DriveItem } from '#shared/schemas/drive.ts';
import type { RouteRequest } from '#shared/routes.ts';
import { db } from '#lib/clients.ts';
import { table } from '#lib/data/table.ts';
import { logger } from '#lib/logger.ts';
import { itemKey } from '#data/drive-items.ts';
import { expireTrash } from '#domain/drive/retention.ts';
import { runPurges } from '#domain/drive/purge.ts';
import { decodeShiftJis } from '#domain/imports/csv/shift-jis.ts';
import { aFolder, aUser } from './support/factories.ts';
import { call } from './support/api.ts';
import { aFile, fresh, seen, sendBytes } from './support/drive.ts';
import { waitForDriveJob } from './support/drive-jobs.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

const RETENTION_NOT_ENDED = -990000340001;
const REASON_REQUIRED = 'Enter the reason: corrections and deletions of bookkeeping documents are recorded with it.';
const bytes = (text: string) => new TextEncoder().encode(text);
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
const unique = (name: string) => `${randomUUID().slice(0, 8)}-${name}`;

type Registration = Partial<RouteRequest<'com_drive/file_reg_btn'>>;

/** Registers a file with document fields, sends its bytes and waits for the storage event. */
const aDocument = (token: string, folderId: string, fields: Registration, data: Uint8Array = bytes(`bytes ${randomUUID()}`)): Promise<DriveItem> =>
  aFile(token, folderId, fields.name ?? unique('invoice.pdf'), fields, data);

const historyOf = async (token: string, id: string) => {
  const result = await call('com_drive/file_history', { id, page_size: 100 }, token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!.versions;
};
const documentHistory = async (token: string, id: string) => {
  const result = await call('com_drive/document_history', { id }, token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!.records;
};
/** Moves a document's retention end into the past, as the years passing would: its date too, for the law's 7 years from it. */
const retentionEnds = (kykId: string, id: string, day = '2020-01-01') =>
  db().send(new UpdateCommand({
    TableName: table(), Key: itemKey(kykId, id), UpdateExpression: 'SET retention_until = :day, transaction_date = :date',
    ExpressionAttributeValues: { ':day': day, ':date': '2012-04-01' },
  }));

const TAX = { document_style: 'e_trading', transaction_date: '2026-03-31', transaction_amount: 108_000, provider: '株式会社テスト' } as const;

describe('electronic bookkeeping: corrections', () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant();
  });

  it('keeps a bookkeeping document until 7 years after the day two months past its fiscal year end', async () => {
    const document = await aDocument(t.token, 'root', TAX);
    // Fiscal year ends in March (the default): return due 2026-05-31, kept 7 years from the day after.
    expect(document).toMatchObject({ document_style: 'e_trading', retention_until: '2033-05-31' });
    const general = await aDocument(t.token, 'root', { transaction_date: '2026-03-31' });
    expect(general.retention_until).toBeUndefined();
  });

  it('corrects the details of a bookkeeping document only with a reason, as a new version over the same bytes, the first kept as it was', async () => {
    const document = await aDocument(t.token, 'root', TAX);
    // The storage event hashes the bytes just after they are confirmed; a correction copies the hash it finds.
    await expect.poll(async () => (await historyOf(t.token, document.id))[0]?.sha256, { timeout: 15_000 }).toMatch(/^[0-9a-f]{64}$/);
    const without = await call('com_drive/file_detail_upd_btn', { id: document.id, row_version: document.row_version, transaction_amount: 110_000 }, t.token);
    expect(without.body).toMatchObject({ code: -4, info: { fields: { reason: REASON_REQUIRED } } });
    expect(await fresh(t.token, document.id)).toMatchObject({ transaction_amount: 108_000, version: 1, row_version: document.row_version });

    const corrected = await call('com_drive/file_detail_upd_btn', { id: document.id, row_version: document.row_version, transaction_amount: 110_000, reason: '金額の入力誤り' }, t.token);
    expect(corrected.body.code, JSON.stringify(corrected.body)).toBe(0);
    expect(corrected.body.data!.item).toMatchObject({ version: 2, transaction_amount: 110_000, size: document.size });

    const versions = await historyOf(t.token, document.id);
    expect(versions.map((version) => [version.version, version.kind, version.reason, version.fields?.transaction_amount])).toEqual([
      [2, 'details', '金額の入力誤り', 110_000],
      [1, 'bytes', undefined, 108_000],
    ]);
    // Same bytes, same hash: the details version stores nothing new.
    expect(versions[0]!.sha256).toBe(versions[1]!.sha256);
    const [record] = await documentHistory(t.token, document.id);
    expect(record).toMatchObject({
      kind: 'correction', reason: '金額の入力誤り', user_id: 'admin', user_nm: '管理者 太郎',
      before: { version: 1, transaction_amount: 108_000 }, after: { version: 2, transaction_amount: 110_000 },
    });
    // The stale row_version of the first read loses: only the newest version is ever changed.
    const stale = await call('com_drive/file_detail_upd_btn', { id: document.id, row_version: document.row_version, transaction_amount: 1, reason: 'x' }, t.token);
    expect(stale.body.code).toBe(-201);
  });

  it('changes a general file in place without a reason, and refuses a registration time in the request', async () => {
    const general = await aDocument(t.token, 'root', {});
    const changed = await call('com_drive/file_detail_upd_btn', { id: general.id, row_version: general.row_version, recipient: 'Example KK' }, t.token);
    expect(changed.body.data!.item).toMatchObject({ version: 1, recipient: 'Example KK' });
    expect(await historyOf(t.token, general.id)).toHaveLength(1);
    const stamped = await call('com_drive/file_detail_upd_btn', { id: general.id, row_version: changed.body.data!.item.row_version, regist_date: '2020-01-01T00:00:00.000Z' } as never, t.token);
    expect(stamped.body.code).toBe(-4);
    expect((await fresh(t.token, general.id)).regist_date).toBe(general.regist_date);
  });

  it('re-styling a bookkeeping document to general is a recorded correction and frees nothing early', async () => {
    const document = await aDocument(t.token, 'root', TAX);
    const restyled = await call('com_drive/file_detail_upd_btn', { id: document.id, row_version: document.row_version, document_style: 'general', transaction_date: '2020-04-01', reason: '区分の選択誤り' }, t.token);
    expect(restyled.body.data!.item).toMatchObject({ document_style: 'general', version: 2, retention_until: '2033-05-31' });
    const trashed = await call('com_drive/delete_btn', { items: [seen(restyled.body.data!.item)] }, t.token);
    expect(trashed.body).toMatchObject({ code: -4, info: { fields: { reason: REASON_REQUIRED } } });
    const withReason = await call('com_drive/delete_btn', { items: [seen(restyled.body.data!.item)], reason: '重複登録' }, t.token);
    expect(withReason.body.code).toBe(0);
    const purge = await call('com_drive/force_delete_btn', { items: [{ id: document.id, row_version: restyled.body.data!.item.row_version + 1 }] }, t.token);
    expect(purge.body).toMatchObject({ code: RETENTION_NOT_ENDED, message: `"${document.name}" must be kept until 2033-05-31 (Electronic Bookkeeping Act). It cannot be deleted for good before its retention period ends.` });
  });

  it('new bytes for a bookkeeping document need a reason and are recorded with what they replaced', async () => {
    const document = await aDocument(t.token, 'root', TAX);
    const without = await call('com_drive/file_upd_btn', { id: document.id, size: 3 }, t.token);
    expect(without.body).toMatchObject({ code: -4, info: { fields: { reason: REASON_REQUIRED } } });
    const conflict = await call('com_drive/file_reg_btn', { folder_id: 'root', name: document.name, size: 3, on_conflict: 'old_version' }, t.token);
    expect(conflict.body).toMatchObject({ code: -4, info: { fields: { reason: REASON_REQUIRED } } });
    const next = bytes('new');
    const update = await call('com_drive/file_upd_btn', { id: document.id, size: next.byteLength, reason: '差し替え（スキャン不鮮明）' }, t.token);
    expect(update.body.code, JSON.stringify(update.body)).toBe(0);
    await sendBytes(t.token, document.id, update.body.data!.upload, next);
    for (let attempt = 0; attempt < 100 && (await fresh(t.token, document.id)).version < 2; attempt++) await new Promise((resolve) => setTimeout(resolve, 50));
    const [record] = await documentHistory(t.token, document.id);
    expect(record).toMatchObject({ kind: 'correction', reason: '差し替え（スキャン不鮮明）', before: { version: 1, size: document.size }, after: { version: 2, size: 3 } });
    for (let attempt = 0; attempt < 100 && !(await historyOf(t.token, document.id))[0]!.sha256; attempt++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await historyOf(t.token, document.id))[0]).toMatchObject({ version: 2, kind: 'bytes', reason: '差し替え（スキャン不鮮明）', sha256: sha256(next) });
  });
});

describe('electronic bookkeeping: deletion and retention', () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant();
  });

  it('refuses a deletion reason made only of invisible characters and spaces, as a blank one', async () => {
    const document = await aDocument(t.token, 'root', TAX);
    for (const reason of ['\u3000 ', '\u200B\u3000', '\u00AD\u2060']) {
      const refused = await call('com_drive/delete_btn', { items: [seen(document)], reason }, t.token);
      expect(refused.body, JSON.stringify(reason)).toMatchObject({ code: -4, info: { fields: { reason: 'This field is required' } } });
    }
    expect((await call('com_drive/drive_info', { folder_id: 'root', page_size: 1000 }, t.token)).body.data!.items.map((item) => item.id)).toContain(document.id);
    expect((await documentHistory(t.token, document.id)).filter((record) => record.kind === 'deletion')).toEqual([]);
  });

  it('deletes a bookkeeping document only logically and with a reason; nobody purges it before its retention ends', async () => {
    const folder = await aFolder(t);
    const document = await aDocument(t.token, folder.id, TAX);
    const deleted = await call('com_drive/delete_btn', { items: [seen(document)], reason: '誤って登録' }, t.token);
    expect(deleted.body.code, JSON.stringify(deleted.body)).toBe(0);
    const trash = await call('com_drive/recycle_list', { page_size: 100 }, t.token);
    expect(trash.body.data!.items.find((item) => item.id === document.id)).toMatchObject({ retention_until: '2033-05-31' });
    expect((await documentHistory(t.token, document.id))[0]).toMatchObject({ kind: 'deletion', reason: '誤って登録', before: { version: 1 }, after: null });

    const early = await call('com_drive/force_delete_btn', { items: [{ id: document.id, row_version: document.row_version + 1 }] }, t.token);
    expect(early.body.code).toBe(RETENTION_NOT_ENDED);
    // Neither the trash's own retention nor emptying the trash removes it.
    await expireTrash(t.kykId, { now: Date.now() + 365 * 86_400_000, deadline: Date.now() + 20_000, log: logger });
    const emptied = await call('com_drive/trash_empty_btn', {}, t.token);
    expect(emptied.body.code).toBe(0);
    await runPurges(Date.now() + 20_000, logger);
    expect((await call('com_drive/recycle_list', { page_size: 100 }, t.token)).body.data!.items.map((item) => item.id)).toContain(document.id);
    // Restoring it is recorded too.
    const restored = await call('com_drive/restore_btn', { items: [{ id: document.id, row_version: document.row_version + 1 }] }, t.token);
    expect(restored.body.code, JSON.stringify(restored.body)).toBe(0);
    expect((await documentHistory(t.token, document.id))[0]).toMatchObject({ kind: 'restore', after: { version: 1 } });
  });

  it('after the retention ends only an administrator purges it, and its history outlives it', async () => {
    const document = await aDocument(t.token, 'root', TAX);
    await call('com_drive/delete_btn', { items: [seen(document)], reason: '保存期間経過' }, t.token);
    await retentionEnds(t.kykId, document.id);
    const updater = await aUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 3 });
    const refused = await call('com_drive/force_delete_btn', { items: [{ id: document.id, row_version: document.row_version + 1 }] }, updater.token);
    expect(refused.body.code).toBe(-101);
    const purged = await call('com_drive/force_delete_btn', { items: [{ id: document.id, row_version: document.row_version + 1 }] }, t.token);
    expect(purged.body.code, JSON.stringify(purged.body)).toBe(0);
    const history = await call('com_drive/correction_history', { date_from: '2026-01-01', date_to: '2099-12-31', page_size: 100 }, t.token);
    expect(history.body.data!.records.filter((record) => record.item_id === document.id).map((record) => [record.kind, record.reason])).toEqual([
      ['purge', '保存期間経過'],
      ['deletion', '保存期間経過'],
    ]);
  });

  it('a folder deleted for good leaves the bookkeeping documents inside it in the trash', async () => {
    const folder = await aFolder(t);
    const document = await aDocument(t.token, folder.id, TAX);
    const plain = await aDocument(t.token, folder.id, {});
    // The folder deletes the document with it: without a reason it is refused (finding 6), with one it goes.
    const without = await call('com_drive/delete_btn', { items: [seen(await fresh(t.token, folder.id))] }, t.token);
    expect(without.body).toMatchObject({ code: -4, info: { fields: { reason: 'Enter the reason: this folder holds bookkeeping documents (1), and their deletion is recorded with it.' } } });
    const trashed = await call('com_drive/delete_btn', { items: [seen(await fresh(t.token, folder.id))], reason: '保存期間内の書類を整理' }, t.token);
    expect(trashed.body.code, JSON.stringify(trashed.body)).toBe(0);
    const folderNow = (await call('com_drive/recycle_list', { page_size: 100 }, t.token)).body.data!.items.find((item) => item.id === folder.id)!;
    const purged = await call('com_drive/force_delete_btn', { items: [{ id: folder.id, row_version: folderNow.row_version }] }, t.token);
    expect(purged.body.code, JSON.stringify(purged.body)).toBe(0);
    await runPurges(Date.now() + 20_000, logger);
    const trash = (await call('com_drive/recycle_list', { page_size: 100 }, t.token)).body.data!.items;
    expect(trash.find((item) => item.id === document.id)).toMatchObject({ original_place: 'missing', retention_until: '2033-05-31' });
    expect(trash.map((item) => item.id)).not.toContain(plain.id);
    // Recorded with the person who deleted the folder for good and the folder's reason, not as the system's.
    expect((await documentHistory(t.token, document.id))[0]).toMatchObject({ kind: 'deletion', user_id: 'admin', reason: '保存期間内の書類を整理' });
  });
});

describe('electronic bookkeeping: scanner storage', () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant();
  });

  const png = (dpi: number, width = 400, height = 400) =>
    sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } }).png().withMetadata({ density: dpi }).toBuffer().then((buffer) => new Uint8Array(buffer));

  const checked = async (id: string) => {
    for (let attempt = 0; attempt < 100; attempt++) {
      const item = await fresh(t.token, id);
      if (item.scanner_check) return item.scanner_check;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('no scanner check');
  };

  it('checks a scan\'s resolution on arrival: 199 dpi is not compliant, 200 dpi is', async () => {
    const low = await aDocument(t.token, 'root', { document_style: 'scanner', name: unique('scan.png'), content_type: 'image/png' }, await png(199));
    const good = await aDocument(t.token, 'root', { document_style: 'scanner', name: unique('scan.png'), content_type: 'image/png' }, await png(200));
    expect(await checked(low.id)).toMatchObject({ status: 'non_compliant', findings: ['dpi'], dpi: 199 });
    expect(await checked(good.id)).toMatchObject({ status: 'compliant', findings: [], dpi: 200 });
    expect((await historyOf(t.token, low.id))[0]!.scanner_check).toMatchObject({ status: 'non_compliant' });
  });

  it('refuses a receipt date in the future and lists a scan registered after its input deadline', async () => {
    const future = await call('com_drive/file_reg_btn', { folder_id: 'root', name: unique('scan.pdf'), size: 3, document_style: 'scanner', received_date: '2099-01-01' }, t.token);
    expect(future.body).toMatchObject({ code: -4, info: { fields: { received_date: 'The date received must not be in the future.' } } });
    const onTime = await aDocument(t.token, 'root', { document_style: 'scanner', received_date: new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10) });
    expect(onTime.input_late).toBe(false);
    const late = await aDocument(t.token, 'root', { document_style: 'scanner', received_date: '2026-01-05' });
    expect(late).toMatchObject({ input_late: true, input_deadline: '2026-01-15', scanner_grade: 'important', paper_size: 'A4' });
    const listed = await call('com_drive/scanner_late_list', { page_size: 50 }, t.token);
    expect(listed.body.data!.items.map((item) => item.id)).toEqual([late.id]);
  });
});

describe('electronic bookkeeping: history, export and who may see them', () => {
  let t: TestTenant;
  let other: TestTenant;
  beforeAll(async () => {
    [t, other] = await Promise.all([newTenant(), newTenant()]);
  });

  it('exports every bookkeeping document of a date range with each version\'s SHA-256, in UTF-8 or Shift_JIS', async () => {
    const first = bytes('first version');
    const document = await aDocument(t.token, 'root', { ...TAX, transaction_date: '2025-06-30' }, first);
    await aDocument(t.token, 'root', { ...TAX, transaction_date: '2024-06-30' });
    await aDocument(t.token, 'root', { transaction_date: '2025-06-30' });
    await call('com_drive/file_detail_upd_btn', { id: document.id, row_version: document.row_version, recipient: '受領部署', reason: '受領者の追記' }, t.token);

    for (const encoding of ['utf-8', 'shift_jis'] as const) {
      const started = await call('com_drive/tax_export_btn', { date_from: '2025-04-01', date_to: '2026-03-31', encoding }, t.token);
      expect(started.body.code, JSON.stringify(started.body)).toBe(0);
      const job = await waitForDriveJob(t.token, started.body.data!.job.job_id);
      expect(job).toMatchObject({ state: 'done', total: 1, done: 1 });
      const raw = new Uint8Array(await (await fetch(job.download!.url)).arrayBuffer());
      const text = encoding === 'utf-8' ? new TextDecoder().decode(raw.subarray(3)) : decodeShiftJis(raw);
      if (encoding === 'utf-8') expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = text.trim().split('\r\n');
      expect(lines[0]).toContain('Transaction date');
      expect(lines).toHaveLength(3);
      expect(lines[1]).toContain(sha256(first));
      expect(lines[2]).toContain('受領者の追記');
      expect(lines[2]).toContain('株式会社テスト');
    }
  });

  it('answers the contract history by Japan days, refuses a reversed range, and keeps it to administrators of the contract', async () => {
    const reversed = await call('com_drive/correction_history', { date_from: '2026-02-01', date_to: '2026-01-01' }, t.token);
    expect(reversed.body).toMatchObject({ code: -4, info: { fields: { date_to: 'The end must not be before the start.' } } });
    const user = await aUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 3 });
    for (const path of ['com_drive/correction_history', 'com_drive/tax_export_btn', 'com_drive/scanner_late_list'] as const) {
      const refused = await call(path, { date_from: '2026-01-01', date_to: '2026-01-31', page_size: 50 } as never, user.token);
      expect(refused.body.code, path).toBe(-101);
    }
    const document = await aDocument(t.token, 'root', TAX);
    await call('com_drive/file_detail_upd_btn', { id: document.id, row_version: document.row_version, provider: '別会社', reason: '取引先の誤り' }, t.token);
    // Another contract's administrator: nothing of this contract.
    const theirs = await call('com_drive/correction_history', { date_from: '2020-01-01', date_to: '2099-12-31', page_size: 1000 }, other.token);
    expect(theirs.body.data!.records).toEqual([]);
    expect((await call('com_drive/document_history', { id: document.id }, other.token)).body.code).toBe(-3);
    expect((await call('com_drive/file_detail_upd_btn', { id: document.id, row_version: 2, provider: 'x', reason: 'x' }, other.token)).body.code).toBe(-3);
    const mine = await call('com_drive/correction_history', { date_from: '2020-01-01', date_to: '2099-12-31', page_size: 1000, kinds: ['correction'] }, t.token);
    expect(mine.body.data!.records.some((record) => record.item_id === document.id && record.reason === '取引先の誤り')).toBe(true);
  });
});

describe('electronic bookkeeping: invoice numbers and the search', () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant();
  });

  it('takes a qualified invoice number as users type it, refuses a wrong format or check digit, and finds documents by it', async () => {
    const wrongDigit = await call('com_drive/file_reg_btn', { folder_id: 'root', name: unique('a.pdf'), size: 3, invoice_number: 'T8000012050002' }, t.token);
    expect(wrongDigit.body).toMatchObject({ code: -4, info: { fields: { invoice_number: 'This registration number is not valid: its check digit does not match.' } } });
    const wrongFormat = await call('com_drive/file_reg_btn', { folder_id: 'root', name: unique('a.pdf'), size: 3, invoice_number: 'T12345' }, t.token);
    expect(wrongFormat.body).toMatchObject({ code: -4, info: { fields: { invoice_number: 'Enter T followed by 13 digits (e.g. T7000012050002).' } } });
    // 国税庁's own number, typed full-width with hyphens.
    const document = await aDocument(t.token, 'root', { ...TAX, invoice_number: 'Ｔ７-００００-１２０５-０００２' });
    expect(document.invoice_number).toBe('T7000012050002');
    await aDocument(t.token, 'root', { ...TAX, invoice_number: 'T1180301018771' });
    const found = await call('com_drive/search', { invoice_number: 't7000012050002', page_size: 50 }, t.token);
    expect(found.body.data!.items.map((item) => item.id)).toEqual([document.id]);
  });

  it('finds a logically deleted document for those who see the contract\'s trash, marked as deleted', async () => {
    const document = await aDocument(t.token, 'root', { ...TAX, provider: '削除テスト商事' });
    await call('com_drive/delete_btn', { items: [seen(document)], reason: '誤登録' }, t.token);
    const plain = await call('com_drive/search', { partner: '削除テスト商事', page_size: 50 }, t.token);
    expect(plain.body.data!.items).toEqual([]);
    const withDeleted = await call('com_drive/search', { partner: '削除テスト商事', include_deleted: 1, sort_item: 'transaction_date', page_size: 50 }, t.token);
    expect(withDeleted.body.data!.items).toMatchObject([{ id: document.id, trashed_date: expect.any(String), retention_until: '2033-05-31' }]);
    const viewer = await aUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 2 });
    const theirs = await call('com_drive/search', { partner: '削除テスト商事', include_deleted: 1, page_size: 50 }, viewer.token);
    expect(theirs.body.data!.items).toEqual([]);
  });
});

describe('electronic bookkeeping: a longer retention setting', () => {
  it('lengthens every bookkeeping document\'s retention in the background, and never shortens one', async () => {
    const t = await newTenant();
    const document = await aDocument(t.token, 'root', TAX);
    const plain = await aDocument(t.token, 'root', { transaction_date: '2026-03-31' });
    expect(document.retention_until).toBe('2033-05-31');
    const settings = (await call('com/common_setting_info', {}, t.token)).body.data!;
    const longer = await call('com/common_setting_save_btn', { row_version: settings.row_version, retention_years: 10 }, t.token);
    expect(longer.body.code, JSON.stringify(longer.body)).toBe(0);
    let now = await fresh(t.token, document.id);
    for (let attempt = 0; attempt < 100 && now.retention_until !== '2036-05-31'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      now = await fresh(t.token, document.id);
    }
    expect(now.retention_until).toBe('2036-05-31');
    expect((await fresh(t.token, plain.id)).retention_until).toBeUndefined();
    // Back to 7 years: the job runs again and leaves the longer retention as it is.
    const shorter = await call('com/common_setting_save_btn', { row_version: longer.body.data!.row_version, retention_years: 7 }, t.token);
    expect(shorter.body.code).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await fresh(t.token, document.id)).retention_until).toBe('2036-05-31');
  });
});
