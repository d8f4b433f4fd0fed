import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '#lib/clients.ts';
import { userKey } from '#data/users.ts';
import { translate } from '#shared/messages.ts';
import type { RouteRequest } from '#shared/routes.ts';
import { aSignedOutUser } from './support/factories.ts';
import { baseUrl, call, post } from './support/api.ts';
import { createTestIdp, tamper, type TestIdp } from './support/saml-idp.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

/**
 * SAML single sign-on end to end through the handlers: the administrator's settings, keys and
 * metadata; sign-in through a test IdP built with samlify (tests/integration/support/saml-idp.ts);
 * every refusal the ACS must make; tenant isolation.
 */
type SaveBody = RouteRequest<'com/sso_info_save_btn'>;

interface SsoTenant extends TestTenant {
  idp: TestIdp;
  groupId: string;
  member: { userId: string };
  outsider: { userId: string };
  metadata: string;
  rowVersion: number;
}

const settingsFor = (t: TestTenant, idp: TestIdp, groupId: string): Omit<SaveBody, 'row_version'> => ({
  enabled: 1,
  idp_entity_id: idp.entityId,
  idp_login_url: idp.loginUrl,
  idp_cert: idp.certificatePem,
  sp_entity_id: `${baseUrl()}/saml/${t.kykId}`,
  sp_login_url: `${baseUrl()}/com_drive/sso?kyk_id=${t.kykId}`,
  request_signed: 0,
  response_signed: 1,
  assertion_encrypted: 0,
  user_group_list: [groupId],
});

async function save(t: TestTenant, body: SaveBody) {
  const result = await call('com/sso_info_save_btn', body, t.token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!;
}

/** A contract with SSO on: an ata group with one member, an ata user outside it, attributes uid/mail, SP keys. */
async function ssoTenant(options: { requestSigned?: boolean; encrypted?: boolean } = {}): Promise<SsoTenant> {
  const t = await newTenant();
  const idp = createTestIdp();
  const member = await aSignedOutUser(t, { email: 'member@example.com' });
  const outsider = await aSignedOutUser(t);
  const group = await call('com/user_group_reg_btn', { product: 'ata', user_group_nm: 'SSO users', member_ids: [member.userId] }, t.token);
  const other = await call('com/user_group_reg_btn', { product: 'ata', user_group_nm: 'Password users', member_ids: [outsider.userId] }, t.token);
  expect(group.body.code).toBe(0);
  expect(other.body.code).toBe(0);
  const groupId = group.body.data!.group.user_group_id;
  let info = (await call('com/sso_info', {}, t.token)).body.data!;
  info = (await call('com/sso_info_spkey_btn', { row_version: info.row_version }, t.token)).body.data!;
  info = await save(t, {
    row_version: info.row_version, ...settingsFor(t, idp, groupId),
    request_signed: options.requestSigned ? 1 : 0, assertion_encrypted: options.encrypted ? 1 : 0,
  });
  const attrs = await call('com/sso_attrib_save_btn', { row_version: info.row_version, attr_user_id: 'uid', attr_mail: 'mail' }, t.token);
  expect(attrs.body.code).toBe(0);
  const metadata = (await call('com/sso_info_download_btn', {}, t.token)).body.data!.content;
  return { ...t, idp, groupId, member, outsider, metadata, rowVersion: attrs.body.data!.row_version };
}

const startSso = async (kykId: string) => {
  const result = await call('sso/sso_start', { kyk_id: kykId });
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!.redirect_url;
};

/** The IdP's form post to the ACS, as a browser sends it; answers the 303's target. */
async function postAcs(samlResponse: string, relayState: string): Promise<{ status: number; location: string }> {
  const response = await fetch(`${baseUrl()}/api/sso/acs`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: relayState }),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location') ?? '' };
}

/** sso_start -> the IdP -> the ACS, with the IdP's response changed by `options`. */
async function signInVia(t: SsoTenant, userId: string, options: Parameters<TestIdp['respond']>[1] = {}, relayState = t.kykId) {
  const request = await t.idp.readRequest(await startSso(t.kykId), t.metadata);
  const samlResponse = await t.idp.respond(t.metadata, { inResponseTo: request.id, attributes: { uid: userId, mail: `${userId}@example.com` }, ...options });
  return { request, samlResponse, ...(await postAcs(samlResponse, relayState)) };
}

/** The update call adding members to the tenant's SSO group (its current values otherwise). */
async function groupUpdate(t: SsoTenant, addIds: string[]): Promise<RouteRequest<'com/user_group_upd_btn'>> {
  const { group } = (await call('com/user_group', { user_group_id: t.groupId }, t.token)).body.data!;
  const { user_group_id, user_group_nm, note, admin_permission, com_drive_permission, two_step, mfa_valid_days, row_version } = group;
  return { user_group_id, user_group_nm, note, admin_permission, com_drive_permission, two_step, mfa_valid_days, row_version, add_member_ids: addIds };
}

const codeOf = (location: string) => new URL(location, 'http://x').searchParams.get('code') ?? '';
const reasonOf = (location: string) => new URL(location, 'http://x').searchParams.get('reason');

function expectRefused(outcome: { status: number; location: string }, reason = 'notice.ssoResponseInvalid') {
  expect(outcome.status).toBe(303);
  expect(outcome.location.startsWith('/com_drive/sso-fail?')).toBe(true);
  expect(reasonOf(outcome.location)).toBe(reason);
}

describe('SSO settings (sso_info, sso_info_save_btn, sso_attrib_save_btn)', () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant();
  });

  it('answers each required-field rule of SPEC.md §5 with its own message, in English and Japanese', async () => {
    const result = await post('com/sso_info_save_btn', { row_version: 0, enabled: 1, response_signed: 1 }, t.token);
    expect(result.status).toBe(400);
    expect(result.body.code).toBe(-4);
    expect(result.body.info?.fields).toEqual({
      sp_login_url: 'Please enter the SP login URL.',
      idp_entity_id: 'Please enter the IdP entity ID.',
      idp_login_url: 'Please enter the IdP login URL.',
      sp_entity_id: 'Please enter the SP entity ID.',
      idp_cert: 'Please enter the IdP public key (signing certificate) when request or response signatures are on.',
      user_group_list: 'Please select at least one user group that uses single sign-on.',
    });
    const ja = await post('com/sso_info_save_btn', { row_version: 0, idp_entity_id: '   ', response_signed: 0 }, t.token, { 'accept-language': 'ja' });
    // The signed-in user's language decides (the admin is English); the catalogue has both.
    expect(ja.body.info?.fields?.idp_entity_id).toBe(translate('en', 'validation.ssoIdpEntityIdRequired'));
    expect(translate('ja', 'validation.ssoIdpEntityIdRequired')).toBe('IdPエンティティIDを入力してください。');
    expect(ja.body.info?.fields?.idp_cert).toBeUndefined(); // no signature flag: the key is optional

    const attrs = await post('com/sso_attrib_save_btn', { row_version: 0, attr_user_id: '', attr_mail: ' ' }, t.token);
    expect(attrs.status).toBe(400);
    expect(attrs.body.info?.fields).toEqual({
      attr_user_id: 'Please enter the attribute that carries the user ID.',
      attr_mail: 'Please enter the attribute that carries the e-mail address.',
    });
  });

  it('requires the SP key pair for request signatures or encryption, a readable IdP certificate and ata groups', async () => {
    const idp = createTestIdp();
    const group = await call('com/user_group_reg_btn', { product: 'ata', user_group_nm: 'Rule group' }, t.token);
    const otherArea = await call('com/user_group_reg_btn', { product: 'atk', user_group_nm: 'Knowledge group' }, t.token);
    const base = { row_version: 0, ...settingsFor(t, idp, group.body.data!.group.user_group_id) };
    for (const flags of [{ request_signed: 1 as const }, { assertion_encrypted: 1 as const }]) {
      const result = await post('com/sso_info_save_btn', { ...base, ...flags }, t.token);
      expect(result.body.code, JSON.stringify(flags)).toBe(-4);
      expect(result.body.info?.fields).toEqual({ sp_certificate: 'Please generate the SP public and private keys when request signatures or encryption are on.' });
    }
    const badCert = await post('com/sso_info_save_btn', { ...base, idp_cert: 'A'.repeat(200) }, t.token);
    expect(badCert.body.info?.fields).toEqual({ idp_cert: translate('en', 'validation.ssoCertificateInvalid') });
    const notUrl = await post('com/sso_info_save_btn', { ...base, idp_login_url: 'javascript:alert(1)' }, t.token);
    expect(notUrl.body.info?.fields).toEqual({ idp_login_url: 'Please enter a URL starting with https:// or http://.' });
    const wrongArea = await post('com/sso_info_save_btn', { ...base, user_group_list: [otherArea.body.data!.group.user_group_id] }, t.token);
    expect(wrongArea.body.info?.fields).toEqual({ user_group_list: translate('en', 'validation.unknownGroup') });
    expect((await call('com/sso_info', {}, t.token)).body.data!.row_version).toBe(0); // nothing was saved
  });

  it('saves and reads back the settings, names the groups, answers -201 to a stale save and audits every change', async () => {
    const idp = createTestIdp();
    const group = await call('com/user_group_reg_btn', { product: 'ata', user_group_nm: 'Saved group' }, t.token);
    const groupId = group.body.data!.group.user_group_id;
    const before = (await call('com/sso_info', {}, t.token)).body.data!;
    expect(before.settings).toMatchObject({ enabled: 0, response_signed: 1, user_group_list: [] });
    expect(before.sp.certificate).toBeNull();
    const saved = await save(t, { row_version: before.row_version, ...settingsFor(t, idp, groupId) });
    expect(saved.user_groups).toEqual([{ user_group_id: groupId, user_group_nm: 'Saved group' }]);
    expect(saved.sp.acs_url).toBe(`${baseUrl()}/api/sso/acs`);
    expect(saved.idp_certificate?.subject).toBe('CN=test-idp.example');
    const read = (await call('com/sso_info', {}, t.token)).body.data!;
    expect(read).toEqual(saved);
    expect(read.settings.idp_cert).toContain('BEGIN CERTIFICATE');

    const stale = await call('com/sso_info_save_btn', { row_version: before.row_version, ...settingsFor(t, idp, groupId), enabled: 0 }, t.token);
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe(-201);

    const attrs = await call('com/sso_attrib_save_btn', { row_version: read.row_version, attr_user_id: 'uid', attr_mail: 'mail' }, t.token);
    expect(attrs.body.data!.settings).toMatchObject({ attr_user_id: 'uid', attr_mail: 'mail', enabled: 1 });

    const { Items = [] } = await db().send(new QueryCommand({
      TableName: process.env.AUDIT_TABLE_NAME, IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': `T#${t.kykId}#AUDIT#ITEM#security_policy#sso` },
    }));
    expect(Items.map((item) => item.action)).toEqual(expect.arrayContaining(['security.sso_settings', 'security.sso_attributes']));
  });

  it('refuses every SSO call to non-administrators (-101)', async () => {
    const user = await aSignedOutUser(t);
    const token = await user.signIn();
    for (const [path, body] of [['com/sso_info', {}], ['com/sso_info_save_btn', { row_version: 0 }], ['com/sso_info_spkey_btn', { row_version: 0 }],
      ['com/sso_info_download_btn', {}], ['com/sso_attrib_save_btn', { row_version: 0, attr_user_id: 'a', attr_mail: 'b' }]] as const) {
      const result = await post(path, body, token);
      expect(result.body.code, path).toBe(-101);
    }
  });
});

describe('SP keys and metadata (sso_info_spkey_btn, sso_info_download_btn)', () => {
  it('keeps the private key out of the table, the answers and the audit log, and publishes the certificate in the metadata', async () => {
    const t = await newTenant();
    const missing = await call('com/sso_info_download_btn', {}, t.token);
    expect(missing.body.code).toBe(-4);
    const info = (await call('com/sso_info', {}, t.token)).body.data!;
    const keyed = await call('com/sso_info_spkey_btn', { row_version: info.row_version }, t.token);
    expect(keyed.body.code).toBe(0);
    const certificate = keyed.body.data!.sp.certificate!;
    expect(certificate).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect(JSON.stringify(keyed.body)).not.toContain('PRIVATE KEY');
    const keyFile = join(process.env.SAML_KEY_DIR!, `${t.kykId}.pem`);
    expect(((await stat(keyFile)).mode & 0o777).toString(8)).toBe('600');

    const again = await call('com/sso_info_spkey_btn', { row_version: keyed.body.data!.row_version }, t.token);
    expect(again.body.data!.sp.certificate).not.toBe(certificate); // a fresh pair each time
    const stale = await call('com/sso_info_spkey_btn', { row_version: keyed.body.data!.row_version }, t.token);
    expect(stale.body.code).toBe(-201);

    const group = await call('com/user_group_reg_btn', { product: 'ata', user_group_nm: 'Meta group' }, t.token);
    await save(t, { row_version: again.body.data!.row_version, ...settingsFor(t, createTestIdp(), group.body.data!.group.user_group_id), assertion_encrypted: 1 });
    const metadata = (await call('com/sso_info_download_btn', {}, t.token)).body.data!;
    expect(metadata.file_name).toBe(`sp-metadata-${t.kykId}.xml`);
    expect(metadata.content).toContain(`entityID="${baseUrl()}/saml/${t.kykId}"`);
    expect(metadata.content).toContain(`Location="${baseUrl()}/api/sso/acs"`);
    expect(metadata.content).toContain('WantAssertionsSigned="true"');
    expect(metadata.content).toContain('use="encryption"');
    const body = again.body.data!.sp.certificate!.replace(/-----[^-]+-----|\s/g, '');
    expect(metadata.content.replace(/\s/g, '')).toContain(body);

    const { Items = [] } = await db().send(new QueryCommand({
      TableName: process.env.AUDIT_TABLE_NAME, IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': `T#${t.kykId}#AUDIT#ITEM#security_policy#sso` },
    }));
    expect(Items.filter((item) => item.action === 'security.sso_sp_key')).toHaveLength(2);
    expect(JSON.stringify(Items)).not.toContain('PRIVATE KEY');
  });
});

describe('SAML sign-in (sso_start, acs, sso_login)', () => {
  let t: SsoTenant;
  beforeAll(async () => {
    t = await ssoTenant();
  });

  it('signs a member of an SSO group in with a good signed assertion; the token works', async () => {
    const outcome = await signInVia(t, t.member.userId);
    expect(outcome.request.relayState).toBe(t.kykId);
    expect(outcome.status).toBe(303);
    expect(outcome.location).toMatch(/^\/com_drive\/sso-login\?code=/);
    const login = await call('sso/sso_login', { code: codeOf(outcome.location) });
    expect(login.body.code, JSON.stringify(login.body)).toBe(0);
    expect(login.body.data!.user).toMatchObject({ kyk_id: t.kykId, user_id: t.member.userId });
    const me = await call('com/get_login_user_info', {}, login.token);
    expect(me.body.code).toBe(0);
    expect(me.body.data!.user.user_id).toBe(t.member.userId);

    // The code is single use.
    const again = await call('sso/sso_login', { code: codeOf(outcome.location) });
    expect(again.body.code).toBe(-990000010002);
    expect(again.body.message).toBe(translate('en', 'notice.ssoCodeInvalid'));
  });

  it('refuses a tampered response (signature broken)', async () => {
    const request = await t.idp.readRequest(await startSso(t.kykId), t.metadata);
    const good = await t.idp.respond(t.metadata, { inResponseTo: request.id, attributes: { uid: t.outsider.userId } });
    const forged = tamper(good, (xml) => xml.replace(`>${t.outsider.userId}<`, `>${t.member.userId}<`).replace(`>${t.outsider.userId}<`, `>${t.member.userId}<`));
    expectRefused(await postAcs(forged, t.kykId));
  });

  it('refuses a response signed with another key than the configured IdP certificate', async () => {
    const other = createTestIdp();
    const { createSelfSignedKeyPair } = await import('#lib/saml/certificate.ts');
    expect(other.certificatePem).not.toBe(t.idp.certificatePem);
    expectRefused(await signInVia(t, t.member.userId, { signWith: createSelfSignedKeyPair('attacker.example') }));
  });

  it('refuses an expired assertion (NotOnOrAfter in the past)', async () => {
    expectRefused(await signInVia(t, t.member.userId, { notOnOrAfterMinutes: -5 }));
  });

  it('refuses a replayed response (the same response twice)', async () => {
    const first = await signInVia(t, t.member.userId);
    expect(first.location).toMatch(/^\/com_drive\/sso-login/);
    expectRefused(await postAcs(first.samlResponse, t.kykId));
  });

  it('refuses a replayed assertion ID in a new response to a new request', async () => {
    const first = await signInVia(t, t.member.userId, { assertionId: '_fixed-assertion-id' });
    expect(first.location).toMatch(/^\/com_drive\/sso-login/);
    expectRefused(await signInVia(t, t.member.userId, { assertionId: '_fixed-assertion-id' }));
  });

  it('refuses unsolicited responses: no InResponseTo, or one we never sent', async () => {
    expectRefused(await postAcs(await t.idp.respond(t.metadata, { inResponseTo: null, attributes: { uid: t.member.userId } }), t.kykId));
    expectRefused(await postAcs(await t.idp.respond(t.metadata, { inResponseTo: '_never-sent', attributes: { uid: t.member.userId } }), t.kykId));
  });

  it('refuses a response for another audience', async () => {
    expectRefused(await signInVia(t, t.member.userId, { audience: 'https://other-sp.example/saml' }));
  });

  it('refuses a schema-invalid response even when its signature is good', async () => {
    expectRefused(await signInVia(t, t.member.userId, { schemaInvalid: true }));
  });

  it('refuses a user outside the SSO groups, an unknown user and a suspended one with "not allowed"', async () => {
    expectRefused(await signInVia(t, t.outsider.userId), 'notice.ssoUserNotAllowed');
    expectRefused(await signInVia(t, 'nobody'), 'notice.ssoUserNotAllowed');
    const suspended = await aSignedOutUser(t);
    await call('com/user_group_upd_btn', await groupUpdate(t, [suspended.userId]), t.token);
    await db().send(new UpdateCommand({ TableName: process.env.TABLE_NAME, Key: userKey(t.kykId, suspended.userId), UpdateExpression: 'SET #s = :s', ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':s': 1 } }));
    expectRefused(await signInVia(t, suspended.userId), 'notice.ssoUserNotAllowed');
  });

  it('answers "not available" for a contract without SSO, and refuses a garbage post without detail', async () => {
    const plain = await newTenant({ signIn: false });
    const result = await call('sso/sso_start', { kyk_id: plain.kykId });
    expect(result.body.code).toBe(-990000010002);
    expect(result.body.message).toBe(translate('en', 'notice.ssoNotAvailable'));
    const unknown = await call('sso/sso_start', { kyk_id: 'no-such-contract' });
    expect(unknown.body).toMatchObject({ code: -990000010002, message: result.body.message });
    expectRefused(await postAcs('PHhtbD4=', t.kykId));
    expectRefused(await postAcs('not base64 at all', '../../etc'));
  });
});

describe('SAML sign-in with signed requests and encrypted assertions', () => {
  it('signs the AuthnRequest (the IdP verifies it) and decrypts the assertion', async () => {
    const t = await ssoTenant({ requestSigned: true, encrypted: true });
    expect(t.metadata).toContain('AuthnRequestsSigned="true"');
    const outcome = await signInVia(t, t.member.userId, { encrypt: true });
    expect(outcome.request.signed).toBe(true);
    expect(Buffer.from(outcome.samlResponse, 'base64').toString('utf8')).toContain('EncryptedAssertion');
    expect(outcome.location, outcome.location).toMatch(/^\/com_drive\/sso-login\?code=/);
    const login = await call('sso/sso_login', { code: codeOf(outcome.location) });
    expect(login.body.code).toBe(0);
  });
});

describe('tenant isolation', () => {
  // Two SSO contracts take several seconds to arrange (key pairs, groups): once, in the hook.
  let a: SsoTenant;
  let b: SsoTenant;
  beforeAll(async () => {
    [a, b] = await Promise.all([ssoTenant(), ssoTenant()]);
  });

  it("B's administrator neither reads nor changes A's settings", async () => {
    const bView = (await call('com/sso_info', {}, b.token)).body.data!;
    expect(bView.settings.idp_entity_id).toBe(b.idp.entityId);
    expect(JSON.stringify(bView)).not.toContain(a.idp.entityId);
    // B saving (even with A's row version) writes B's item only.
    await call('com/sso_attrib_save_btn', { row_version: bView.row_version, attr_user_id: 'changed', attr_mail: 'mail' }, b.token);
    expect((await call('com/sso_info', {}, a.token)).body.data!.settings.attr_user_id).toBe('uid');
    const metadataB = (await call('com/sso_info_download_btn', {}, b.token)).body.data!.content;
    expect(metadataB).not.toContain(a.kykId);
  });

  it("A's response cannot sign into B, and A's code names A's user only", async () => {
    // A response A's IdP made for A's request, posted with B as RelayState: B trusts another IdP.
    const request = await a.idp.readRequest(await startSso(a.kykId), a.metadata);
    const samlResponse = await a.idp.respond(a.metadata, { inResponseTo: request.id, attributes: { uid: b.member.userId } });
    expectRefused(await postAcs(samlResponse, b.kykId));
    const good = await signInVia(a, a.member.userId);
    const forged = codeOf(good.location).replace(`${a.kykId}.`, `${b.kykId}.`);
    expect((await call('sso/sso_login', { code: forged })).body.code).toBe(-990000010002);
    const login = await call('sso/sso_login', { code: codeOf(good.location) });
    expect(login.body.data!.user?.kyk_id).toBe(a.kykId);
  });

  it("the same IdP trusted by two contracts still cannot carry A's request into B (request ID and audience are A's)", async () => {
    const c = await newTenant();
    const member = await aSignedOutUser(c);
    const group = await call('com/user_group_reg_btn', { product: 'ata', user_group_nm: 'C SSO', member_ids: [member.userId] }, c.token);
    let info = (await call('com/sso_info', {}, c.token)).body.data!;
    info = await save(c, { row_version: info.row_version, ...settingsFor(c, a.idp, group.body.data!.group.user_group_id) });
    await call('com/sso_attrib_save_btn', { row_version: info.row_version, attr_user_id: 'uid', attr_mail: 'mail' }, c.token);
    const request = await a.idp.readRequest(await startSso(a.kykId), a.metadata);
    const samlResponse = await a.idp.respond(a.metadata, { inResponseTo: request.id, attributes: { uid: member.userId } });
    expectRefused(await postAcs(samlResponse, c.kykId));
  });
});
