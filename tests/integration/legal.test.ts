import { randomUUID } from 'node:crypto';
import { BatchGetCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '#lib/clients.ts';
import type { RouteRequest } from '#shared/routes.ts';
import type { Corp } from '#shared/schemas/legal.ts';
import { codeClaimKey, corpCounterKey, corpKey, corpUserCountUpdate, dateIndexKey, nameKey } from '#data/corps.ts';
import { call, post } from './support/api.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';
import { createUser } from './support/users.ts';

const REQUIRED = 'This field is required';
const CODE_WIDTH = 'Please enter the corporate code in 15 half-width or 7 full-width characters or fewer.';
const CODE_DUPLICATE = 'The corporate code already exists.';
const PHONE = 'Please enter a phone number such as 03-1234-5678.';
const UNKNOWN_GROUP = 'This user group does not exist.';
const NOT_FOUND = 'The data does not exist. It may have been deleted by another user.';
const IN_USE = 'This legal entity is used by users and cannot be deleted.';
const tooLong = (max: number) => `Please enter no more than ${max} characters.`;
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

const mainTable = () => process.env.TABLE_NAME!;
const auditTable = () => process.env.AUDIT_TABLE_NAME!;

let sequence = 0;
const uniqueCode = (prefix = 'C') => `${prefix}${(++sequence).toString().padStart(4, '0')}`;

async function register(token: string, body: Partial<RouteRequest<'com/corp_info_reg_btn'>> = {}): Promise<Corp> {
  const result = await call('com/corp_info_reg_btn', { corp_cd: uniqueCode(), corp_nm: 'Example Corp', ...body }, token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!.corp;
}

const stored = async (kykId: string, corpId: string) =>
  (await db().send(new GetCommand({ TableName: mainTable(), Key: corpKey(kykId, corpId), ConsistentRead: true }))).Item;

const claim = async (kykId: string, code: string) =>
  (await db().send(new GetCommand({ TableName: mainTable(), Key: codeClaimKey(kykId, code), ConsistentRead: true }))).Item;

const counter = async (kykId: string) =>
  (await db().send(new GetCommand({ TableName: mainTable(), Key: corpCounterKey(kykId), ConsistentRead: true }))).Item?.corp_count as number | undefined;

async function queryAll(input: ConstructorParameters<typeof QueryCommand>[0]): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Audit records of one corp, oldest first. */
const auditOf = (kykId: string, corpId: string) =>
  queryAll({
    TableName: auditTable(),
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': `T#${kykId}#AUDIT#ITEM#corp#${corpId}` },
  });

/**
 * Everything the legal feature stores for a contract, and every audit record its administrator
 * caused: equal snapshots before and after a refused call prove that nothing was written.
 */
async function snapshot(kykId: string) {
  const [partition, byDate, corps, audits] = await Promise.all([
    queryAll({ TableName: mainTable(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `T#${kykId}#CORPS` }, ConsistentRead: true }),
    queryAll({ TableName: mainTable(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `T#${kykId}#CORPS#BYDATE` }, ConsistentRead: true }),
    queryAll({ TableName: mainTable(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': `T#${kykId}#CORPS` } }),
    queryAll({ TableName: auditTable(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': `T#${kykId}#AUDIT#USER#admin` } }),
  ]);
  const fullCorps = corps.length
    ? ((await db().send(new BatchGetCommand({ RequestItems: { [mainTable()]: { Keys: corps.map((corp) => ({ pk: corp.pk, sk: corp.sk })), ConsistentRead: true } } }))).Responses?.[mainTable()] ?? [])
    : [];
  const byPk = (a: Record<string, unknown>, b: Record<string, unknown>) => String(a.pk).localeCompare(String(b.pk));
  return { partition, byDate, corps: fullCorps.sort(byPk), audits: audits.length };
}

/** A group item as the groups feature stores it (arranged directly: that feature is not ours). */
async function putGroup(kykId: string, product: string, name: string): Promise<string> {
  const id = randomUUID();
  await db().send(new PutCommand({
    TableName: mainTable(),
    Item: { pk: `T#${kykId}#UGROUP#${id}`, sk: 'GROUP', type: 'user-group', kyk_id: kykId, user_group_id: id, product, user_group_nm: name },
  }));
  return id;
}

/** A user joining (+1) or leaving (-1) the corp, as the users feature will do it. */
const joinCorp = (kykId: string, corpId: string, delta: 1 | -1) =>
  db().send(new TransactWriteCommand({ TransactItems: [corpUserCountUpdate(kykId, corpId, delta)] }));

describe('legal entities: register and read', () => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await newTenant();
  });

  it('registers a legal entity, answers it and stores it with its claim, date index, counter and audit record', async () => {
    const result = await call('com/corp_info_reg_btn', {
      corp_cd: ' A-001 ', corp_nm: ' 株式会社サンプル ', address: '東京都千代田区1-1', tel: '03-1234-5678', note: 'head office',
    }, tenant.token);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ code: 0, msg_level: 'INFO' });
    const corp = result.body.data!.corp;
    expect(corp).toMatchObject({
      corp_cd: 'A-001', corp_nm: '株式会社サンプル', address: '東京都千代田区1-1', tel: '03-1234-5678', note: 'head office',
      limited_list: [], user_count: 0, row_version: 1, regist_user_nm: '管理者 太郎', update_user_nm: '管理者 太郎',
    });
    expect(corp.corp_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(corp.regist_date).toBe(corp.update_date);

    const item = await stored(tenant.kykId, corp.corp_id);
    expect(item).toMatchObject({ ...corp, kyk_id: tenant.kykId, name_key: nameKey('株式会社サンプル'), gsi1pk: `T#${tenant.kykId}#CORPS`, gsi1sk: 'CD#A-001' });
    expect(await claim(tenant.kykId, 'A-001')).toMatchObject({ corp_id: corp.corp_id });
    const dateItem = await db().send(new GetCommand({ TableName: mainTable(), Key: dateIndexKey(tenant.kykId, corp.regist_date, corp.corp_id), ConsistentRead: true }));
    expect(dateItem.Item).toMatchObject({ corp_id: corp.corp_id });
    expect(await counter(tenant.kykId)).toBeGreaterThanOrEqual(1);

    const audits = await auditOf(tenant.kykId, corp.corp_id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: 'corp.create', target_type: 'corp', target_id: corp.corp_id, user_id: 'admin', user_nm: '管理者 太郎', before: null, after: corp });
  });

  it('defaults address, phone and note to empty', async () => {
    const corp = await register(tenant.token, { corp_nm: 'Minimal' });
    expect(corp).toMatchObject({ address: '', tel: '', note: '' });
  });

  it('reads one legal entity; an unknown id answers -3 with the not-found text, a malformed id -4', async () => {
    const corp = await register(tenant.token, { corp_nm: 'Readable' });
    const read = await call('com/corp_info', { corp_id: corp.corp_id }, tenant.token);
    expect(read.body.code).toBe(0);
    expect(read.body.data!.corp).toEqual(corp);

    const missing = await call('com/corp_info', { corp_id: MISSING_ID }, tenant.token);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: -3, msg_level: 'ERROR', message: NOT_FOUND });
    const malformed = await call('com/corp_info', { corp_id: 'nope' }, tenant.token);
    expect(malformed.status).toBe(400);
    expect(malformed.body.info?.fields).toEqual({ corp_id: 'The value is not valid.' });
  });

  it('refuses every rule of SPEC.md §5 with its exact field message, and writes nothing', async () => {
    const before = await snapshot(tenant.kykId);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ corp_nm: 'No code' }, { corp_cd: REQUIRED }],
      [{ corp_cd: 'X1' }, { corp_nm: REQUIRED }],
      [{}, { corp_cd: REQUIRED, corp_nm: REQUIRED }],
      [{ corp_cd: '', corp_nm: '' }, { corp_cd: REQUIRED, corp_nm: REQUIRED }],
      [{ corp_cd: '   ', corp_nm: 'x' }, { corp_cd: REQUIRED }],
      [{ corp_cd: '\u3000\u3000', corp_nm: 'x' }, { corp_cd: REQUIRED }],
      [{ corp_cd: 'X2', corp_nm: '  \t ' }, { corp_nm: REQUIRED }],
      [{ corp_cd: 'X3', corp_nm: '\u3000' }, { corp_nm: REQUIRED }],
      [{ corp_cd: 'A'.repeat(16), corp_nm: 'x' }, { corp_cd: CODE_WIDTH }],
      [{ corp_cd: '法'.repeat(8), corp_nm: 'x' }, { corp_cd: CODE_WIDTH }],
      [{ corp_cd: `${'A'.repeat(14)}法`, corp_nm: 'x' }, { corp_cd: CODE_WIDTH }],
      [{ corp_cd: 'Ａ'.repeat(8), corp_nm: 'x' }, { corp_cd: CODE_WIDTH }],
      [{ corp_cd: 'X4', corp_nm: 'n'.repeat(101) }, { corp_nm: tooLong(100) }],
      [{ corp_cd: 'X5', corp_nm: 'x', address: 'a'.repeat(301) }, { address: tooLong(300) }],
      [{ corp_cd: 'X6', corp_nm: 'x', note: 'n'.repeat(301) }, { note: tooLong(300) }],
      [{ corp_cd: 'X7', corp_nm: 'x', tel: '0312345678' }, { tel: PHONE }],
      [{ corp_cd: 'X8', corp_nm: 'x', tel: '03-1234-567' }, { tel: PHONE }],
      [{ corp_cd: 'X9', corp_nm: 'x', tel: '3-1234-5678' }, { tel: PHONE }],
      [{ corp_cd: 'XA', corp_nm: 'x', tel: '03-12345-6789' }, { tel: PHONE }],
      [{ corp_cd: 'XB', corp_nm: 'x', tel: '03-1234-5678 ' }, { tel: PHONE }],
      [{ corp_cd: 'XC', corp_nm: 'x', tel: 'abc' }, { tel: PHONE }],
      [{ corp_cd: 'XD', corp_nm: 'x', tel: '0'.repeat(21) }, { tel: tooLong(20) }],
      [{ corp_cd: 'XE', corp_nm: 'x', corp_id: MISSING_ID }, { corp_id: 'This field is not accepted.' }],
      [{ corp_cd: 12, corp_nm: 'x' }, { corp_cd: REQUIRED }],
    ];
    for (const [body, fields] of cases) {
      const result = await post('com/corp_info_reg_btn', body, tenant.token);
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.body.code).toBe(-4);
      expect(result.body.info?.fields, JSON.stringify(body)).toEqual(fields);
    }
    expect(await snapshot(tenant.kykId)).toEqual(before);
  });

  it('answers the messages in the caller\'s language (Japanese)', async () => {
    const japanese = await createUser(tenant.kykId, { admin: true });
    const token = await japanese.signIn();
    expect((await call('com/chang_language', { language: 'ja' }, token)).body.code).toBe(0);
    const invalid = await post('com/corp_info_reg_btn', { corp_cd: '法'.repeat(8), corp_nm: '\u3000', tel: '0312345678' }, token);
    expect(invalid.body.info?.fields).toEqual({
      corp_cd: '法人コードは半角15文字または全角7文字以内で入力してください。',
      corp_nm: 'この項目は必須です',
      tel: '電話番号は 03-1234-5678 の形式で入力してください。',
    });
    await register(tenant.token, { corp_cd: 'JA-1' });
    const duplicate = await post('com/corp_info_reg_btn', { corp_cd: 'JA-1', corp_nm: '重複' }, token);
    expect(duplicate.body.info?.fields).toEqual({ corp_cd: '法人コードは既に存在します。' });
  });

  it('accepts the limits: 15 half-width or 7 full-width code characters, the longest texts, good and empty phones', async () => {
    const accepted: Partial<RouteRequest<'com/corp_info_reg_btn'>>[] = [
      { corp_cd: 'B'.repeat(15) },
      { corp_cd: '法'.repeat(7) },
      { corp_cd: 'Ｃ'.repeat(7) },
      { corp_cd: `${'D'.repeat(13)}法` },
      { corp_cd: 'ｱｲｳｴｵｶｷｸｹｺｻｼｽｾｿ' },
      { corp_nm: 'n'.repeat(100), address: 'a'.repeat(300), note: 'z'.repeat(300) },
      { tel: '03-1234-5678' },
      { tel: '0120-12-3456' },
      { tel: '090-1234-5678' },
      { tel: '' },
    ];
    for (const body of accepted) {
      const corp = await register(tenant.token, body);
      expect(await stored(tenant.kykId, corp.corp_id)).toMatchObject(body);
    }
  });

  it('refuses a duplicate corporate code with -4 on corp_cd and writes nothing', async () => {
    const first = await register(tenant.token, { corp_cd: 'DUP-1' });
    const before = await snapshot(tenant.kykId);
    const duplicate = await call('com/corp_info_reg_btn', { corp_cd: 'DUP-1', corp_nm: 'Another' }, tenant.token);
    expect(duplicate.status).toBe(400);
    expect(duplicate.body).toMatchObject({ code: -4, msg_level: 'ERROR' });
    expect(duplicate.body.info?.fields).toEqual({ corp_cd: CODE_DUPLICATE });
    const trimmed = await call('com/corp_info_reg_btn', { corp_cd: ' DUP-1\u3000', corp_nm: 'Another' }, tenant.token);
    expect(trimmed.body.info?.fields).toEqual({ corp_cd: CODE_DUPLICATE });
    expect(await snapshot(tenant.kykId)).toEqual(before);
    expect((await claim(tenant.kykId, 'DUP-1'))?.corp_id).toBe(first.corp_id);
  });

  it('lets exactly one of concurrent registrations of the same code win', async () => {
    const results = await Promise.all([1, 2, 3, 4].map((i) => call('com/corp_info_reg_btn', { corp_cd: 'RACE-1', corp_nm: `Racer ${i}` }, tenant.token)));
    expect(results.map((result) => result.body.code).sort()).toEqual([-4, -4, -4, 0]);
    const winner = results.find((result) => result.body.code === 0)!.body.data!.corp;
    expect((await claim(tenant.kykId, 'RACE-1'))?.corp_id).toBe(winner.corp_id);
  });
});

describe('legal entities: update and optimistic locking', () => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await newTenant();
  });

  const update = (corp: Corp, changes: Partial<RouteRequest<'com/corp_info_upd_btn'>> = {}) =>
    call('com/corp_info_upd_btn', {
      corp_id: corp.corp_id, row_version: corp.row_version, corp_cd: corp.corp_cd, corp_nm: corp.corp_nm, address: corp.address, tel: corp.tel, note: corp.note, ...changes,
    }, tenant.token);

  it('updates every field, moves the code claim, bumps the version and audits before and after', async () => {
    const corp = await register(tenant.token, { corp_cd: 'OLD-1', corp_nm: 'Old name', tel: '03-1111-2222' });
    const result = await update(corp, { corp_cd: 'NEW-1', corp_nm: ' New name ', address: 'Osaka', tel: '06-1234-5678', note: 'moved' });
    expect(result.body.code, JSON.stringify(result.body)).toBe(0);
    const updated = result.body.data!.corp;
    expect(updated).toMatchObject({ corp_id: corp.corp_id, corp_cd: 'NEW-1', corp_nm: 'New name', address: 'Osaka', tel: '06-1234-5678', note: 'moved', row_version: 2, regist_date: corp.regist_date, update_user_nm: '管理者 太郎' });
    expect(updated.update_date >= corp.update_date).toBe(true);

    expect(await stored(tenant.kykId, corp.corp_id)).toMatchObject({ ...updated, name_key: 'new name', gsi1sk: 'CD#NEW-1' });
    expect(await claim(tenant.kykId, 'OLD-1')).toBeUndefined();
    expect((await claim(tenant.kykId, 'NEW-1'))?.corp_id).toBe(corp.corp_id);
    // The old code is free again.
    await register(tenant.token, { corp_cd: 'OLD-1' });

    const audits = await auditOf(tenant.kykId, corp.corp_id);
    expect(audits.map((record) => record.action)).toEqual(['corp.create', 'corp.update']);
    expect(audits[1]).toMatchObject({ before: corp, after: updated });
  });

  it('updates without changing the code', async () => {
    const corp = await register(tenant.token);
    const result = await update(corp, { note: 'only the note' });
    expect(result.body.code).toBe(0);
    expect(result.body.data!.corp).toMatchObject({ corp_cd: corp.corp_cd, note: 'only the note', row_version: 2 });
    expect((await claim(tenant.kykId, corp.corp_cd))?.corp_id).toBe(corp.corp_id);
  });

  it("refuses another corp's code with -4 on corp_cd, and writes nothing", async () => {
    const taken = await register(tenant.token, { corp_cd: 'TAKEN-1' });
    const corp = await register(tenant.token, { corp_cd: 'MINE-1' });
    const before = await snapshot(tenant.kykId);
    const result = await update(corp, { corp_cd: 'TAKEN-1' });
    expect(result.body.code).toBe(-4);
    expect(result.body.info?.fields).toEqual({ corp_cd: CODE_DUPLICATE });
    expect(await snapshot(tenant.kykId)).toEqual(before);
    expect((await claim(tenant.kykId, 'TAKEN-1'))?.corp_id).toBe(taken.corp_id);
  });

  it('validates updates as registrations', async () => {
    const corp = await register(tenant.token);
    const before = await snapshot(tenant.kykId);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ corp_cd: '\u3000' }, { corp_cd: REQUIRED }],
      [{ corp_nm: ' ' }, { corp_nm: REQUIRED }],
      [{ corp_cd: '法'.repeat(8) }, { corp_cd: CODE_WIDTH }],
      [{ tel: '03-1234' }, { tel: PHONE }],
      [{ row_version: undefined }, { row_version: REQUIRED }],
    ];
    for (const [changes, fields] of cases) {
      const body = { corp_id: corp.corp_id, row_version: corp.row_version, corp_cd: corp.corp_cd, corp_nm: corp.corp_nm, ...changes };
      const result = await post('com/corp_info_upd_btn', body, tenant.token);
      expect(result.body.code).toBe(-4);
      expect(result.body.info?.fields, JSON.stringify(changes)).toEqual(fields);
    }
    expect(await snapshot(tenant.kykId)).toEqual(before);
  });

  it('answers -201 to a stale row version and -3 to a missing corp, writing nothing', async () => {
    const corp = await register(tenant.token);
    expect((await update(corp, { note: 'first' })).body.code).toBe(0);
    const before = await snapshot(tenant.kykId);
    const stale = await update(corp, { note: 'second' });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: -201, msg_level: 'ERROR', message: 'This item was edited by another user. Please reload and try again.' });
    const missing = await update({ ...corp, corp_id: MISSING_ID });
    expect(missing.body).toMatchObject({ code: -3, message: NOT_FOUND });
    expect(await snapshot(tenant.kykId)).toEqual(before);
    expect((await stored(tenant.kykId, corp.corp_id))?.note).toBe('first');
  });

  it('lets one of two concurrent edits of the same version win; the other answers -201', async () => {
    const corp = await register(tenant.token);
    const results = await Promise.all([
      update(corp, { corp_cd: uniqueCode('R'), note: 'a' }),
      update(corp, { corp_cd: uniqueCode('R'), note: 'b' }),
      update(corp, { note: 'c' }),
    ]);
    expect(results.map((result) => result.body.code).sort()).toEqual([-201, -201, 0]);
    const winner = results.find((result) => result.body.code === 0)!.body.data!.corp;
    const item = await stored(tenant.kykId, corp.corp_id);
    expect(item).toMatchObject({ row_version: 2, corp_cd: winner.corp_cd, note: winner.note });
    // Exactly one claim names the corp: the loser's claim was never written.
    const claims = await queryAll({ TableName: mainTable(), KeyConditionExpression: 'pk = :pk AND begins_with(sk, :code)', ExpressionAttributeValues: { ':pk': `T#${tenant.kykId}#CORPS`, ':code': 'CODE#' }, ConsistentRead: true });
    expect(claims.filter((entry) => entry.corp_id === corp.corp_id).map((entry) => entry.sk)).toEqual([`CODE#${winner.corp_cd}`]);
  });

  it("keeps a user count that changed concurrently: an update never overwrites it, nor does a join make the admin's version stale", async () => {
    const corp = await register(tenant.token);
    await joinCorp(tenant.kykId, corp.corp_id, 1);
    const result = await update(corp, { note: 'after a join' });
    expect(result.body.code).toBe(0);
    expect(await stored(tenant.kykId, corp.corp_id)).toMatchObject({ user_count: 1, row_version: 2, note: 'after a join' });
  });
});

describe('legal entities: delete', () => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await newTenant();
  });

  it('deletes a corp with its claim, date index item and count, and audits it', async () => {
    const corp = await register(tenant.token, { corp_cd: 'GONE-1' });
    const count = await counter(tenant.kykId);
    const result = await call('com/corp_info_del_btn', { corp_id: corp.corp_id, row_version: 1 }, tenant.token);
    expect(result.body, JSON.stringify(result.body)).toMatchObject({ code: 0, msg_level: 'INFO' });
    expect(await stored(tenant.kykId, corp.corp_id)).toBeUndefined();
    expect(await claim(tenant.kykId, 'GONE-1')).toBeUndefined();
    const dateItem = await db().send(new GetCommand({ TableName: mainTable(), Key: dateIndexKey(tenant.kykId, corp.regist_date, corp.corp_id), ConsistentRead: true }));
    expect(dateItem.Item).toBeUndefined();
    expect(await counter(tenant.kykId)).toBe(count! - 1);
    expect((await call('com/corp_info', { corp_id: corp.corp_id }, tenant.token)).body.code).toBe(-3);
    const audits = await auditOf(tenant.kykId, corp.corp_id);
    expect(audits.map((record) => record.action)).toEqual(['corp.create', 'corp.delete']);
    expect(audits[1]).toMatchObject({ before: corp, after: null });
    // The code can be used again.
    await register(tenant.token, { corp_cd: 'GONE-1' });
  });

  it('refuses a corp in use with -203 and its message, even with a current version, and writes nothing; deletes it once unused', async () => {
    const corp = await register(tenant.token);
    await joinCorp(tenant.kykId, corp.corp_id, 1);
    await joinCorp(tenant.kykId, corp.corp_id, 1);
    expect((await call('com/corp_info', { corp_id: corp.corp_id }, tenant.token)).body.data?.corp).toMatchObject({ user_count: 2, row_version: 1 });

    const before = await snapshot(tenant.kykId);
    const refused = await call('com/corp_info_del_btn', { corp_id: corp.corp_id, row_version: 1 }, tenant.token);
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ code: -203, msg_level: 'ERROR', message: IN_USE });
    expect(await snapshot(tenant.kykId)).toEqual(before);

    await joinCorp(tenant.kykId, corp.corp_id, -1);
    expect((await call('com/corp_info_del_btn', { corp_id: corp.corp_id, row_version: 1 }, tenant.token)).body.code).toBe(-203);
    await joinCorp(tenant.kykId, corp.corp_id, -1);
    expect((await call('com/corp_info_del_btn', { corp_id: corp.corp_id, row_version: 1 }, tenant.token)).body.code).toBe(0);
  });

  it('the user-count update refuses a corp that does not exist', async () => {
    await expect(joinCorp(tenant.kykId, MISSING_ID, 1)).rejects.toMatchObject({ name: 'TransactionCanceledException' });
    expect(await stored(tenant.kykId, MISSING_ID)).toBeUndefined();
  });

  it('a delete racing a join: never both a deleted corp and a counted user', async () => {
    for (let round = 0; round < 5; round++) {
      const corp = await register(tenant.token);
      const [deleted, joined] = await Promise.allSettled([
        call('com/corp_info_del_btn', { corp_id: corp.corp_id, row_version: 1 }, tenant.token),
        joinCorp(tenant.kykId, corp.corp_id, 1),
      ]);
      const item = await stored(tenant.kykId, corp.corp_id);
      const deleteWon = deleted.status === 'fulfilled' && deleted.value.body.code === 0;
      if (deleteWon) {
        expect(item).toBeUndefined();
        expect(joined.status).toBe('rejected');
      } else {
        expect(joined.status).toBe('fulfilled');
        expect(item).toMatchObject({ user_count: 1 });
      }
    }
  });

  it('answers -201 to a stale version and -3 to a missing corp, writing nothing', async () => {
    const corp = await register(tenant.token);
    const before = await snapshot(tenant.kykId);
    const stale = await call('com/corp_info_del_btn', { corp_id: corp.corp_id, row_version: 7 }, tenant.token);
    expect(stale.body).toMatchObject({ code: -201 });
    const missing = await call('com/corp_info_del_btn', { corp_id: MISSING_ID, row_version: 1 }, tenant.token);
    expect(missing.body).toMatchObject({ code: -3, message: NOT_FOUND });
    const invalid = await post('com/corp_info_del_btn', { corp_id: corp.corp_id }, tenant.token);
    expect(invalid.body.info?.fields).toEqual({ row_version: REQUIRED });
    expect(await snapshot(tenant.kykId)).toEqual(before);
  });
});

describe('legal entities: reference restrictions', () => {
  let tenant: TestTenant;
  let groups: { atk: string; atc: string; atd: string; ata: string; atk2: string };
  beforeAll(async () => {
    tenant = await newTenant();
    groups = {
      atk: await putGroup(tenant.kykId, 'atk', 'Knowledge readers'),
      atk2: await putGroup(tenant.kykId, 'atk', 'Knowledge writers'),
      atc: await putGroup(tenant.kykId, 'atc', 'Commerce team'),
      atd: await putGroup(tenant.kykId, 'atd', 'Dashboard viewers'),
      ata: await putGroup(tenant.kykId, 'ata', 'Account admins'),
    };
  });

  const save = (corp: { corp_id: string; row_version: number }, limitedList: { product: 'atk' | 'atc' | 'atd'; user_group_id: string }[]) =>
    call('com/corp_info_limited_save_btn', { corp_id: corp.corp_id, row_version: corp.row_version, limited_list: limitedList }, tenant.token);

  it('saves entries of knowledge, commerce and dashboard groups with their names, once each, and audits the change', async () => {
    const corp = await register(tenant.token);
    const result = await save(corp, [
      { product: 'atk', user_group_id: groups.atk },
      { product: 'atk', user_group_id: groups.atk2 },
      { product: 'atc', user_group_id: groups.atc },
      { product: 'atd', user_group_id: groups.atd },
      { product: 'atk', user_group_id: groups.atk },
    ]);
    expect(result.body.code, JSON.stringify(result.body)).toBe(0);
    const saved = result.body.data!.corp;
    const expected = [
      { product: 'atk', user_group_id: groups.atk, user_group_nm: 'Knowledge readers', sys_flg: 0 },
      { product: 'atk', user_group_id: groups.atk2, user_group_nm: 'Knowledge writers', sys_flg: 0 },
      { product: 'atc', user_group_id: groups.atc, user_group_nm: 'Commerce team', sys_flg: 0 },
      { product: 'atd', user_group_id: groups.atd, user_group_nm: 'Dashboard viewers', sys_flg: 0 },
    ];
    expect(saved).toMatchObject({ limited_list: expected, row_version: 2, update_user_nm: '管理者 太郎' });
    expect(await stored(tenant.kykId, corp.corp_id)).toMatchObject({ limited_list: expected, row_version: 2 });
    expect((await call('com/corp_info', { corp_id: corp.corp_id }, tenant.token)).body.data?.corp.limited_list).toEqual(expected);

    const audits = await auditOf(tenant.kykId, corp.corp_id);
    expect(audits.map((record) => record.action)).toEqual(['corp.create', 'corp.limited_save']);
    expect(audits[1]).toMatchObject({ before: corp, after: saved });

    const cleared = await save(saved, []);
    expect(cleared.body.data?.corp).toMatchObject({ limited_list: [], row_version: 3 });
  });

  it('keeps entries the system made (sys_flg 1) when users save', async () => {
    const corp = await register(tenant.token);
    const systemEntry = { product: 'atd', user_group_id: groups.atd, user_group_nm: 'Dashboard viewers', sys_flg: 1 };
    await db().send(new UpdateCommand({ TableName: mainTable(), Key: corpKey(tenant.kykId, corp.corp_id), UpdateExpression: 'SET limited_list = :list', ExpressionAttributeValues: { ':list': [systemEntry] } }));
    const result = await save(corp, [{ product: 'atd', user_group_id: groups.atd }, { product: 'atc', user_group_id: groups.atc }]);
    expect(result.body.data?.corp.limited_list).toEqual([systemEntry, { product: 'atc', user_group_id: groups.atc, user_group_nm: 'Commerce team', sys_flg: 0 }]);
    expect((await save(result.body.data!.corp, [])).body.data?.corp.limited_list).toEqual([systemEntry]);
  });

  it('refuses unknown groups and groups of another product with -4 on limited_list, and writes nothing', async () => {
    const corp = await register(tenant.token);
    const before = await snapshot(tenant.kykId);
    const cases: { product: 'atk' | 'atc' | 'atd'; user_group_id: string }[][] = [
      [{ product: 'atk', user_group_id: MISSING_ID }],
      [{ product: 'atc', user_group_id: groups.atk }],
      [{ product: 'atk', user_group_id: groups.atk }, { product: 'atd', user_group_id: groups.ata }],
    ];
    for (const limitedList of cases) {
      const result = await save(corp, limitedList);
      expect(result.status).toBe(400);
      expect(result.body.code).toBe(-4);
      expect(result.body.info?.fields).toEqual({ limited_list: UNKNOWN_GROUP });
    }
    const wrongProduct = await post('com/corp_info_limited_save_btn', { corp_id: corp.corp_id, row_version: 1, limited_list: [{ product: 'ata', user_group_id: groups.ata }] }, tenant.token);
    expect(wrongProduct.body.info?.fields).toEqual({ 'limited_list.0.product': 'The value is not valid.' });
    expect(await snapshot(tenant.kykId)).toEqual(before);
  });

  it('answers -201 to a stale version and -3 to a missing corp, writing nothing', async () => {
    const corp = await register(tenant.token);
    expect((await save(corp, [])).body.code).toBe(0);
    const before = await snapshot(tenant.kykId);
    expect((await save(corp, [{ product: 'atk', user_group_id: groups.atk }])).body.code).toBe(-201);
    expect((await save({ corp_id: MISSING_ID, row_version: 1 }, [])).body).toMatchObject({ code: -3, message: NOT_FOUND });
    expect(await snapshot(tenant.kykId)).toEqual(before);
  });
});

describe('legal entities: list, sort, search and the selection dialog', () => {
  let tenant: TestTenant;
  let corps: Corp[];
  const COUNT = 60;
  const names = ['ABC Holdings', 'ABC', 'abd trading', 'Ｂｅｔａ 商事', 'beta works', '株式会社あおば', '株式会社いろは', 'ｱｲｳ工業', 'Zeta', 'zeta north'];

  beforeAll(async () => {
    tenant = await newTenant();
    corps = [];
    // Codes, names and creation order disagree, so each sort is visible. Batches run concurrently
    // to exercise the counter under contention.
    for (let batch = 0; batch < COUNT / 10; batch++) {
      const created = await Promise.all(Array.from({ length: 10 }, (_, j) => {
        const i = batch * 10 + j;
        const code = `K${((i * 37) % COUNT).toString().padStart(3, '0')}`;
        return register(tenant.token, { corp_cd: i % 7 === 0 ? code.toLowerCase() : code, corp_nm: `${names[i % names.length]} ${String.fromCharCode(65 + ((i * 11) % 26))}` });
      }));
      corps.push(...created);
    }
  }, 120_000);

  const byCode = (a: Corp, b: Corp) => (a.corp_cd < b.corp_cd ? -1 : a.corp_cd > b.corp_cd ? 1 : 0);
  const key = (corp: Corp) => `${nameKey(corp.corp_nm)}\u0001${corp.corp_id}`;
  const byName = (a: Corp, b: Corp) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
  const date = (corp: Corp) => `${corp.regist_date}#${corp.corp_id}`;
  const byDate = (a: Corp, b: Corp) => (date(a) < date(b) ? -1 : date(a) > date(b) ? 1 : 0);
  const orders = { corp_cd: byCode, corp_nm: byName, regist_date: byDate } as const;

  async function allPages(body: Omit<RouteRequest<'com/corp_info_list'>, 'current_page'>, pages: number) {
    const ids: string[] = [];
    const totals: number[] = [];
    for (let page = 1; page <= pages; page++) {
      const result = await call('com/corp_info_list', { ...body, current_page: page }, tenant.token);
      expect(result.body.code, JSON.stringify(result.body)).toBe(0);
      const data = result.body.data!;
      expect(data).toMatchObject({ sort_item: body.sort_item, sort_flg: body.sort_flg, page_size: body.page_size, current_page: page });
      totals.push(data.total_size);
      ids.push(...data.return_list.map((corp) => corp.corp_id));
      if (page === 1) expect(data.return_list.length).toBe(Math.min(body.page_size ?? 50, data.total_size));
    }
    return { ids, totals };
  }

  for (const sortItem of ['corp_cd', 'corp_nm', 'regist_date'] as const) {
    for (const sortFlg of [1, 2] as const) {
      it(`pages by ${sortItem} ${sortFlg === 1 ? 'ascending' : 'descending'} with the total`, async () => {
        const expected = [...corps].sort(orders[sortItem]);
        if (sortFlg === 2) expected.reverse();
        const { ids, totals } = await allPages({ sort_item: sortItem, sort_flg: sortFlg, page_size: 50 }, 3);
        expect(totals).toEqual([COUNT, COUNT, COUNT]);
        expect(ids).toEqual(expected.map((corp) => corp.corp_id));
      });
    }
  }

  it('answers whole corps in the list, as corp_info does', async () => {
    const result = await call('com/corp_info_list', { sort_item: 'corp_cd', page_size: 100 }, tenant.token);
    const sample = corps[17]!;
    expect(result.body.data?.return_list.find((corp) => corp.corp_id === sample.corp_id)).toEqual(sample);
  });

  it('defaults to code order ascending, 50 a page, page 1; an empty page past the end', async () => {
    const result = await call('com/corp_info_list', {}, tenant.token);
    expect(result.body.data).toMatchObject({ sort_item: 'corp_cd', sort_flg: 1, page_size: 50, current_page: 1, total_size: COUNT });
    expect(result.body.data?.return_list.map((corp) => corp.corp_id)).toEqual([...corps].sort(byCode).slice(0, 50).map((corp) => corp.corp_id));
    const past = await call('com/corp_info_list', { current_page: 9 }, tenant.token);
    expect(past.body.data).toMatchObject({ total_size: COUNT, return_list: [] });
  });

  it('searches by code prefix (code and date sorts) and by name prefix ignoring case and width (name sort), with matching totals', async () => {
    const codeMatches = corps.filter((corp) => corp.corp_cd.startsWith('K01'));
    expect(codeMatches.length).toBeGreaterThan(0);
    for (const [sortItem, order] of [['corp_cd', byCode], ['regist_date', byDate]] as const) {
      for (const sortFlg of [1, 2] as const) {
        const expected = [...codeMatches].sort(order);
        if (sortFlg === 2) expected.reverse();
        const result = await call('com/corp_info_list', { search_key: 'K01', sort_item: sortItem, sort_flg: sortFlg }, tenant.token);
        expect(result.body.data?.total_size).toBe(codeMatches.length);
        expect(result.body.data?.return_list.map((corp) => corp.corp_id)).toEqual(expected.map((corp) => corp.corp_id));
      }
    }
    const dateSecondPage = await call('com/corp_info_list', { search_key: 'K0', sort_item: 'regist_date', page_size: 50, current_page: 2 }, tenant.token);
    const k0 = corps.filter((corp) => corp.corp_cd.startsWith('K0')).sort(byDate);
    expect(dateSecondPage.body.data?.total_size).toBe(k0.length);
    expect(dateSecondPage.body.data?.return_list.map((corp) => corp.corp_id)).toEqual(k0.slice(50).map((corp) => corp.corp_id));

    const betaMatches = corps.filter((corp) => nameKey(corp.corp_nm).startsWith('beta')).sort(byName);
    expect(betaMatches.map((corp) => corp.corp_nm).some((name) => name.startsWith('Ｂｅｔａ'))).toBe(true);
    const beta = await call('com/corp_info_list', { search_key: 'BETA', sort_item: 'corp_nm' }, tenant.token);
    expect(beta.body.data?.total_size).toBe(betaMatches.length);
    expect(beta.body.data?.return_list.map((corp) => corp.corp_id)).toEqual(betaMatches.map((corp) => corp.corp_id));

    const kana = await call('com/corp_info_list', { search_key: 'アイウ', sort_item: 'corp_nm' }, tenant.token);
    expect(kana.body.data?.total_size).toBe(corps.filter((corp) => corp.corp_nm.startsWith('ｱｲｳ')).length);

    const none = await call('com/corp_info_list', { search_key: 'no such', sort_item: 'corp_nm' }, tenant.token);
    expect(none.body.data).toMatchObject({ total_size: 0, return_list: [] });
    const blank = await call('com/corp_info_list', { search_key: '  ' }, tenant.token);
    expect(blank.body.data?.total_size).toBe(COUNT);
  });

  it('sorts a name before its longer continuations ("ABC" before "ABC Holdings"), ignoring case', async () => {
    const own = await newTenant();
    for (const name of ['ABCD', 'ABC Holdings', 'abc', 'ABC-Japan', 'ABC']) await register(own.token, { corp_nm: name });
    const result = await call('com/corp_info_list', { sort_item: 'corp_nm' }, own.token);
    const listed = result.body.data!.return_list.map((corp) => corp.corp_nm);
    expect(listed.slice(2)).toEqual(['ABC Holdings', 'ABC-Japan', 'ABCD']);
    expect(listed.slice(0, 2).sort()).toEqual(['ABC', 'abc']);
    const descending = await call('com/corp_info_list', { sort_item: 'corp_nm', sort_flg: 2 }, own.token);
    expect(descending.body.data!.return_list.map((corp) => corp.corp_nm)).toEqual([...listed].reverse());
  });

  it('pages with 100 and 1000 rows and refuses other page sizes and sort items', async () => {
    expect((await call('com/corp_info_list', { page_size: 100 }, tenant.token)).body.data?.return_list).toHaveLength(COUNT);
    expect((await call('com/corp_info_list', { page_size: 1000, sort_item: 'regist_date', sort_flg: 2 }, tenant.token)).body.data?.return_list).toHaveLength(COUNT);
    const bad = await post('com/corp_info_list', { page_size: 20, sort_item: 'corp_x', sort_flg: 3, current_page: 0 }, tenant.token);
    expect(bad.body.code).toBe(-4);
    expect(Object.keys(bad.body.info?.fields ?? {}).sort()).toEqual(['current_page', 'page_size', 'sort_flg', 'sort_item']);
  });

  it('the selection dialog works for a non-administrator and answers code and name only', async () => {
    const user = await createUser(tenant.kykId);
    const token = await user.signIn();
    const result = await call('com/corp_sel', { sort_item: 'corp_nm', page_size: 50 }, token);
    expect(result.body.code, JSON.stringify(result.body)).toBe(0);
    const data = result.body.data!;
    expect(data.total_size).toBe(COUNT);
    expect(data.return_list).toHaveLength(50);
    expect(data.return_list.map((row) => row.corp_id)).toEqual([...corps].sort(byName).slice(0, 50).map((corp) => corp.corp_id));
    for (const row of data.return_list) expect(Object.keys(row).sort()).toEqual(['corp_cd', 'corp_id', 'corp_nm']);

    const second = await call('com/corp_sel', { sort_item: 'corp_cd', sort_flg: 2, current_page: 2 }, token);
    expect(second.body.data?.return_list.map((row) => row.corp_id)).toEqual([...corps].sort(byCode).reverse().slice(50).map((corp) => corp.corp_id));
    const search = await call('com/corp_sel', { search_key: 'K00' }, token);
    expect(search.body.data?.return_list.map((row) => row.corp_cd)).toEqual(corps.map((corp) => corp.corp_cd).filter((code) => code.startsWith('K00')).sort());
    expect((await post('com/corp_sel', { sort_item: 'regist_date' }, token)).body.code).toBe(-4);
    expect((await post('com/corp_sel', {})).status).toBe(401);
  });
});

describe('legal entities: permissions', () => {
  let tenant: TestTenant;
  let userToken: string;
  let corp: Corp;
  beforeAll(async () => {
    tenant = await newTenant();
    corp = await register(tenant.token);
    userToken = await (await createUser(tenant.kykId)).signIn();
  });

  it('refuses every administrator call to a non-administrator with -101 (HTTP 403), writing nothing', async () => {
    const before = await snapshot(tenant.kykId);
    const calls: [string, unknown][] = [
      ['com/corp_info_list', {}],
      ['com/corp_info', { corp_id: corp.corp_id }],
      ['com/corp_info_reg_btn', { corp_cd: 'NOPE', corp_nm: 'Nope' }],
      ['com/corp_info_upd_btn', { corp_id: corp.corp_id, row_version: 1, corp_cd: 'NOPE', corp_nm: 'Nope' }],
      ['com/corp_info_del_btn', { corp_id: corp.corp_id, row_version: 1 }],
      ['com/corp_info_limited_save_btn', { corp_id: corp.corp_id, row_version: 1, limited_list: [] }],
    ];
    for (const [path, body] of calls) {
      const result = await post(path, body, userToken);
      expect(result.status, path).toBe(403);
      expect(result.body, path).toMatchObject({ code: -101, msg_level: 'ERROR', data: null });
    }
    expect(await snapshot(tenant.kykId)).toEqual(before);
    expect(await stored(tenant.kykId, corp.corp_id)).toMatchObject({ corp_cd: corp.corp_cd, row_version: 1 });
  });

  it('refuses calls without a token with -102', async () => {
    for (const path of ['com/corp_info_list', 'com/corp_info_reg_btn', 'com/corp_sel']) {
      const result = await post(path, {});
      expect(result.status).toBe(401);
      expect(result.body.code).toBe(-102);
    }
  });
});

describe('legal entities: tenant isolation', () => {
  let a: TestTenant;
  let b: TestTenant;
  let bCorp: Corp;
  let bGroup: string;
  beforeAll(async () => {
    [a, b] = await Promise.all([newTenant(), newTenant()]);
    bCorp = await register(b.token, { corp_cd: 'SHARED-1', corp_nm: 'B only' });
    bGroup = await putGroup(b.kykId, 'atk', 'B knowledge');
  });

  it("A cannot read, list, update or delete B's corps", async () => {
    const bBefore = await snapshot(b.kykId);
    expect((await call('com/corp_info', { corp_id: bCorp.corp_id }, a.token)).body.code).toBe(-3);
    expect((await call('com/corp_info_list', {}, a.token)).body.data).toMatchObject({ total_size: 0, return_list: [] });
    expect((await call('com/corp_info_list', { search_key: 'B', sort_item: 'corp_nm' }, a.token)).body.data).toMatchObject({ total_size: 0, return_list: [] });
    expect((await call('com/corp_sel', { search_key: 'SHARED' }, a.token)).body.data).toMatchObject({ total_size: 0, return_list: [] });
    expect((await call('com/corp_info_upd_btn', { corp_id: bCorp.corp_id, row_version: 1, corp_cd: 'X', corp_nm: 'taken over' }, a.token)).body.code).toBe(-3);
    expect((await call('com/corp_info_del_btn', { corp_id: bCorp.corp_id, row_version: 1 }, a.token)).body.code).toBe(-3);
    expect((await call('com/corp_info_limited_save_btn', { corp_id: bCorp.corp_id, row_version: 1, limited_list: [] }, a.token)).body.code).toBe(-3);
    expect(await snapshot(b.kykId)).toEqual(bBefore);
    expect((await call('com/corp_info', { corp_id: bCorp.corp_id }, b.token)).body.data?.corp).toEqual(bCorp);
  });

  it("A cannot restrict its corp to B's groups", async () => {
    const aCorp = await register(a.token);
    const before = await snapshot(a.kykId);
    const result = await call('com/corp_info_limited_save_btn', { corp_id: aCorp.corp_id, row_version: 1, limited_list: [{ product: 'atk', user_group_id: bGroup }] }, a.token);
    expect(result.body.code).toBe(-4);
    expect(result.body.info?.fields).toEqual({ limited_list: UNKNOWN_GROUP });
    expect(await snapshot(a.kykId)).toEqual(before);
  });

  it('codes are unique per contract only: A may use a code B has', async () => {
    const aCorp = await register(a.token, { corp_cd: 'SHARED-1' });
    expect((await claim(a.kykId, 'SHARED-1'))?.corp_id).toBe(aCorp.corp_id);
    expect((await claim(b.kykId, 'SHARED-1'))?.corp_id).toBe(bCorp.corp_id);
  });
});
