import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { getItem } from '#data/drive-items.ts';
import { trashContracts, trashShards } from '#data/drive-trash.ts';
import { applyTrashRetention, expireTrash } from '#domain/drive/retention.ts';
import { logger } from '#lib/logger.ts';
import { aFolder, aUser } from './support/factories.ts';
import { auditOfTarget } from './support/audit.ts';
import { call } from './support/api.ts';
import { trash, uploadFile } from './support/drive.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

const DAY = 24 * 60 * 60 * 1000;
const settingsOf = async (token: string) => {
  const result = await call('com/common_setting_info', {}, token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!;
};

describe('common settings (common_setting_info, _save_btn)', () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant();
  });

  it('starts from the defaults, saves over the version read with an audit record, and keeps what is not sent', async () => {
    const first = await settingsOf(t.token);
    expect(first).toEqual({
      row_version: 0,
      settings: {
        trash_retention_days: 30, file_sharing: 1, url_issuing: 1, link_issuer_level: 3, link_default_days: 7, link_max_days: 30,
        link_default_downloads: 0, link_max_downloads: 0, link_password_required: 0, fiscal_year_end_month: 3, retention_years: 7,
        scanner_processing_rule: 0, own_company_name: '', own_invoice_number: '', invoice_registry_check: 0,
      },
    });
    const saved = await call('com/common_setting_save_btn', { row_version: 0, trash_retention_days: 14, url_issuing: 0 }, t.token);
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
    expect(saved.body.data).toMatchObject({ row_version: 1, settings: { trash_retention_days: 14, url_issuing: 0, file_sharing: 1, retention_years: 7 } });
    expect(await settingsOf(t.token)).toEqual(saved.body.data);
    const [audit] = await auditOfTarget(t.kykId, 'settings', 'common');
    expect(audit).toMatchObject({ action: 'settings.common', user_id: 'admin', before: { trash_retention_days: 30, row_version: 0 }, after: { trash_retention_days: 14, url_issuing: 0, row_version: 1 } });

    const stale = await call('com/common_setting_save_btn', { row_version: 0, trash_retention_days: 60 }, t.token);
    expect(stale.body.code).toBe(-201);
    expect((await settingsOf(t.token)).settings.trash_retention_days).toBe(14);
  });

  it('refuses values out of range and a link default above its maximum (-4 on the field), and saves nothing', async () => {
    const { row_version } = await settingsOf(t.token);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ trash_retention_days: 0 }, 'trash_retention_days', 'The value is not valid.'],
      [{ fiscal_year_end_month: 13 }, 'fiscal_year_end_month', 'The value is not valid.'],
      [{ file_sharing: 2 }, 'file_sharing', 'The value is not valid.'],
      [{ link_default_days: 40, link_max_days: 30, link_default_downloads: 0, link_max_downloads: 0 }, 'link_default_days', 'The default must not be more than the maximum.'],
      // Only the maximum sent: checked against the saved default (7 days).
      [{ link_max_days: 5 }, 'link_default_days', 'The default must not be more than the maximum.'],
      // A download maximum rules out "no limit" as the default.
      [{ link_max_downloads: 10 }, 'link_default_downloads', 'The default must not be more than the maximum.'],
    ];
    for (const [body, field, message] of cases) {
      const result = await call('com/common_setting_save_btn', { row_version, ...body } as never, t.token);
      expect(result.body.code, JSON.stringify(body)).toBe(-4);
      expect(result.body.info?.fields, JSON.stringify(body)).toEqual({ [field]: message });
    }
    expect((await settingsOf(t.token)).row_version).toBe(row_version);
  });

  it('is for administrators only, and one contract never reads or changes another\'s', async () => {
    const user = await aUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 3 });
    expect((await call('com/common_setting_info', {}, user.token)).body.code).toBe(-101);
    expect((await call('com/common_setting_save_btn', { row_version: 1, trash_retention_days: 1 }, user.token)).body.code).toBe(-101);
    const other = await newTenant();
    expect((await settingsOf(other.token)).row_version).toBe(0);
    expect((await call('com/common_setting_save_btn', { row_version: 0, trash_retention_days: 2 }, other.token)).body.code).toBe(0);
    expect((await settingsOf(t.token)).settings.trash_retention_days).toBe(14);
  });
});

describe('trash retention (the scheduled job)', () => {
  it('deletes for good what stayed longer than the setting, oldest first, and reads the setting at each run', async () => {
    const t = await newTenant();
    const folder = await aFolder(t);
    const file = await uploadFile(t.token, 'root', `old-${randomUUID()}.txt`, new TextEncoder().encode('old'));
    await trash(t.token, folder);
    await trash(t.token, file);

    // 29 days on, nothing is due under the default 30 days.
    expect(await expireTrash(t.kykId, { now: Date.now() + 29 * DAY, deadline: Date.now() + 10_000, log: logger })).toEqual({ deleted: 0, finished: true });
    expect(await getItem(t.kykId, file.id)).toBeDefined();
    // With 60 days set, 31 days on is still too early; 61 days on both go.
    expect((await call('com/common_setting_save_btn', { row_version: 0, trash_retention_days: 60 }, t.token)).body.code).toBe(0);
    expect((await expireTrash(t.kykId, { now: Date.now() + 31 * DAY, deadline: Date.now() + 10_000, log: logger })).deleted).toBe(0);
    expect(await expireTrash(t.kykId, { now: Date.now() + 61 * DAY, deadline: Date.now() + 10_000, log: logger })).toEqual({ deleted: 2, finished: true });
    expect(await getItem(t.kykId, file.id)).toBeUndefined();
    expect(await getItem(t.kykId, folder.id)).toBeUndefined();
  });

  it('visits every contract with a trash and drops a contract once its trash is empty', async () => {
    const t = await newTenant();
    expect((await call('com/common_setting_save_btn', { row_version: 0, trash_retention_days: 1 }, t.token)).body.code).toBe(0);
    const folder = await aFolder(t);
    await trash(t.token, folder);
    const marked = async () => (await Promise.all(trashShards().map((shard) => trashContracts(shard)))).flat().includes(t.kykId);
    expect(await marked()).toBe(true);
    // Two days on: due here (1 day); other contracts keep the default 30 days, so nothing of theirs is due.
    const result = await applyTrashRetention({ deadline: Date.now() + 20_000, log: logger, now: Date.now() + 2 * DAY, ignoreInterval: true });
    expect(result!.deleted).toBeGreaterThanOrEqual(1);
    expect(await getItem(t.kykId, folder.id)).toBeUndefined();
    expect(await marked()).toBe(false);
  });
});
