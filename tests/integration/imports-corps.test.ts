import iconv from 'iconv-lite';
import type { S3Event } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { importPurgeKey, importSourceKey } from '#domain/imports/files.ts';
import { deleteJob, getJob } from '#data/import-jobs.ts';
import { s3 } from '#lib/clients.ts';
import { config } from '#lib/config.ts';
import { handler as importJobs } from '#functions/import-jobs/handler.ts';
import { aCorp } from './support/factories.ts';
import { call } from './support/api.ts';
import { allRows, BOM, csv, sjis, utf8, waitForJob, withBom } from './support/imports.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';
import { HEADER, HEADER_JA, REQUIRED, CODE_WIDTH, PHONE, startCorpUpload, importCorps, corpsOf, corpByCode, download, japaneseAdmin, auditByAction } from './support/imports-suite.ts';

describe('imports: template and export', () => {
  let tenant: TestTenant;
  let jaToken: string;
  beforeAll(async () => {
    tenant = await newTenant();
    jaToken = await japaneseAdmin(tenant);
    await aCorp(tenant, { corp_cd: 'E-002', corp_nm: '株式会社サンプル', address: '東京都千代田区1-1', tel: '03-1234-5678', note: 'line 1\nline "2", with comma' });
    await aCorp(tenant, { corp_cd: 'E-001', corp_nm: 'Alpha', note: '=SUM(A1:A2)' });
    await aCorp(tenant, { corp_cd: 'F-001', corp_nm: 'Other' });
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
    const jaToken = await japaneseAdmin(tenant);
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
    const before = await aCorp(tenant, { corp_cd: 'X-001', corp_nm: 'Before', address: 'Old', tel: '', note: '' });
    const same = await aCorp(tenant, { corp_cd: 'X-002', corp_nm: 'Same', address: 'Here', tel: '', note: '' });
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
    await aCorp(tenant, { corp_cd: 'R-001', corp_nm: ' 株式会社 往復 '.trim(), address: ' spaced address ', tel: '03-1234-5678', note: 'multi\nline, "quoted"' });
    await aCorp(tenant, { corp_cd: 'R-002', corp_nm: '-minus first', note: '@mention +plus' });
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
    await importJobs(event);
    const rows = await allRows(tenant.token, requestId);
    expect(rows).toEqual([{ row_no: 2, result: 'ok', key: 'W-001', action: 'created', messages: [] }]);
  });

  it("purges a deleted job's files when the bucket's EventBridge event brings its marker, as in AWS", async () => {
    const requestId = await startCorpUpload(tenant.token, utf8(csv(HEADER, 'P-001,Purged,,,')));
    await waitForJob(tenant.token, requestId);
    // The record goes as the delete call removes it, but no marker object is written: only the event below can purge.
    await deleteJob((await getJob(tenant.kykId, requestId))!, []);
    const source = () => s3().send(new HeadObjectCommand({ Bucket: config.bucketName, Key: importSourceKey(tenant.kykId, requestId) }));
    await expect(source()).resolves.toBeDefined();
    await importJobs({ source: 'aws.s3', 'detail-type': 'Object Created', detail: { object: { key: importPurgeKey(tenant.kykId, requestId) } } });
    await expect(source()).rejects.toThrow();
  });
});
