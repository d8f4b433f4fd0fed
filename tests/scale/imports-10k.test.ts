import { describe, expect, it } from 'vitest';
import { call } from '../integration/support/api.ts';
import { csv, importFile, sjis, utf8 } from '../integration/support/imports.ts';
import { newTenant } from '../integration/support/tenants.ts';

/**
 * 10,000-row CSV files import without time-out and every row goes in. These write tens of
 * thousands of items, so they run on a stack of their own after the other integration tests
 * (`npm run test:scale`); their durations are printed here and measured by `npm run bench`.
 */
const ROWS = 10_000;

async function templateHeader(token: string): Promise<string[]> {
  const template = await call('com/user_import_template_download', { encoding: 'utf-8' }, token);
  const text = new TextDecoder().decode(await (await fetch(template.body.data!.url)).arrayBuffer()).replace(/^\uFEFF/, '');
  return text.split(/\r?\n/)[0]!.split(',');
}

describe('10,000-row imports', () => {
  it('imports 10,000 legal entities from a Shift_JIS file', async () => {
    const tenant = await newTenant();
    const lines = Array.from({ length: ROWS }, (_, i) => `L${String(i).padStart(5, '0')},株式会社 大量 ${i},東京都千代田区${i},03-1234-${String(i).padStart(4, '0')},`);
    const started = Date.now();
    const { job } = await importFile('com/corp_import', tenant.token, sjis(csv('法人コード,法人名,住所,電話番号,備考', ...lines)), { timeoutMs: 900_000 });
    console.log(`10,000 legal entities: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(job).toMatchObject({ status: 'normal', total_rows: ROWS, ok_rows: ROWS, warning_rows: 0, error_rows: 0 });
    const list = await call('com/corp_info_list', { page_size: 50 }, tenant.token);
    expect(list.body.data?.total_size).toBe(ROWS);
  }, 960_000);

  it('imports 10,000 users into one group and one legal entity with exact counts', async () => {
    const tenant = await newTenant();
    const group = (await call('com/user_group_reg_btn', { product: 'ata', user_group_nm: 'Bulk' }, tenant.token)).body.data!.group;
    const corp = (await call('com/corp_info_reg_btn', { corp_cd: 'BULK', corp_nm: 'Bulk Inc.' }, tenant.token)).body.data!.corp;
    const header = await templateHeader(tenant.token);
    const line = (values: Record<string, string>) => header.map((column) => values[column] ?? '').join(',');
    const lines = Array.from({ length: ROWS }, (_, i) => line({ user_id: `b${i}`, user_nm: `Bulk ${i}`, email: `b${i}@example.com`, corp_cd: 'BULK', group_ata: 'Bulk' }));
    const started = Date.now();
    // Each user is filed under 20-odd search grams too (functions/data/user-search.ts): 154 s alone on
    // this machine, 668 s beside the rest of npm test (the legal entities: 95 s and 425 s).
    const { job, rows } = await importFile('com/user_import', tenant.token, utf8(csv(header.join(','), ...lines)), { timeoutMs: 1_200_000 });
    console.log(`10,000 users: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(job).toMatchObject({ status: 'normal', total_rows: ROWS, ok_rows: ROWS });
    expect(rows.filter((row) => row.action === 'created')).toHaveLength(ROWS);
    expect((await call('com/user_group', { user_group_id: group.user_group_id }, tenant.token)).body.data?.group.user_count).toBe(ROWS);
    expect((await call('com/corp_info', { corp_id: corp.corp_id }, tenant.token)).body.data?.corp.user_count).toBe(ROWS);
    // Found by the list's search at once: the grams went in with the rows.
    const found = await call('com/user_info_list', { search_key: 'k 9999', page_size: 50 }, tenant.token);
    expect(found.body.data?.return_list.map((user) => user.user_id)).toEqual(['b9999']);
  }, 1_260_000);
});
