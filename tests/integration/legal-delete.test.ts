import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '#lib/clients.ts';
import { corpKey, dateIndexKey } from '#data/corps.ts';
import { aCorp, aGroup } from './support/factories.ts';
import { call, post } from './support/api.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';
import { REQUIRED, UNKNOWN_GROUP, NOT_FOUND, IN_USE, MISSING_ID, mainTable, stored, claim, counter, auditOf, snapshot, joinCorp } from './support/legal-suite.ts';

describe('legal entities: delete', () => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await newTenant();
  });

  it('deletes a corp with its claim, date index item and count, and audits it', async () => {
    const corp = await aCorp(tenant, { corp_cd: 'GONE-1' });
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
    await aCorp(tenant, { corp_cd: 'GONE-1' });
  });

  it('refuses a corp in use with -203 and its message, even with a current version, and writes nothing; deletes it once unused', async () => {
    const corp = await aCorp(tenant);
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
      const corp = await aCorp(tenant);
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
    const corp = await aCorp(tenant);
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
      atk: (await aGroup(tenant, { product: 'atk', user_group_nm: 'Knowledge readers' })).user_group_id,
      atk2: (await aGroup(tenant, { product: 'atk', user_group_nm: 'Knowledge writers' })).user_group_id,
      atc: (await aGroup(tenant, { product: 'atc', user_group_nm: 'Commerce team' })).user_group_id,
      atd: (await aGroup(tenant, { product: 'atd', user_group_nm: 'Dashboard viewers' })).user_group_id,
      ata: (await aGroup(tenant, { product: 'ata', user_group_nm: 'Account admins' })).user_group_id,
    };
  });

  const save = (corp: { corp_id: string; row_version: number }, limitedList: { product: 'atk' | 'atc' | 'atd'; user_group_id: string }[]) =>
    call('com/corp_info_limited_save_btn', { corp_id: corp.corp_id, row_version: corp.row_version, limited_list: limitedList }, tenant.token);

  it('saves entries of knowledge, commerce and dashboard groups with their names, once each, and audits the change', async () => {
    const corp = await aCorp(tenant);
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
    const corp = await aCorp(tenant);
    const systemEntry = { product: 'atd', user_group_id: groups.atd, user_group_nm: 'Dashboard viewers', sys_flg: 1 };
    await db().send(new UpdateCommand({ TableName: mainTable(), Key: corpKey(tenant.kykId, corp.corp_id), UpdateExpression: 'SET limited_list = :list', ExpressionAttributeValues: { ':list': [systemEntry] } }));
    const result = await save(corp, [{ product: 'atd', user_group_id: groups.atd }, { product: 'atc', user_group_id: groups.atc }]);
    expect(result.body.data?.corp.limited_list).toEqual([systemEntry, { product: 'atc', user_group_id: groups.atc, user_group_nm: 'Commerce team', sys_flg: 0 }]);
    expect((await save(result.body.data!.corp, [])).body.data?.corp.limited_list).toEqual([systemEntry]);
  });

  it('refuses unknown groups and groups of another product with -4 on limited_list, and writes nothing', async () => {
    const corp = await aCorp(tenant);
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
    const corp = await aCorp(tenant);
    expect((await save(corp, [])).body.code).toBe(0);
    const before = await snapshot(tenant.kykId);
    expect((await save(corp, [{ product: 'atk', user_group_id: groups.atk }])).body.code).toBe(-201);
    expect((await save({ corp_id: MISSING_ID, row_version: 1 }, [])).body).toMatchObject({ code: -3, message: NOT_FOUND });
    expect(await snapshot(tenant.kykId)).toEqual(before);
  });
});
