import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db, s3 } from '#lib/clients.ts';
import { config } from '#lib/config.ts';
import { jobKey } from '#data/import-jobs.ts';
import { importSourceKey } from '#domain/imports/files.ts';
import { aCorp, aSignedOutUser } from './support/factories.ts';
import { call, post } from './support/api.ts';
import { allRows, csv, sjis, utf8, waitForJob } from './support/imports.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';
import { HEADER, HEADER_JA, REQUIRED, NOT_FOUND, mainTable, detail, startCorpUpload, importCorps, corpsOf, corpByCode, download, auditByAction } from './support/imports-suite.ts';

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

  it('a file of another length than declared is refused by S3 (the signed length) and, written by other means, by the job', async () => {
    const started = await call('com/corp_import', { file_name: 'short.csv', size: 5 }, tenant.token);
    const { request_id: requestId, upload } = started.body.data!;
    const body = utf8(csv(HEADER, 'LEN-1,Longer,,,'));
    const put = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body });
    expect(put.status).toBe(403);
    expect(await put.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    // Written with the bucket's own key instead (not through the URL): the job checks the length too.
    await s3().send(new PutObjectCommand({ Bucket: config.bucketName, Key: importSourceKey(tenant.kykId, requestId), Body: body }));
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
    const source = await s3().send(new GetObjectCommand({ Bucket: config.bucketName, Key: importSourceKey(tenant.kykId, requestId) })).then(() => 'found', (error: Error) => error.name);
    expect(source).toBe('NoSuchKey');
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
    await aCorp(b, { corp_cd: 'SHARED', corp_nm: 'B original' });
    bJob = await startCorpUpload(b.token, utf8(csv(HEADER, 'B-ONLY,B corp,,,')));
    await waitForJob(b.token, bJob);
  });

  it('refuses every import and export call to a non-administrator with -101', async () => {
    const user = await aSignedOutUser(a);
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
