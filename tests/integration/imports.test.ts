import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import iconv from 'iconv-lite';
import type { S3Event } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '#lib/clients.ts';
import type { RouteRequest } from '#shared/routes.ts';
import type { Corp } from '#shared/schemas/legal.ts';
import { jobKey } from '#data/import-jobs.ts';
import { importSourceKey } from '#domain/imports/files.ts';
import { handler as storageEvents } from '#functions/storage-events/handler.ts';
import { call, post } from './support/api.ts';
import { allRows, BOM, csv, importFile, sjis, startUpload, utf8, waitForJob, withBom } from './support/imports.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';
import { createUser } from './support/users.ts';

/**
 * CSV import and export of legal entities, and the import history (issue 3 item 5). The files go
 * to s3rver with the presigned URLs the calls answer, as the browser sends them; the upload's
 * ObjectCreated event runs the job in the storage-events handler (in-process), and the tests poll
 * the history until the job is no longer running.
 */

const HEADER = 'corp_cd,corp_nm,address,tel,note';
const HEADER_JA = '法人コード,法人名,住所,電話番号,備考';
const REQUIRED = 'This field is required';
const CODE_WIDTH = 'Please enter the corporate code in 15 half-width or 7 full-width characters or fewer.';
const PHONE = 'Please enter a phone number such as 03-1234-5678.';
const NOT_FOUND = 'The data does not exist. It may have been deleted by another user.';
const mainTable = () => process.env.TABLE_NAME!;
const auditTable = () => process.env.AUDIT_TABLE_NAME!;


const detail = (token: string, body: RouteRequest<'com/import_history_detail'>) => call('com/import_history_detail', body, token);

/** The corp import flow of the shared helpers. */
const startCorpUpload = (token: string, bytes: Uint8Array, fileName = 'corps.csv') => startUpload('com/corp_import', token, bytes, fileName);
const importCorps = (token: string, bytes: Uint8Array, fileName?: string) => importFile('com/corp_import', token, bytes, { fileName });

async function corpsOf(token: string): Promise<Corp[]> {
  const result = await call('com/corp_info_list', { page_size: 1000 }, token);
  expect(result.body.code).toBe(0);
  return result.body.data!.return_list;
}
const corpByCode = async (token: string, code: string) => (await corpsOf(token)).find((corp) => corp.corp_cd === code);

async function register(token: string, body: RouteRequest<'com/corp_info_reg_btn'>): Promise<Corp> {
  const result = await call('com/corp_info_reg_btn', body, token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!.corp;
}

/** Fetches a presigned download and answers its bytes and the file name of Content-Disposition. */
async function download(file: { url: string; file_name: string }) {
  const response = await fetch(file.url);
  expect(response.status).toBe(200);
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  return {
    bytes: new Uint8Array(await response.arrayBuffer()),
    fileName: encoded ? decodeURIComponent(encoded) : undefined,
    contentType: response.headers.get('content-type'),
  };
}

async function japaneseAdmin(kykId: string): Promise<string> {
  const user = await createUser(kykId, { admin: true, userName: '日本 花子' });
  const token = await user.signIn();
  expect((await call('com/chang_language', { language: 'ja' }, token)).body.code).toBe(0);
  return token;
}

const auditByAction = async (kykId: string, userId: string, action: string) => {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new QueryCommand({
      TableName: auditTable(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': `T#${kykId}#AUDIT#USER#${userId}` }, ExclusiveStartKey: start,
    }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items.filter((item) => item.action === action);
};

describe('imports: template and export', () => {
  let tenant: TestTenant;
  let jaToken: string;
  beforeAll(async () => {
    tenant = await newTenant();
    jaToken = await japaneseAdmin(tenant.kykId);
    await register(tenant.token, { corp_cd: 'E-002', corp_nm: '株式会社サンプル', address: '東京都千代田区1-1', tel: '03-1234-5678', note: 'line 1\nline "2", with comma' });
    await register(tenant.token, { corp_cd: 'E-001', corp_nm: 'Alpha', note: '=SUM(A1:A2)' });
    await register(tenant.token, { corp_cd: 'F-001', corp_nm: 'Other' });
  });

  it('downloads the template: the header only, UTF-8 with BOM, named in Content-Disposition', async () => {
    const result = await call('com/corp_import_template_download', {}, tenant.token);
    expect(result.body.code).toBe(0);
    expect(result.body.data!.file_name).toBe('corp_import_template.csv');
    const file = await download(result.body.data!);
    expect([...file.bytes.subarray(0, 3)]).toEqual(BOM);
    expect(new TextDecoder().decode(file.bytes.subarray(3))).toBe(`${HEADER}\r\n`);
    expect(file.fileName).toBe('corp_import_template.csv');
    expect(file.contentType).toBe('text/csv; charset=UTF-8');
  });

  it('downloads the Japanese template in Shift_JIS with its Japanese file name', async () => {
    const result = await call('com/corp_import_template_download', { encoding: 'shift_jis' }, jaToken);
    const file = await download(result.body.data!);
    expect(file.fileName).toBe('法人インポートテンプレート.csv');
    expect(file.bytes[0]).not.toBe(0xef);
    expect(iconv.decode(Buffer.from(file.bytes), 'cp932')).toBe(`${HEADER_JA}\r\n`);
    expect(file.contentType).toBe('text/csv; charset=Shift_JIS');
  });

  it('exports every corp in code order in UTF-8 with BOM, quoting and formula-escaping as Excel needs', async () => {
    const result = await call('com/corp_export', {}, tenant.token);
    expect(result.body.code).toBe(0);
    expect(result.body.data!.file_name).toMatch(/^corps_\d{14}\.csv$/);
    const file = await download(result.body.data!);
    expect(file.fileName).toBe(result.body.data!.file_name);
    expect([...file.bytes.subarray(0, 3)]).toEqual(BOM);
    expect(new TextDecoder().decode(file.bytes.subarray(3))).toBe(csv(
      HEADER,
      "E-001,Alpha,,,'=SUM(A1:A2)",
      'E-002,株式会社サンプル,東京都千代田区1-1,03-1234-5678,"line 1\nline ""2"", with comma"',
      'F-001,Other,,,',
    ));
  });

  it('exports in Shift_JIS with Japanese headers, and only the codes starting with search_key', async () => {
    const result = await call('com/corp_export', { encoding: 'shift_jis', search_key: 'E-' }, jaToken);
    expect(result.body.data!.file_name).toMatch(/^法人一覧_\d{14}\.csv$/);
    const file = await download(result.body.data!);
    expect(file.fileName).toBe(result.body.data!.file_name);
    const text = iconv.decode(Buffer.from(file.bytes), 'cp932');
    expect(text.split('\r\n')[0]).toBe(HEADER_JA);
    expect(text).toContain('E-002,株式会社サンプル,東京都千代田区1-1,03-1234-5678,');
    expect(text).not.toContain('F-001');
    // Not UTF-8: the Japanese name is in Shift_JIS bytes.
    expect(Buffer.from(file.bytes).includes(iconv.encode('株式会社サンプル', 'cp932'))).toBe(true);
    expect(Buffer.from(file.bytes).includes(Buffer.from('株式会社サンプル', 'utf8'))).toBe(false);
  });

  it('records an export in the audit log', async () => {
    await call('com/corp_export', {}, tenant.token);
    const records = await auditByAction(tenant.kykId, 'admin', 'corp.export');
    expect(records.length).toBeGreaterThanOrEqual(1);
    expect(records[0]).toMatchObject({ target_type: 'export', after: { encoding: 'utf-8', search_key: null } });
  });
});

describe('imports: legal entities', () => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await newTenant();
  });

  it('imports a UTF-8 file without BOM: creates the corps, normal end, counts, audit per row', async () => {
    const { requestId, job, rows } = await importCorps(tenant.token, utf8(csv(
      HEADER,
      'U-001,Utf Corp,Osaka,06-1111-2222,first',
      'U-002,株式会社ユーティーエフ,,,',
    )), 'utf8.csv');
    expect(job).toMatchObject({
      request_id: requestId, kind: 'corp', name: 'utf8.csv', status: 'normal', executor: '管理者 太郎',
      total_rows: 2, ok_rows: 2, warning_rows: 0, error_rows: 0,
    });
    expect(job.end_datetime! >= job.start_datetime).toBe(true);
    expect(rows).toEqual([
      { row_no: 2, result: 'ok', key: 'U-001', action: 'created', messages: [] },
      { row_no: 3, result: 'ok', key: 'U-002', action: 'created', messages: [] },
    ]);
    const corp = await corpByCode(tenant.token, 'U-001');
    expect(corp).toMatchObject({ corp_nm: 'Utf Corp', address: 'Osaka', tel: '06-1111-2222', note: 'first', row_version: 1, regist_user_nm: '管理者 太郎' });
    expect((await corpByCode(tenant.token, 'U-002'))?.corp_nm).toBe('株式会社ユーティーエフ');

    const created = await auditByAction(tenant.kykId, 'admin', 'corp.create');
    expect(created.find((record) => record.target_id === corp!.corp_id)).toMatchObject({ request_id: requestId, before: null, after: { corp_cd: 'U-001' } });
    expect((await auditByAction(tenant.kykId, 'admin', 'import.start')).some((record) => record.target_id === requestId)).toBe(true);
    expect((await auditByAction(tenant.kykId, 'admin', 'import.finish')).find((record) => record.target_id === requestId))
      .toMatchObject({ after: { status: 'normal', ok_rows: 2 } });
  });

  it('imports a UTF-8 file with BOM (Excel "CSV UTF-8")', async () => {
    const { job, rows } = await importCorps(tenant.token, withBom(csv(HEADER, 'B-001,ボム株式会社,,,')));
    expect(job.status).toBe('normal');
    expect(rows).toEqual([{ row_no: 2, result: 'ok', key: 'B-001', action: 'created', messages: [] }]);
    expect((await corpByCode(tenant.token, 'B-001'))?.corp_nm).toBe('ボム株式会社');
  });

  it('imports a Shift_JIS file with the Japanese header, as Japanese Excel writes it (CP932 characters included)', async () => {
    const { job, rows } = await importCorps(tenant.token, sjis(csv(HEADER_JA, 'S-001,株式会社エスジス①,東京都港区～1,03-0000-0000,備考Ⅱ')), '法人.csv');
    expect(job).toMatchObject({ status: 'normal', name: '法人.csv' });
    expect(rows).toEqual([{ row_no: 2, result: 'ok', key: 'S-001', action: 'created', messages: [] }]);
    expect(await corpByCode(tenant.token, 'S-001')).toMatchObject({ corp_nm: '株式会社エスジス①', address: '東京都港区～1', note: '備考Ⅱ' });
  });

  it('accepts the columns in any order, English and Japanese names mixed, and skips blank rows', async () => {
    const { job, rows } = await importCorps(tenant.token, utf8(csv('備考, CORP_NM ,corp_cd,電話番号,address', 'n,Mixed,M-001,,', '', ',,,,', 'n2,Mixed 2,M-002,,')));
    expect(job).toMatchObject({ status: 'normal', total_rows: 2 });
    expect(rows.map((row) => [row.row_no, row.key])).toEqual([[2, 'M-001'], [5, 'M-002']]);
    expect(await corpByCode(tenant.token, 'M-001')).toMatchObject({ corp_nm: 'Mixed', note: 'n' });
  });

  it('reports each bad row with its exact message while the good rows go in (status warning)', async () => {
    const { job, rows } = await importCorps(tenant.token, utf8(csv(
      HEADER,
      'V-001,Good one,,,',
      ',No code,,,',
      'V-003,,,,',
      'AAAAAAAAAAAAAAAA,Too wide,,0312345678,',
      `V-005,${'n'.repeat(101)},,,`,
      'V-006,Comma, not quoted,,,',
      'V-007,Short row',
      '  V-008  , Trimmed name ,,,',
      'V-009,Good two,,03-1234-5678,',
    )));
    expect(job).toMatchObject({ status: 'warning', total_rows: 9, ok_rows: 2, warning_rows: 1, error_rows: 6 });
    expect(rows).toEqual([
      { row_no: 2, result: 'ok', key: 'V-001', action: 'created', messages: [] },
      { row_no: 3, result: 'error', key: '', action: null, messages: [`corp_cd: ${REQUIRED}`] },
      { row_no: 4, result: 'error', key: 'V-003', action: null, messages: [`corp_nm: ${REQUIRED}`] },
      { row_no: 5, result: 'error', key: 'AAAAAAAAAAAAAAAA', action: null, messages: [`corp_cd: ${CODE_WIDTH}`, `tel: ${PHONE}`] },
      { row_no: 6, result: 'error', key: 'V-005', action: null, messages: ['corp_nm: Please enter no more than 100 characters.'] },
      { row_no: 7, result: 'error', key: 'V-006', action: null, messages: ['This row has 6 columns; the header row has 5.'] },
      { row_no: 8, result: 'error', key: 'V-007', action: null, messages: ['This row has 2 columns; the header row has 5.'] },
      {
        row_no: 9, result: 'warning', key: 'V-008', action: 'created',
        messages: ['corp_cd: leading and trailing spaces were removed.', 'corp_nm: leading and trailing spaces were removed.'],
      },
      { row_no: 10, result: 'ok', key: 'V-009', action: 'created', messages: [] },
    ]);
    const codes = (await corpsOf(tenant.token)).map((corp) => corp.corp_cd);
    expect(codes).toEqual(expect.arrayContaining(['V-001', 'V-008', 'V-009']));
    expect(codes).not.toEqual(expect.arrayContaining(['V-003']));
    expect(codes.filter((code) => code.startsWith('V-'))).toHaveLength(3);
    expect((await corpByCode(tenant.token, 'V-008'))?.corp_nm).toBe('Trimmed name');
  });

  it('writes the messages in the executor\'s language, naming the columns as the file does', async () => {
    const jaToken = await japaneseAdmin(tenant.kykId);
    const { job, rows } = await importCorps(jaToken, utf8(csv(HEADER_JA, 'J-001,,,,', 'J-001,重複,,,')));
    expect(job).toMatchObject({ status: 'abnormal', executor: '日本 花子' });
    expect(rows.map((row) => row.messages)).toEqual([['法人名：この項目は必須です'], ['同じコードがこのファイルの2行目にあります。']]);
  });

  it('refuses a code seen earlier in the same file: the later row is an error, the first goes in', async () => {
    const { job, rows } = await importCorps(tenant.token, utf8(csv(HEADER, 'D-001,First,,,', 'D-002,Other,,,', ' D-001 ,Second,,,')));
    expect(job).toMatchObject({ status: 'warning', ok_rows: 2, error_rows: 1 });
    expect(rows[2]).toEqual({ row_no: 4, result: 'error', key: 'D-001', action: null, messages: ['The same code already appears in row 2 of this file.'] });
    expect((await corpByCode(tenant.token, 'D-001'))?.corp_nm).toBe('First');
  });

  it('updates the corp of an existing code (optimistic, version + 1, audited) and leaves identical rows unchanged', async () => {
    const before = await register(tenant.token, { corp_cd: 'X-001', corp_nm: 'Before', address: 'Old', tel: '', note: '' });
    const same = await register(tenant.token, { corp_cd: 'X-002', corp_nm: 'Same', address: 'Here', tel: '', note: '' });
    const { requestId, job, rows } = await importCorps(tenant.token, utf8(csv(HEADER, 'X-001,After,New,011-222-3333,changed', 'X-002,Same,Here,,')));
    expect(job).toMatchObject({ status: 'normal', ok_rows: 2 });
    expect(rows.map((row) => row.action)).toEqual(['updated', 'unchanged']);
    const after = await corpByCode(tenant.token, 'X-001');
    expect(after).toMatchObject({ corp_id: before.corp_id, corp_nm: 'After', address: 'New', tel: '011-222-3333', note: 'changed', row_version: 2, regist_date: before.regist_date });
    expect(await corpByCode(tenant.token, 'X-002')).toEqual(same);
    const updates = await auditByAction(tenant.kykId, 'admin', 'corp.update');
    expect(updates.find((record) => record.target_id === before.corp_id)).toMatchObject({
      request_id: requestId, before: { corp_nm: 'Before', row_version: 1 }, after: { corp_nm: 'After', row_version: 2 },
    });
  });

  it('imports its own export back without changing anything, in UTF-8 and in Shift_JIS', async () => {
    await register(tenant.token, { corp_cd: 'R-001', corp_nm: ' 株式会社 往復 '.trim(), address: ' spaced address ', tel: '03-1234-5678', note: 'multi\nline, "quoted"' });
    await register(tenant.token, { corp_cd: 'R-002', corp_nm: '-minus first', note: '@mention +plus' });
    const before = await corpsOf(tenant.token);
    for (const encoding of ['utf-8', 'shift_jis'] as const) {
      const exported = await call('com/corp_export', { encoding }, tenant.token);
      const file = await download(exported.body.data!);
      const { job, rows } = await importCorps(tenant.token, file.bytes, exported.body.data!.file_name);
      expect(job).toMatchObject({ status: 'normal', total_rows: before.length, ok_rows: before.length });
      expect(rows.every((row) => row.action === 'unchanged' && row.result === 'ok'), JSON.stringify(rows.filter((row) => row.action !== 'unchanged'))).toBe(true);
      expect(await corpsOf(tenant.token)).toEqual(before);
    }
  });

  it('ends abnormal with a message when the header is wrong, and writes no corp', async () => {
    const count = (await corpsOf(tenant.token)).length;
    const { job, rows } = await importCorps(tenant.token, utf8(csv('code,corp_nm,address,tel,tel', 'H-001,Header,,,')));
    expect(job).toMatchObject({ status: 'abnormal', total_rows: 0, ok_rows: 0, error_rows: 0 });
    expect(rows).toEqual([{
      row_no: 1, result: 'error', key: '', action: null,
      messages: [
        'The header row has a column that the template does not have: "code".',
        'The column "tel" appears more than once in the header row.',
        'The header row lacks the column "corp_cd".',
        'The header row lacks the column "note".',
      ],
    }]);
    expect((await corpsOf(tenant.token)).length).toBe(count);
  });

  it('ends abnormal for a file that is not CSV text, broken CSV, an empty file and a header without rows', async () => {
    const cases: [Uint8Array, string][] = [
      [new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0xff, 0xfe, 0x00]), 'The file could not be read. Save it as CSV in UTF-8 or Shift_JIS and try again.'],
      [utf8(csv(HEADER, 'Q-001,"unclosed,,,')), 'The file is not valid CSV near line 3 (for example, a quotation mark is not closed).'],
      [utf8('\r\n'), 'The file is empty: the header row is missing.'],
      [utf8(csv(HEADER, ',,,,')), 'The file has no data rows.'],
    ];
    for (const [bytes, message] of cases) {
      const { job, rows } = await importCorps(tenant.token, bytes);
      expect(job.status, message).toBe('abnormal');
      expect(rows).toEqual([{ row_no: 0, result: 'error', key: '', action: null, messages: [message] }]);
    }
  });

  it('ends abnormal when no row went in', async () => {
    const { job } = await importCorps(tenant.token, utf8(csv(HEADER, ',x,,,', 'Z-001,,,,')));
    expect(job).toMatchObject({ status: 'abnormal', total_rows: 2, ok_rows: 0, error_rows: 2 });
  });

  it('runs a job once although S3 delivers its event twice', async () => {
    const requestId = await startCorpUpload(tenant.token, utf8(csv(HEADER, 'W-001,Twice,,,')));
    await waitForJob(tenant.token, requestId);
    const event = { Records: [{ s3: { object: { key: importSourceKey(tenant.kykId, requestId), size: 1 } } }] } as unknown as S3Event;
    await storageEvents(event);
    const rows = await allRows(tenant.token, requestId);
    expect(rows).toEqual([{ row_no: 2, result: 'ok', key: 'W-001', action: 'created', messages: [] }]);
  });
});

describe('imports: starting, with its validation', () => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await newTenant();
  });

  it('answers a presigned PUT at once and records the job as running with executor, file name and start time', async () => {
    const result = await call('com/corp_import', { file_name: '取込.csv', size: 10 }, tenant.token);
    expect(result.body.code).toBe(0);
    const { request_id: requestId, upload } = result.body.data!;
    expect(upload).toMatchObject({ method: 'PUT', headers: { 'content-type': 'text/csv', 'if-none-match': '*' } });
    const history = (await detail(tenant.token, { request_id: requestId })).body.data!;
    expect(history.history).toMatchObject({ request_id: requestId, kind: 'corp', name: '取込.csv', status: 'running', executor: '管理者 太郎', end_datetime: null });
    expect(history.total_size).toBe(0);
  });

  it('refuses a name that is not .csv, a file over 20 MB, and missing fields with -4', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ file_name: 'corps.xlsx', size: 10 }, { file_name: 'Please choose a CSV file (.csv).' }],
      [{ file_name: 'corps.csv', size: 20 * 1024 * 1024 + 1 }, { size: 'The file is too large to import (20 MB at most).' }],
      [{ file_name: 'corps.csv', size: 0 }, { size: 'The value is not valid.' }],
      [{ size: 10 }, { file_name: REQUIRED }],
      [{ file_name: 'corps.csv' }, { size: REQUIRED }],
      [{ file_name: '   ', size: 10 }, { file_name: REQUIRED }],
    ];
    for (const [body, fields] of cases) {
      const result = await post('com/corp_import', body, tenant.token);
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.body.code).toBe(-4);
      expect(result.body.info?.fields, JSON.stringify(body)).toEqual(fields);
    }
  });

  it('a file of another length than declared is never imported (S3 refuses it by the signed length; s3rver does not check, the job does)', async () => {
    const started = await call('com/corp_import', { file_name: 'short.csv', size: 5 }, tenant.token);
    const { request_id: requestId, upload } = started.body.data!;
    const put = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: utf8(csv(HEADER, 'LEN-1,Longer,,,')) });
    if (put.status !== 200) return;
    const job = await waitForJob(tenant.token, requestId);
    expect(job.status).toBe('abnormal');
    expect(await corpByCode(tenant.token, 'LEN-1')).toBeUndefined();
  });
});

describe('imports: history', () => {
  let tenant: TestTenant;
  const ids: string[] = [];
  beforeAll(async () => {
    tenant = await newTenant();
    for (let i = 1; i <= 3; i++) {
      const requestId = await startCorpUpload(tenant.token, utf8(csv(HEADER, `H-${i}01,Name,,,`, ...Array.from({ length: 60 }, (_, row) => (row % 3 === 0 ? `,bad ${row},,,` : `H-${i}-${String(row).padStart(3, '0')},Row ${row},,,`)))), `history-${i}.csv`);
      await waitForJob(tenant.token, requestId);
      ids.push(requestId);
    }
  });

  it('lists the jobs newest first (sort_flg 2) or oldest first, paged, with the total', async () => {
    const newest = await call('com/import_history', { sort_flg: 2 }, tenant.token);
    expect(newest.body.data).toMatchObject({ sort_item: 'start_datetime', sort_flg: 2, page_size: 50, current_page: 1, total_size: 3 });
    expect(newest.body.data!.return_list.map((row) => row.request_id)).toEqual([...ids].reverse());
    expect(newest.body.data!.return_list[0]).toMatchObject({
      kind: 'corp', name: 'history-3.csv', status: 'warning', total_rows: 61, ok_rows: 41, warning_rows: 0, error_rows: 20, executor: '管理者 太郎',
    });
    const oldest = await call('com/import_history', {}, tenant.token);
    expect(oldest.body.data!.return_list.map((row) => row.request_id)).toEqual(ids);
    expect((await call('com/import_history', { kind: 'corp', sort_flg: 2 }, tenant.token)).body.data!.total_size).toBe(3);
    const users = await call('com/import_history', { kind: 'user' }, tenant.token);
    expect(users.body.data).toMatchObject({ total_size: 0, return_list: [] });
    const beyond = await call('com/import_history', { current_page: 2 }, tenant.token);
    expect(beyond.body.data).toMatchObject({ total_size: 3, return_list: [] });
    expect((await post('com/import_history', { page_size: 20 }, tenant.token)).body.code).toBe(-4);
  });

  it('pages the detail by row number in both directions, and only the problems', async () => {
    const requestId = ids[0]!;
    const rows = await allRows(tenant.token, requestId);
    expect(rows.map((row) => row.row_no)).toEqual(Array.from({ length: 61 }, (_, i) => i + 2));
    const page2 = await detail(tenant.token, { request_id: requestId, page_size: 50, current_page: 2 });
    expect(page2.body.data).toMatchObject({ sort_item: 'row_no', total_size: 61, current_page: 2 });
    expect(page2.body.data!.return_list.map((row) => row.row_no)).toEqual(Array.from({ length: 11 }, (_, i) => i + 52));
    const descending = await detail(tenant.token, { request_id: requestId, sort_flg: 2, page_size: 50 });
    expect(descending.body.data!.return_list.map((row) => row.row_no)).toEqual(Array.from({ length: 50 }, (_, i) => 62 - i));
    const descending2 = await detail(tenant.token, { request_id: requestId, sort_flg: 2, page_size: 50, current_page: 2 });
    expect(descending2.body.data!.return_list.map((row) => row.row_no)).toEqual(Array.from({ length: 11 }, (_, i) => 12 - i));

    const problems = await allRows(tenant.token, requestId, 1);
    expect(problems).toHaveLength(20);
    expect(problems.every((row) => row.result === 'error' && row.messages[0] === `corp_cd: ${REQUIRED}`)).toBe(true);
    expect(problems.map((row) => row.row_no)).toEqual(rows.filter((row) => row.result !== 'ok').map((row) => row.row_no));
    const problems2 = await detail(tenant.token, { request_id: requestId, only_problems: 1, sort_flg: 2, page_size: 50 });
    expect(problems2.body.data).toMatchObject({ total_size: 20 });
    expect(problems2.body.data!.return_list.map((row) => row.row_no)).toEqual(problems.map((row) => row.row_no).reverse());
    const beyond = await detail(tenant.token, { request_id: requestId, current_page: 3 });
    expect(beyond.body.data!.return_list).toEqual([]);
  });

  it('answers -3 for an unknown job and -4 for a malformed id', async () => {
    const missing = await detail(tenant.token, { request_id: '00000000-0000-4000-8000-000000000000' });
    expect(missing.body).toMatchObject({ code: -3, message: NOT_FOUND });
    expect((await post('com/import_history_detail', { request_id: 'x' }, tenant.token)).body.code).toBe(-4);
  });

  it('downloads the file a job read, byte for byte, under its name', async () => {
    const bytes = sjis(csv(HEADER_JA, 'DL-1,ダウンロード,,,'));
    const requestId = await startCorpUpload(tenant.token, bytes, 'ダウンロード.csv');
    await waitForJob(tenant.token, requestId);
    const result = await call('com/import_history_file_download', { request_id: requestId }, tenant.token);
    expect(result.body.code).toBe(0);
    expect(result.body.data!.file_name).toBe('ダウンロード.csv');
    const file = await download(result.body.data!);
    expect(file.bytes).toEqual(bytes);
    expect(file.fileName).toBe('ダウンロード.csv');
  });

  it('has no file to download before the upload', async () => {
    const started = await call('com/corp_import', { file_name: 'never.csv', size: 10 }, tenant.token);
    const result = await call('com/import_history_file_download', { request_id: started.body.data!.request_id }, tenant.token);
    expect(result.body).toMatchObject({ code: -3, message: 'The file to download does not exist.' });
  });

  it('refuses to delete a running job with -203 and deletes nothing of the list', async () => {
    const started = await call('com/corp_import', { file_name: 'waiting.csv', size: 10 }, tenant.token);
    const running = started.body.data!.request_id;
    const result = await call('com/import_history_list_delete', { delete_list: [ids[2]!, running] }, tenant.token);
    expect(result.body).toMatchObject({ code: -203, message: 'An import that is still running cannot be deleted.' });
    expect((await detail(tenant.token, { request_id: ids[2]! })).body.code).toBe(0);
    expect((await detail(tenant.token, { request_id: running })).body.data!.history.status).toBe('running');
  });

  it('settles a job whose upload never came as abnormal once it is stale; then it can be deleted', async () => {
    const started = await call('com/corp_import', { file_name: 'abandoned.csv', size: 10 }, tenant.token);
    const requestId = started.body.data!.request_id;
    await db().send(new UpdateCommand({
      TableName: mainTable(), Key: jobKey(tenant.kykId, requestId), UpdateExpression: 'SET stale_after = :past', ExpressionAttributeValues: { ':past': '2000-01-01T00:00:00.000Z' },
    }));
    const settled = await detail(tenant.token, { request_id: requestId });
    expect(settled.body.data!.history).toMatchObject({ status: 'abnormal' });
    expect(settled.body.data!.history.end_datetime).not.toBeNull();
    expect(settled.body.data!.return_list).toEqual([{
      row_no: 0, result: 'error', key: '', action: null,
      messages: ['The import did not finish (the file was not uploaded, or processing stopped). Please import the file again.'],
    }]);
    expect((await call('com/import_history_list_delete', { delete_list: [requestId] }, tenant.token)).body.code).toBe(0);
  });

  it('deletes finished jobs with their rows and file, counts them out and audits it', async () => {
    const requestId = ids[1]!;
    const before = (await call('com/import_history', {}, tenant.token)).body.data!.total_size;
    const result = await call('com/import_history_list_delete', { delete_list: [requestId] }, tenant.token);
    expect(result.body.code).toBe(0);
    expect((await detail(tenant.token, { request_id: requestId })).body.code).toBe(-3);
    expect((await call('com/import_history_file_download', { request_id: requestId }, tenant.token)).body.code).toBe(-3);
    const after = await call('com/import_history', {}, tenant.token);
    expect(after.body.data!.total_size).toBe(before - 1);
    expect(after.body.data!.return_list.map((row) => row.request_id)).not.toContain(requestId);
    const audit = await auditByAction(tenant.kykId, 'admin', 'import.delete');
    expect(audit.find((record) => record.target_id === requestId)).toMatchObject({ before: { request_id: requestId, name: 'history-2.csv' }, after: null });

    // The rows and the file go outside the request (the purge marker's event).
    const rowsLeft = async () => (await db().send(new QueryCommand({
      TableName: mainTable(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': jobKey(tenant.kykId, requestId).pk }, Select: 'COUNT',
    }))).Count;
    for (let attempt = 0; attempt < 100 && (await rowsLeft()) !== 0; attempt++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await rowsLeft()).toBe(0);
    const source = await fetch(`${process.env.S3_ENDPOINT}/${process.env.BUCKET_NAME}/${importSourceKey(tenant.kykId, requestId)}`);
    expect([403, 404]).toContain(source.status);
  });

  it('answers -3 when the list names an unknown job, deleting nothing', async () => {
    const result = await call('com/import_history_list_delete', { delete_list: [ids[0]!, '00000000-0000-4000-8000-000000000000'] }, tenant.token);
    expect(result.body.code).toBe(-3);
    expect((await detail(tenant.token, { request_id: ids[0]! })).body.code).toBe(0);
    expect((await post('com/import_history_list_delete', { delete_list: [] }, tenant.token)).body.code).toBe(-4);
  });
});

describe('imports: permissions and tenant isolation', () => {
  let a: TestTenant;
  let b: TestTenant;
  let bJob: string;
  beforeAll(async () => {
    [a, b] = await Promise.all([newTenant(), newTenant()]);
    await register(b.token, { corp_cd: 'SHARED', corp_nm: 'B original' });
    bJob = await startCorpUpload(b.token, utf8(csv(HEADER, 'B-ONLY,B corp,,,')));
    await waitForJob(b.token, bJob);
  });

  it('refuses every import and export call to a non-administrator with -101', async () => {
    const user = await createUser(a.kykId);
    const token = await user.signIn();
    const calls: [string, unknown][] = [
      ['com/corp_import_template_download', {}],
      ['com/corp_export', {}],
      ['com/corp_import', { file_name: 'x.csv', size: 10 }],
      ['com/import_history', {}],
      ['com/import_history_detail', { request_id: bJob }],
      ['com/import_history_file_download', { request_id: bJob }],
      ['com/import_history_list_delete', { delete_list: [bJob] }],
    ];
    for (const [path, body] of calls) {
      const result = await post(path, body, token);
      expect(result.status, path).toBe(403);
      expect(result.body.code, path).toBe(-101);
    }
    expect((await call('com/import_history', {}, a.token)).body.data!.total_size).toBe(0);
  });

  it("A can neither see, read, download nor delete B's jobs", async () => {
    expect((await call('com/import_history', {}, a.token)).body.data).toMatchObject({ total_size: 0, return_list: [] });
    expect((await detail(a.token, { request_id: bJob })).body.code).toBe(-3);
    expect((await call('com/import_history_file_download', { request_id: bJob }, a.token)).body.code).toBe(-3);
    expect((await call('com/import_history_list_delete', { delete_list: [bJob] }, a.token)).body.code).toBe(-3);
    expect((await detail(b.token, { request_id: bJob })).body.data!.history.status).toBe('normal');
  });

  it("an import by A creates A's corps only, and an export by A holds A's corps only", async () => {
    const { job } = await importCorps(a.token, utf8(csv(HEADER, 'SHARED,A version,,,', 'B-ONLY,A too,,,')));
    expect(job.status).toBe('normal');
    expect((await corpsOf(a.token)).map((corp) => [corp.corp_cd, corp.corp_nm])).toEqual([['B-ONLY', 'A too'], ['SHARED', 'A version']]);
    expect((await corpsOf(b.token)).map((corp) => [corp.corp_cd, corp.corp_nm, corp.row_version])).toEqual([['B-ONLY', 'B corp', 1], ['SHARED', 'B original', 1]]);
    const exported = await download((await call('com/corp_export', {}, a.token)).body.data!);
    expect(new TextDecoder().decode(exported.bytes)).not.toContain('B original');
  });
});
