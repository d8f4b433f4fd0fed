import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '#lib/clients.ts';
import type { RouteRequest } from '#shared/routes.ts';
import type { Corp } from '#shared/schemas/legal.ts';
import { dateIndexKey, nameKey } from '#data/corps.ts';
import { aCorp, aSignedOutUser } from './support/factories.ts';
import { call, post } from './support/api.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';
import { REQUIRED, CODE_WIDTH, CODE_DUPLICATE, PHONE, NOT_FOUND, tooLong, MISSING_ID, mainTable, uniqueCode, stored, claim, counter, queryAll, auditOf, snapshot, joinCorp } from './support/legal-suite.ts';

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
    const corp = await aCorp(tenant, { corp_nm: 'Minimal' });
    expect(corp).toMatchObject({ address: '', tel: '', note: '' });
  });

  it('reads one legal entity; an unknown id answers -3 with the not-found text, a malformed id -4', async () => {
    const corp = await aCorp(tenant, { corp_nm: 'Readable' });
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
    const japanese = await aSignedOutUser(tenant, { ata_admin_permission: 1 });
    const token = await japanese.signIn();
    expect((await call('com/chang_language', { language: 'ja' }, token)).body.code).toBe(0);
    const invalid = await post('com/corp_info_reg_btn', { corp_cd: '法'.repeat(8), corp_nm: '\u3000', tel: '0312345678' }, token);
    expect(invalid.body.info?.fields).toEqual({
      corp_cd: '法人コードは半角15文字または全角7文字以内で入力してください。',
      corp_nm: 'この項目は必須です',
      tel: '電話番号は 03-1234-5678 の形式で入力してください。',
    });
    await aCorp(tenant, { corp_cd: 'JA-1' });
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
      const corp = await aCorp(tenant, body);
      expect(await stored(tenant.kykId, corp.corp_id)).toMatchObject(body);
    }
  });

  it('refuses a duplicate corporate code with -4 on corp_cd and writes nothing', async () => {
    const first = await aCorp(tenant, { corp_cd: 'DUP-1' });
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
    const corp = await aCorp(tenant, { corp_cd: 'OLD-1', corp_nm: 'Old name', tel: '03-1111-2222' });
    const result = await update(corp, { corp_cd: 'NEW-1', corp_nm: ' New name ', address: 'Osaka', tel: '06-1234-5678', note: 'moved' });
    expect(result.body.code, JSON.stringify(result.body)).toBe(0);
    const updated = result.body.data!.corp;
    expect(updated).toMatchObject({ corp_id: corp.corp_id, corp_cd: 'NEW-1', corp_nm: 'New name', address: 'Osaka', tel: '06-1234-5678', note: 'moved', row_version: 2, regist_date: corp.regist_date, update_user_nm: '管理者 太郎' });
    expect(updated.update_date >= corp.update_date).toBe(true);

    expect(await stored(tenant.kykId, corp.corp_id)).toMatchObject({ ...updated, name_key: 'new name', gsi1sk: 'CD#NEW-1' });
    expect(await claim(tenant.kykId, 'OLD-1')).toBeUndefined();
    expect((await claim(tenant.kykId, 'NEW-1'))?.corp_id).toBe(corp.corp_id);
    // The old code is free again.
    await aCorp(tenant, { corp_cd: 'OLD-1' });

    const audits = await auditOf(tenant.kykId, corp.corp_id);
    expect(audits.map((record) => record.action)).toEqual(['corp.create', 'corp.update']);
    expect(audits[1]).toMatchObject({ before: corp, after: updated });
  });

  it('updates without changing the code', async () => {
    const corp = await aCorp(tenant);
    const result = await update(corp, { note: 'only the note' });
    expect(result.body.code).toBe(0);
    expect(result.body.data!.corp).toMatchObject({ corp_cd: corp.corp_cd, note: 'only the note', row_version: 2 });
    expect((await claim(tenant.kykId, corp.corp_cd))?.corp_id).toBe(corp.corp_id);
  });

  it("refuses another corp's code with -4 on corp_cd, and writes nothing", async () => {
    const taken = await aCorp(tenant, { corp_cd: 'TAKEN-1' });
    const corp = await aCorp(tenant, { corp_cd: 'MINE-1' });
    const before = await snapshot(tenant.kykId);
    const result = await update(corp, { corp_cd: 'TAKEN-1' });
    expect(result.body.code).toBe(-4);
    expect(result.body.info?.fields).toEqual({ corp_cd: CODE_DUPLICATE });
    expect(await snapshot(tenant.kykId)).toEqual(before);
    expect((await claim(tenant.kykId, 'TAKEN-1'))?.corp_id).toBe(taken.corp_id);
  });

  it('validates updates as registrations', async () => {
    const corp = await aCorp(tenant);
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
    const corp = await aCorp(tenant);
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
    const corp = await aCorp(tenant);
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
    const corp = await aCorp(tenant);
    await joinCorp(tenant.kykId, corp.corp_id, 1);
    const result = await update(corp, { note: 'after a join' });
    expect(result.body.code).toBe(0);
    expect(await stored(tenant.kykId, corp.corp_id)).toMatchObject({ user_count: 1, row_version: 2, note: 'after a join' });
  });
});
