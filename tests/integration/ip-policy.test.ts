import { randomUUID } from 'node:crypto';
import { auditOfTarget } from './support/audit.ts';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '#lib/clients.ts';
import { ipPolicyKey } from '#data/ip-entries.ts';
import { IP_RANGES_MAX } from '#shared/ip-ranges.ts';
import { call, post, postFrom, signIn, type ApiResult } from './support/api.ts';
import { aGroup, aSignedOutUser } from './support/factories.ts';
import { tenantSnapshot } from './support/snapshot.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

/**
 * The IP allow-list (issue 4 item 4). The local adapter listens on 127.0.0.1 and passes the socket
 * address as requestContext.http.sourceIp, as API Gateway does; every 127.x.x.x address reaches it
 * on Linux, so a call bound to 127.0.0.2 really comes from another address.
 */
const HOME = '127.0.0.1';
const OTHER = '127.0.0.2';
const LIMITED = 'Sign-in has been restricted by your administrator.';
const EDITED = 'This item was edited by another user. Please reload and try again.';
const NOT_FOUND = 'The data does not exist. It may have been deleted by another user.';
const lockOut = (ip: string) =>
  `Your current address (${ip}) would no longer be allowed, so you would lock yourself out. Include your address or a range that contains it.`;
const invalid = (entries: string) =>
  `Not a valid IPv4 address or range: ${entries}. Enter addresses such as 192.0.2.10 or ranges such as 192.0.2.0/24 (mask 0 to 32), separated by commas.`;

const info = async (t: Pick<TestTenant, 'token'>) => {
  const result = await call('com/allow_ipadr_info', {}, t.token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!;
};
const contractEntry = async (t: Pick<TestTenant, 'token'>) => (await info(t)).data_list[0]!;
const groupEntry = async (t: Pick<TestTenant, 'token'>, groupId: string) => (await info(t)).data_list.find((entry) => entry.user_group_id === groupId)!;

/** Saves the contract entry with the row_version currently stored; answers the envelope. */
async function saveContract(t: Pick<TestTenant, 'token'>, ip_address: string, from = HOME) {
  const { row_version } = await contractEntry(t);
  return postFrom(from, 'com/allow_ipadr_info_save_btn', { ip_address, row_version }, t.token);
}
async function saveGroup(t: Pick<TestTenant, 'token'>, groupId: string, ip_address: string, from = HOME) {
  const { row_version } = await groupEntry(t, groupId);
  return postFrom(from, 'com/allow_ipadr_info_ugrp_save_btn', { user_group_id: groupId, ip_address, row_version }, t.token);
}
const ok = <T>(result: ApiResult<T>): T => {
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!;
};

const storedEntry = async (kykId: string, groupId: string) =>
  (await db().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: ipPolicyKey(kykId, groupId), ConsistentRead: true }))).Item;

const auditOf = (kykId: string, groupId: string) => auditOfTarget(kykId, 'ip_policy', groupId);

describe('reading and saving (allow_ipadr_info, _save_btn, _ugrp_save_btn)', () => {
  let t: TestTenant;
  beforeAll(async () => { t = await newTenant(); });

  it('answers the contract entry "0" first, then every account-area group by name, and the caller\'s address', async () => {
    const [b, a] = [await aGroup(t), await aGroup(t)];
    const knowledge = await aGroup(t, { product: 'atk' });
    const data = await info(t);
    expect(data.your_ip).toBe(HOME);
    expect(data.data_list[0]).toEqual({
      user_group_id: '0', user_group_nm: '', user_count: null, cidrs: [], ip_address: '', row_version: 0, update_date: null, update_user_nm: null,
    });
    const names = data.data_list.slice(1).map((entry) => entry.user_group_nm);
    expect(names).toEqual([a, b].map((group) => group.user_group_nm).sort());
    expect(data.data_list.some((entry) => entry.user_group_id === knowledge.user_group_id)).toBe(false);
    expect(data.data_list.find((entry) => entry.user_group_id === a.user_group_id)).toMatchObject({ user_count: 0, cidrs: [], row_version: 0 });
  });

  it('normalises, collapses duplicates, stores with an audit record; a stale save is -201; empty removes the entry', async () => {
    const saved = ok(await saveContract(t, ' 127.0.0.1 ,192.0.2.7/24, 127.0.0.1/32，\n10.1.2.3/8 、 '));
    expect(saved.entry).toMatchObject({
      user_group_id: '0', cidrs: ['127.0.0.1/32', '192.0.2.0/24', '10.0.0.0/8'], ip_address: '127.0.0.1/32, 192.0.2.0/24, 10.0.0.0/8',
      row_version: 1, update_user_nm: '管理者 太郎',
    });
    expect(await contractEntry(t)).toEqual(saved.entry);
    expect(await storedEntry(t.kykId, '0')).toMatchObject({ kyk_id: t.kykId, cidrs: saved.entry.cidrs, row_version: 1, update_user_id: 'admin' });

    const stale = await call('com/allow_ipadr_info_save_btn', { ip_address: '127.0.0.0/8', row_version: 0 }, t.token);
    expect(stale).toMatchObject({ status: 409, body: { code: -201, message: EDITED } });
    expect((await contractEntry(t)).row_version).toBe(1);

    const cleared = ok(await call('com/allow_ipadr_info_save_btn', { ip_address: ' , ', row_version: 1 }, t.token));
    expect(cleared.entry).toMatchObject({ cidrs: [], ip_address: '', row_version: 0 });
    expect(await storedEntry(t.kykId, '0')).toBeUndefined();

    const audit = await auditOf(t.kykId, '0');
    expect(audit.map((record) => record.action).sort()).toEqual(['security.ip_policy.delete', 'security.ip_policy.save']);
    expect(audit.find((record) => record.action === 'security.ip_policy.save')).toMatchObject({
      user_id: 'admin', source_ip: HOME, before: { cidrs: [], row_version: 0 }, after: { cidrs: saved.entry.cidrs, row_version: 1 },
    });
  });

  it('of two concurrent saves from the same version exactly one wins; the other answers -201', async () => {
    const { row_version } = await contractEntry(t);
    const results = await Promise.all(['192.0.2.0/24, 127.0.0.1', '198.51.100.0/24, 127.0.0.1', '203.0.113.0/24, 127.0.0.1'].map((ip_address) =>
      call('com/allow_ipadr_info_save_btn', { ip_address, row_version }, t.token)));
    const codes = results.map((result) => result.body.code).sort();
    expect(codes).toEqual([-201, -201, 0]);
    const winner = results.find((result) => result.body.code === 0)!.body.data!.entry;
    expect(await contractEntry(t)).toEqual(winner);
    expect(winner.row_version).toBe(row_version + 1);
    ok(await call('com/allow_ipadr_info_save_btn', { ip_address: '', row_version: winner.row_version }, t.token));
  });

  it("saves a group's entry, and refuses unknown groups, other areas' groups and stale versions", async () => {
    const group = await aGroup(t);
    const saved = ok(await saveGroup(t, group.user_group_id, '198.51.100.0/24,198.51.100.9/24'));
    expect(saved.entry).toMatchObject({ user_group_id: group.user_group_id, user_group_nm: group.user_group_nm, user_count: 0, cidrs: ['198.51.100.0/24'], row_version: 1 });
    expect(await groupEntry(t, group.user_group_id)).toEqual(saved.entry);
    const stale = await call('com/allow_ipadr_info_ugrp_save_btn', { user_group_id: group.user_group_id, ip_address: '', row_version: 0 }, t.token);
    expect(stale.body).toMatchObject({ code: -201, message: EDITED });

    const knowledge = await aGroup(t, { product: 'atk' });
    for (const id of [knowledge.user_group_id, randomUUID()]) {
      const refused = await call('com/allow_ipadr_info_ugrp_save_btn', { user_group_id: id, ip_address: '198.51.100.1', row_version: 0 }, t.token);
      expect(refused).toMatchObject({ status: 404, body: { code: -3, message: NOT_FOUND } });
      expect(await storedEntry(t.kykId, id)).toBeUndefined();
    }
    const notUuid = await post('com/allow_ipadr_info_ugrp_save_btn', { user_group_id: '0', ip_address: '', row_version: 0 }, t.token);
    expect(notUuid.body.info?.fields).toEqual({ user_group_id: 'The value is not valid.' });

    ok(await saveGroup(t, group.user_group_id, ''));
    expect(await storedEntry(t.kykId, group.user_group_id)).toBeUndefined();
    expect(await groupEntry(t, group.user_group_id)).toMatchObject({ cidrs: [], row_version: 0, update_user_nm: null });
  });

  it('names every bad entry in one message under ip_address, and stores nothing', async () => {
    const before = await tenantSnapshot(t.kykId);
    const cases: [unknown, Record<string, string>][] = [
      ['192.0.2.1, 300.1.1.1, 10.0.0.0/33,abc , 010.0.0.1', { ip_address: invalid('300.1.1.1, 10.0.0.0/33, abc, 010.0.0.1') }],
      ['192.0.2.1 192.0.2.2', { ip_address: invalid('192.0.2.1 192.0.2.2') }],
      ['2001:db8::/32', { ip_address: invalid('2001:db8::/32') }],
      [Array.from({ length: IP_RANGES_MAX + 1 }, (_, i) => `10.0.${i >> 8}.${i & 255}`).join(','), { ip_address: `Please enter at most ${IP_RANGES_MAX} addresses or ranges.` }],
      ['1'.repeat(4001), { ip_address: 'Please enter no more than 4000 characters.' }],
      [42, { ip_address: 'The value is not valid.' }],
    ];
    for (const [ipAddress, fields] of cases) {
      const result = await post('com/allow_ipadr_info_save_btn', { ip_address: ipAddress, row_version: 0 }, t.token);
      expect(result, String(ipAddress).slice(0, 40)).toMatchObject({ status: 400, body: { code: -4, info: { fields } } });
    }
    const group = (await info(t)).data_list[1]!;
    const groupResult = await post('com/allow_ipadr_info_ugrp_save_btn', { user_group_id: group.user_group_id, ip_address: '1.2.3', row_version: 0 }, t.token);
    expect(groupResult.body.info?.fields).toEqual({ ip_address: invalid('1.2.3') });
    const missing = await post('com/allow_ipadr_info_save_btn', { ip_address: '', extra: 1 }, t.token);
    expect(missing.body.info?.fields).toEqual({ row_version: 'This field is required', extra: 'This field is not accepted.' });
    expect(await tenantSnapshot(t.kykId)).toBe(before);
  });

  it('answers the messages in Japanese to a Japanese administrator', async () => {
    const admin = await aSignedOutUser(t, { ata_admin_permission: 1 });
    const token = await admin.signIn();
    await call('com/chang_language', { language: 'ja' }, token);
    const result = await post('com/allow_ipadr_info_save_btn', { ip_address: '1.2.3.4/40', row_version: 0 }, token);
    expect(result.body.info?.fields).toEqual({
      ip_address: '正しいIPv4アドレスまたは範囲ではありません: 1.2.3.4/40。192.0.2.10 のようなアドレスや 192.0.2.0/24 のような範囲（マスクは0～32）をカンマ区切りで入力してください。',
    });
    const locked = await post('com/allow_ipadr_info_save_btn', { ip_address: '192.0.2.1', row_version: 0 }, token);
    expect(locked.body.info?.fields?.ip_address).toBe('現在のアドレス（127.0.0.1）が許可されなくなり、ご自身がアクセスできなくなります。現在のアドレスまたはそれを含む範囲を含めてください。');
  });

  it('is for administrators only: -101 for other users, -102 without a token', async () => {
    const user = await aSignedOutUser(t);
    const token = await user.signIn();
    const group = (await info(t)).data_list[1]!;
    const calls = [
      () => call('com/allow_ipadr_info', {}, token),
      () => call('com/allow_ipadr_info_save_btn', { ip_address: '', row_version: 0 }, token),
      () => call('com/allow_ipadr_info_ugrp_save_btn', { user_group_id: group.user_group_id, ip_address: '', row_version: 0 }, token),
    ];
    for (const make of calls) expect((await make())).toMatchObject({ status: 403, body: { code: -101 } });
    expect((await call('com/allow_ipadr_info', {})).body.code).toBe(-102);
  });
});

describe('enforcement on every call', () => {
  let t: TestTenant;
  beforeAll(async () => { t = await newTenant(); });

  it('refuses every authenticated call from an address outside the list with -990000010017 (403) and no token', async () => {
    ok(await saveContract(t, `${HOME}, 192.0.2.0/24`));
    const user = await aSignedOutUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 1 });
    const token = await user.signIn();
    for (const path of ['com/get_login_user_info', 'com/check_login_info', 'com_drive/drive_info', 'com/password_conditions'] as const) {
      const refused = await postFrom(OTHER, path, {}, token);
      expect(refused, path).toMatchObject({ status: 403, body: { code: -990000010017, msg_level: 'ERROR', message: LIMITED, data: null } });
      expect(refused.token, path).toBeUndefined();
      expect((await postFrom(HOME, path, {}, token)).body.code, path).toBe(0);
    }
    // The administrator's own calls are checked the same way.
    expect((await postFrom(OTHER, 'com/allow_ipadr_info', {}, t.token)).body.code).toBe(-990000010017);
    // Public calls carry no caller: the allow-list is applied by sign-in itself.
    expect((await postFrom(OTHER, 'com/get_kyoten_info', { kyk_id: t.kykId })).body.code).toBe(0);
    // Signing out is let through: it only ends the caller's own session.
    expect((await postFrom(OTHER, 'login/logout_btn', {}, token)).body.code).toBe(0);
    expect((await postFrom(HOME, 'com/check_login_info', {}, token)).body.code).toBe(-102);
  });

  it("deleting a group deletes its entry with it", async () => {
    const group = await aGroup(t, { product: 'ata', member_ids: [] });
    ok(await saveGroup(t, group.user_group_id, `${OTHER}/32`));
    const key = ipPolicyKey(t.kykId, group.user_group_id);
    expect((await db().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: key }))).Item).toBeDefined();
    const current = await call('com/user_group', { user_group_id: group.user_group_id }, t.token);
    const deleted = await call('com/user_group_del_btn', { user_group_id: group.user_group_id, row_version: current.body.data!.group.row_version }, t.token);
    expect(deleted.body.code, JSON.stringify(deleted.body)).toBe(0);
    expect((await db().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: key }))).Item).toBeUndefined();
  });

  it('a spoofed X-Forwarded-For (or Forwarded, X-Real-IP, CloudFront-Viewer-Address) does not pass the list', async () => {
    const token = await (await aSignedOutUser(t)).signIn();
    const spoofs: Record<string, string>[] = [
      { 'x-forwarded-for': HOME },
      { 'x-forwarded-for': `${HOME}, ${OTHER}` },
      { forwarded: `for=${HOME}` },
      { 'x-real-ip': HOME },
      { 'cloudfront-viewer-address': `${HOME}:443` },
    ];
    for (const headers of spoofs) {
      const result = await postFrom(OTHER, 'com/get_login_user_info', {}, token, headers);
      expect(result.body.code, JSON.stringify(headers)).toBe(-990000010017);
    }
    // And the headers take nothing away from an allowed address either.
    expect((await postFrom(HOME, 'com/get_login_user_info', {}, token, { 'x-forwarded-for': OTHER })).body.code).toBe(0);
  });

  it("a group's entry beats the contract's for its members only; emptied, the contract's applies again", async () => {
    const member = await aSignedOutUser(t);
    const group = await aGroup(t, { product: 'ata', member_ids: [member.userId] });
    const token = await member.signIn();
    ok(await saveGroup(t, group.user_group_id, `${OTHER}/32`));
    expect((await postFrom(OTHER, 'com/get_login_user_info', {}, token)).body.code).toBe(0);
    expect((await postFrom(HOME, 'com/get_login_user_info', {}, token)).body.code).toBe(-990000010017);
    // Someone outside the group still follows the contract's entry.
    const outsider = await (await aSignedOutUser(t)).signIn();
    expect((await postFrom(HOME, 'com/get_login_user_info', {}, outsider)).body.code).toBe(0);
    expect((await postFrom(OTHER, 'com/get_login_user_info', {}, outsider)).body.code).toBe(-990000010017);
    // A wider group entry that includes both addresses.
    ok(await saveGroup(t, group.user_group_id, '127.0.0.0/30'));
    expect((await postFrom(HOME, 'com/get_login_user_info', {}, token)).body.code).toBe(0);
    expect((await postFrom(OTHER, 'com/get_login_user_info', {}, token)).body.code).toBe(0);
    ok(await saveGroup(t, group.user_group_id, ''));
    expect((await postFrom(HOME, 'com/get_login_user_info', {}, token)).body.code).toBe(0);
    expect((await postFrom(OTHER, 'com/get_login_user_info', {}, token)).body.code).toBe(-990000010017);
  });

  it('sign-in from an address outside the list answers -990000010017; inside it signs in', async () => {
    const user = await aSignedOutUser(t);
    const body = { kyk_id: t.kykId, user_id: user.userId, password: user.password, force_flg: 1 as const };
    const refused = await postFrom(OTHER, 'login/login_btn', body);
    expect(refused.body).toMatchObject({ code: -990000010017, message: LIMITED });
    expect(refused.token).toBeUndefined();
    const allowed = await postFrom(HOME, 'login/login_btn', body);
    expect(allowed.body.code).toBe(0);
    expect(allowed.token).toBeDefined();
  });
});

describe('the lock-out guard', () => {
  let t: TestTenant;
  beforeAll(async () => { t = await newTenant(); });

  it("refuses a contract list without the caller's address, from whichever address the caller uses", async () => {
    const before = await tenantSnapshot(t.kykId);
    const fromHome = await saveContract(t, '10.0.0.0/8, 192.0.2.1');
    expect(fromHome).toMatchObject({ status: 400, body: { code: -4, info: { fields: { ip_address: lockOut(HOME) } } } });
    const fromOther = await saveContract(t, HOME, OTHER);
    expect(fromOther.body.info?.fields).toEqual({ ip_address: lockOut(OTHER) });
    expect(await tenantSnapshot(t.kykId)).toBe(before);
    ok(await saveContract(t, '127.0.0.0/24', OTHER));
    ok(await saveContract(t, ''));
  });

  it("weighs the caller's own group: its entry decides, other groups' entries never lock the caller out", async () => {
    const admin = await aSignedOutUser(t, { ata_admin_permission: 1 });
    const own = await aGroup(t, { product: 'ata', member_ids: [admin.userId] });
    const other = await aGroup(t);
    const token = await admin.signIn();
    const self = { token };
    // Another group's list does not concern the caller.
    ok(await saveGroup(self, other.user_group_id, '192.0.2.1'));
    // The own group's list must keep the caller's address.
    const refused = await saveGroup(self, own.user_group_id, '192.0.2.1');
    expect(refused.body).toMatchObject({ code: -4, info: { fields: { ip_address: lockOut(HOME) } } });
    ok(await saveGroup(self, own.user_group_id, HOME));
    // With an own group entry that allows the caller, the contract's may exclude the caller's address.
    ok(await saveContract(self, '192.0.2.0/24'));
    expect((await postFrom(HOME, 'com/get_login_user_info', {}, token)).body.code).toBe(0);
    // ...and then emptying the own group entry would hand the caller to that contract list: refused.
    const emptied = await saveGroup(self, own.user_group_id, '');
    expect(emptied.body.info?.fields).toEqual({ ip_address: lockOut(HOME) });
    expect((await groupEntry(self, own.user_group_id)).cidrs).toEqual([`${HOME}/32`]);
    // The first administrator (no group) is under the contract list and can still fix it only from
    // an allowed address: from 127.0.0.1 every call is refused.
    expect((await postFrom(HOME, 'com/allow_ipadr_info', {}, t.token)).body.code).toBe(-990000010017);
    ok(await saveContract(self, ''));
  });
});

describe('tenant isolation', () => {
  it("another contract's administrator never reads or writes this contract's entries", async () => {
    const [a, b] = [await newTenant(), await newTenant()];
    const groupOfA = await aGroup(a);
    ok(await saveContract(a, '127.0.0.0/24'));
    ok(await saveGroup(a, groupOfA.user_group_id, '198.51.100.0/24, 127.0.0.1'));
    const aBefore = await tenantSnapshot(a.kykId);

    const bView = await info(b);
    expect(bView.data_list).toEqual([expect.objectContaining({ user_group_id: '0', cidrs: [], row_version: 0 })]);
    // B writing A's group id: not found in B's contract, and nothing of A changes.
    const foreign = await call('com/allow_ipadr_info_ugrp_save_btn', { user_group_id: groupOfA.user_group_id, ip_address: '', row_version: 1 }, b.token);
    expect(foreign.body).toMatchObject({ code: -3, message: NOT_FOUND });
    // B's own contract entry is B's alone (row_version 0 is B's, not A's 1).
    ok(await call('com/allow_ipadr_info_save_btn', { ip_address: `${OTHER}, ${HOME}`, row_version: 0 }, b.token));
    expect(await tenantSnapshot(a.kykId)).toBe(aBefore);
    expect((await contractEntry(a)).cidrs).toEqual(['127.0.0.0/24']);
    expect(await storedEntry(b.kykId, groupOfA.user_group_id)).toBeUndefined();

    // A's list never restricts B's users, and B's never A's.
    const bUser = await (await aSignedOutUser(b)).signIn();
    ok(await saveContract(a, HOME));
    ok(await saveContract(b, `${OTHER}/32`, OTHER));
    expect((await postFrom(OTHER, 'com/get_login_user_info', {}, bUser)).body.code).toBe(0);
    expect((await postFrom(HOME, 'com/get_login_user_info', {}, bUser)).body.code).toBe(-990000010017);
    expect((await postFrom(HOME, 'com/get_login_user_info', {}, a.token)).body.code).toBe(0);
    expect((await postFrom(OTHER, 'com/get_login_user_info', {}, a.token)).body.code).toBe(-990000010017);
    await signIn(a.kykId, 'admin', a.password, 1);
  });
});
