import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DriveItem } from '#shared/schemas/drive.ts';
import { transactionDateMax } from '#shared/transaction-date.ts';
import { db } from '#lib/clients.ts';
import { table } from '#lib/data/table.ts';
import { logger } from '#lib/logger.ts';
import { getCommonSettings, saveCommonSettings } from '#data/common-settings.ts';
import { itemKey } from '#data/drive-items.ts';
import { expireTrash } from '#domain/drive/retention.ts';
import { runPurges } from '#domain/drive/purge.ts';
import { deleteTenant, RetainedDocumentsError } from '#domain/tenant-delete.ts';
import { call } from './support/api.ts';
import { aFile, fresh, seen } from './support/drive.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

/**
 * Issue 26 items 7 and 8 (docs/e-bookkeeping.md "Retention period", "Transaction dates"): no
 * retention below the legal 7 years, whatever a contract once stored, and transaction dates from
 * 1900-01-01 to a year from today, refused under their field (-4, never a 500) everywhere they are taken.
 */
const RETENTION_NOT_ENDED = -990000340001;
const YEARS_MINIMUM = 'Enter at least 7 years: the legal minimum (Corporation Tax Act, Enforcement Regulations Article 59). Years with a loss carried forward need 10.';
const dateRange = () => `Enter a transaction date from 1900-01-01 to ${transactionDateMax()} (at most a year from today).`;
const TAX = { document_style: 'e_trading', transaction_date: '2026-03-31', transaction_amount: 108_000, provider: '株式会社テスト' } as const;
const OUT_OF_RANGE = ['2062-01-01', '1899-12-31', '9993-03-31'];

const unique = (name: string) => `${randomUUID().slice(0, 8)}-${name}`;
const aDocument = (t: TestTenant, fields: Record<string, unknown> = TAX): Promise<DriveItem> => aFile(t.token, 'root', unique('invoice.pdf'), fields);
const setFields = (kykId: string, id: string, fields: Record<string, string>) => db().send(new UpdateCommand({
  TableName: table(), Key: itemKey(kykId, id),
  UpdateExpression: `SET ${Object.keys(fields).map((name) => `${name} = :${name}`).join(', ')}`,
  ExpressionAttributeValues: Object.fromEntries(Object.entries(fields).map(([name, value]) => [`:${name}`, value])),
}));
const trashIds = async (t: TestTenant) => (await call('com_drive/recycle_list', { page_size: 100 }, t.token)).body.data!.items.map((item) => item.id);

describe('electronic bookkeeping: retention never below the legal 7 years', () => {
  it('refuses fewer than 7 retention years with the law\'s message, and changes nothing', async () => {
    const t = await newTenant();
    const before = (await call('com/common_setting_info', {}, t.token)).body.data!;
    for (const years of [1, 6]) {
      const refused = await call('com/common_setting_save_btn', { row_version: before.row_version, retention_years: years }, t.token);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: -4, info: { fields: { retention_years: YEARS_MINIMUM } } });
    }
    expect((await call('com/common_setting_info', {}, t.token)).body.data).toEqual(before);
    const ten = await call('com/common_setting_save_btn', { row_version: before.row_version, retention_years: 10 }, t.token);
    expect(ten.body.data!.settings.retention_years).toBe(10);
  });

  it('reads 3 stored years as 7, and keeps a document registered under them 7 years from its transaction date on every path that deletes for good', async () => {
    const t = await newTenant();
    // As a contract saved it before the minimum was enforced.
    await saveCommonSettings({ kykId: t.kykId, userId: 'admin', userName: '管理者 太郎', requestId: 'test', sourceIp: '127.0.0.1' }, { retention_years: 3 }, 0, () => {});
    const info = (await call('com/common_setting_info', {}, t.token)).body.data!;
    expect(info.settings.retention_years).toBe(7);
    expect((await getCommonSettings(t.kykId, true)).settings.retention_years).toBe(7);

    const document = await aDocument(t);
    expect(document.retention_until).toBe('2033-05-31');
    // What a registration under the 3-year setting stored: kept only through 2029-05-31.
    await setFields(t.kykId, document.id, { retention_until: '2029-05-31' });
    const deleted = await call('com_drive/delete_btn', { items: [seen(await fresh(t.token, document.id))], reason: '保存期間の確認' }, t.token);
    expect(deleted.body.code, JSON.stringify(deleted.body)).toBe(0);
    const trashed = (await call('com_drive/recycle_list', { page_size: 100 }, t.token)).body.data!.items.find((item) => item.id === document.id)!;

    // In 2030, say, the stored date has passed; the law's 7 years from 2026-03-31 have not.
    await setFields(t.kykId, document.id, { retention_until: '2020-01-01' });
    const early = await call('com_drive/force_delete_btn', { items: [{ id: document.id, row_version: trashed.row_version }] }, t.token);
    expect(early.body).toMatchObject({ code: RETENTION_NOT_ENDED, message: expect.stringContaining('must be kept until 2033-05-31') });
    await expireTrash(t.kykId, { now: Date.now() + 365 * 86_400_000, deadline: Date.now() + 20_000, log: logger });
    expect((await call('com_drive/trash_empty_btn', {}, t.token)).body.code).toBe(0);
    await runPurges(Date.now() + 20_000, logger);
    expect(await trashIds(t)).toContain(document.id);
    const tenantRefusal = await deleteTenant(t.kykId, 'test').catch((error: unknown) => error);
    expect(tenantRefusal).toBeInstanceOf(RetainedDocumentsError);
    expect((tenantRefusal as RetainedDocumentsError).documents).toEqual([{ id: document.id, name: document.name, retention_until: '2033-05-31' }]);

    // Once 7 years from its date are over (a date long past), an administrator purges it.
    await setFields(t.kykId, document.id, { transaction_date: '2012-04-01' });
    const purged = await call('com_drive/force_delete_btn', { items: [{ id: document.id, row_version: trashed.row_version }] }, t.token);
    expect(purged.body.code, JSON.stringify(purged.body)).toBe(0);
    expect(await trashIds(t)).not.toContain(document.id);
  });

  it('lengthens what was registered under fewer years at the first save of the settings', async () => {
    const t = await newTenant();
    const document = await aDocument(t);
    await saveCommonSettings({ kykId: t.kykId, userId: 'admin', userName: '管理者 太郎', requestId: 'test', sourceIp: '127.0.0.1' }, { retention_years: 3 }, 0, () => {});
    await setFields(t.kykId, document.id, { retention_until: '2029-05-31' });
    const saved = await call('com/common_setting_save_btn', { row_version: 1, trash_retention_days: 45 }, t.token);
    expect(saved.body.data!.settings).toMatchObject({ retention_years: 7, trash_retention_days: 45 });
    await expect.poll(async () => (await fresh(t.token, document.id)).retention_until, { timeout: 15_000 }).toBe('2033-05-31');
  });
});

describe('electronic bookkeeping: transaction dates from 1900-01-01 to a year from today', () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant();
  });

  it('refuses a date outside at registration under transaction_date, never with a 500', async () => {
    for (const date of OUT_OF_RANGE) {
      const refused = await call('com_drive/file_reg_btn', { folder_id: 'root', name: unique('invoice.pdf'), size: 3, ...TAX, transaction_date: date }, t.token);
      expect(refused.status, date).toBe(400);
      expect(refused.body, date).toMatchObject({ code: -4, info: { fields: { transaction_date: dateRange() } } });
    }
    const edge = await aDocument(t, { ...TAX, transaction_date: '1900-01-01' });
    expect(edge.retention_until).toBe('1907-05-31');
    const ahead = await aDocument(t, { ...TAX, transaction_date: transactionDateMax() });
    expect(ahead.transaction_date).toBe(transactionDateMax());
  });

  it('refuses a date outside at correction under transaction_date, and the document stays as it was', async () => {
    const document = await aDocument(t);
    for (const date of OUT_OF_RANGE) {
      const refused = await call('com_drive/file_detail_upd_btn', { id: document.id, row_version: document.row_version, transaction_date: date, reason: '日付の訂正', confirm_retention: 1 }, t.token);
      expect(refused.status, date).toBe(400);
      expect(refused.body, date).toMatchObject({ code: -4, info: { fields: { transaction_date: dateRange() } } });
    }
    expect(await fresh(t.token, document.id)).toMatchObject({ transaction_date: '2026-03-31', retention_until: '2033-05-31', version: 1, row_version: document.row_version });
  });

  it('refuses a search or export range bound outside under its field', async () => {
    const from = await call('com_drive/search', { date_from: '1899-12-31', page_size: 50 }, t.token);
    expect(from.body).toMatchObject({ code: -4, info: { fields: { date_from: dateRange() } } });
    const to = await call('com_drive/search', { date_from: '2026-01-01', date_to: '9993-03-31', page_size: 50 }, t.token);
    expect(to.body).toMatchObject({ code: -4, info: { fields: { date_to: dateRange() } } });
    const exported = await call('com_drive/tax_export_btn', { date_from: '2026-01-01', date_to: '2062-01-01' }, t.token);
    expect(exported.body).toMatchObject({ code: -4, info: { fields: { date_to: dateRange() } } });
    expect((await call('com_drive/search', { date_from: '1900-01-01', date_to: transactionDateMax(), page_size: 50 }, t.token)).body.code).toBe(0);
  });

  it('asks for confirmation before a correction keeps a document more than a year longer, naming the new end', async () => {
    const document = await aDocument(t);
    // 2027-11-30 is in the fiscal year ending 2028-03-31: kept through 2035-05-31, two years longer.
    const asked = await call('com_drive/file_detail_upd_btn', { id: document.id, row_version: document.row_version, transaction_date: '2027-11-30', reason: '日付の訂正' }, t.token);
    expect(asked.body).toMatchObject({
      code: -4,
      info: { fields: { confirm_retention: 'With this correction the document must be kept until 2035-05-31, more than a year longer than now (2033-05-31). A retention period cannot be shortened again: confirm to save.' } },
    });
    expect(await fresh(t.token, document.id)).toMatchObject({ transaction_date: '2026-03-31', retention_until: '2033-05-31', version: 1 });
    const confirmed = await call('com_drive/file_detail_upd_btn', { id: document.id, row_version: document.row_version, transaction_date: '2027-11-30', reason: '日付の訂正', confirm_retention: 1 }, t.token);
    expect(confirmed.body.code, JSON.stringify(confirmed.body)).toBe(0);
    expect(confirmed.body.data!.item).toMatchObject({ transaction_date: '2027-11-30', retention_until: '2035-05-31', version: 2 });

    // One fiscal year later is one year longer: no question.
    const next = await aDocument(t);
    const oneYear = await call('com_drive/file_detail_upd_btn', { id: next.id, row_version: next.row_version, transaction_date: '2026-04-01', reason: '日付の訂正' }, t.token);
    expect(oneYear.body.code, JSON.stringify(oneYear.body)).toBe(0);
    expect(oneYear.body.data!.item.retention_until).toBe('2034-05-31');
  });
});
