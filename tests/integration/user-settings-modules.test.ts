import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { contractKey } from '#data/contracts.ts';
import { getUser } from '#data/users.ts';
import { db } from '#lib/clients.ts';
import { config } from '#lib/config.ts';
import { verifyDxKey } from '#lib/dx-keys.ts';
import { verifyToken } from '#lib/tokens.ts';
import { aPasswordPolicy, aUser } from './support/factories.ts';
import { call } from './support/api.ts';
import { PROPERTY_URL } from './support/global-setup.ts';
import { setUser } from './support/sign-in-suite.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

const setModules = (kykId: string, modules: string[]) =>
  db().send(new UpdateCommand({ TableName: config.tableName, Key: contractKey(kykId), UpdateExpression: 'SET modules = :modules', ExpressionAttributeValues: { ':modules': modules } }));

/**
 * The calls of SPEC.md §7 that came last (docs/home.md): the user's own settings, keys for the
 * sibling modules, the property link, the manual; and the password-expiry days the home page shows.
 */
describe('user settings (user_setting_info, user_setting_save_btn)', () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant();
  });

  it('starts from the defaults, saves what is sent on the user, and keeps the rest', async () => {
    const first = await call('com/user_setting_info', {}, t.token);
    expect(first.body.data).toEqual({ settings: { page_size: 50, visual_mode: 'system', density: 'comfortable', language: 'en', file_regist_method: 0 } });
    const saved = await call('com/user_setting_save_btn', { page_size: 100, visual_mode: 'dark' }, t.token);
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
    expect(saved.body.data!.settings).toMatchObject({ page_size: 100, visual_mode: 'dark', density: 'comfortable' });
    expect(await call('com/user_setting_save_btn', { density: 'compact' }, t.token)).toMatchObject({ body: { code: 0 } });
    expect((await call('com/user_setting_info', {}, t.token)).body.data!.settings).toEqual({ page_size: 100, visual_mode: 'dark', density: 'compact', language: 'en', file_regist_method: 0 });
    expect(await getUser(t.kykId, 'admin')).toMatchObject({ ui_page_size: 100, ui_visual_mode: 'dark', ui_density: 'compact' });
  });

  it('refuses values outside the choices and an empty save (-4 on the field), and changes nothing', async () => {
    const before = await getUser(t.kykId, 'admin');
    const cases: [Record<string, unknown>, string][] = [
      [{ page_size: 20 }, 'page_size'],
      [{ visual_mode: 'sepia' }, 'visual_mode'],
      [{ density: 'cozy' }, 'density'],
      [{}, 'page_size'],
      [{ language: 'ja' }, 'language'],
    ];
    for (const [body, field] of cases) {
      const result = await call('com/user_setting_save_btn', body as never, t.token);
      expect(result.body.code, JSON.stringify(body)).toBe(-4);
      expect(Object.keys(result.body.info?.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await getUser(t.kykId, 'admin'))?.row_version).toBe(before?.row_version);
  });

  it('belongs to each user: an ordinary user keeps their own, another contract\'s user of the same ID is untouched, no token is refused', async () => {
    const user = await aUser(t);
    expect((await call('com/user_setting_save_btn', { page_size: 1000 }, user.token)).body.data!.settings.page_size).toBe(1000);
    expect((await call('com/user_setting_info', {}, t.token)).body.data!.settings.page_size).toBe(100);
    const other = await newTenant();
    expect((await call('com/user_setting_info', {}, other.token)).body.data!.settings).toMatchObject({ page_size: 50, visual_mode: 'system' });
    await call('com/user_setting_save_btn', { visual_mode: 'light' }, other.token);
    expect((await call('com/user_setting_info', {}, t.token)).body.data!.settings.visual_mode).toBe('dark');
    expect((await call('com/user_setting_info', {})).body.code).toBe(-102);
    expect((await call('com/user_setting_save_btn', { page_size: 50 })).body.code).toBe(-102);
  });
});

describe('sibling modules (get_dx_auth_key, link_to_atp)', () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant();
  });

  it('refuses a module the contract does not have (no system options), and one that is not a sibling (-4)', async () => {
    const refused = await call('com/get_dx_auth_key', { module: 'property' }, t.token);
    expect(refused.body).toMatchObject({ code: -990000390001, message: "There are no system options for this module in your contract. Please contact your company's administrator.", data: null });
    expect(refused.status).toBe(403);
    expect((await call('com/link_to_atp', {}, t.token)).body.code).toBe(-990000390001);
    for (const module of ['drive', 'mail', '']) expect((await call('com/get_dx_auth_key', { module } as never, t.token)).body.code, module).toBe(-4);
    expect((await call('com/get_dx_auth_key', { module: 'property' })).body.code).toBe(-102);
  });

  it('signs a 60-second key for that module only, for the caller, never usable as a session token', async () => {
    await setModules(t.kykId, ['drive', 'property', 'knowledge']);
    const answered = await call('com/get_dx_auth_key', { module: 'knowledge' }, t.token);
    expect(answered.body.code, JSON.stringify(answered.body)).toBe(0);
    const { dx_auth_key: key, expires_at } = answered.body.data!;
    const claims = await verifyDxKey(key, 'knowledge');
    expect(claims).toMatchObject({ aud: 'knowledge', kyk: t.kykId, sub: 'admin', lang: 'en' });
    expect(claims!.exp - claims!.iat).toBe(60);
    expect(Date.parse(expires_at)).toBe(claims!.exp * 1000);
    expect(await verifyDxKey(key, 'property')).toBeUndefined();
    expect(await verifyToken(key)).toBeUndefined();
    // A key is not a token of this product either.
    expect((await call('com/check_login_info', {}, key)).body.code).toBe(-102);
    const again = (await call('com/get_dx_auth_key', { module: 'knowledge' }, t.token)).body.data!;
    expect((await verifyDxKey(again.dx_auth_key, 'knowledge'))!.jti).not.toBe(claims!.jti);
  });

  it('links to the property module with a key in the fragment, for users not lapsed there', async () => {
    const link = await call('com/link_to_atp', {}, t.token);
    expect(link.body.code, JSON.stringify(link.body)).toBe(0);
    const url = new URL(link.body.data!.url);
    expect(`${url.origin}${url.pathname}`).toBe(PROPERTY_URL);
    expect(url.search).toBe('');
    const fragment = new URLSearchParams(url.hash.slice(1));
    expect(fragment.get('kyk_id')).toBe(t.kykId);
    expect(await verifyDxKey(fragment.get('dx_auth_key')!, 'property')).toMatchObject({ kyk: t.kykId, sub: 'admin' });

    const user = await aUser(t);
    expect((await call('com/link_to_atp', {}, user.token)).body.code).toBe(0);
    await setUser(t.kykId, user.userId, { atp_lapse_flg: 1 });
    expect((await call('com/link_to_atp', {}, user.token)).body.code).toBe(-990000390001);
    expect((await call('com/get_dx_auth_key', { module: 'property' }, user.token)).body.code).toBe(-990000390001);
    expect((await call('com/get_dx_auth_key', { module: 'knowledge' }, user.token)).body.code).toBe(0);
  });

  it("answers for the caller's contract only: a contract without the option is refused whatever another has", async () => {
    const other = await newTenant();
    expect((await call('com/link_to_atp', {}, other.token)).body.code).toBe(-990000390001);
    const key = (await call('com/get_dx_auth_key', { module: 'property' }, t.token)).body.data!.dx_auth_key;
    expect(await verifyDxKey(key, 'property')).toMatchObject({ kyk: t.kykId });
  });
});

describe('manual (manual_download_info, manual_download)', () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant();
  });

  it('lists the English and Japanese editions with their size, and downloads each as a self-contained HTML document', async () => {
    const info = await call('com/manual_download_info', {}, t.token);
    expect(info.body.code).toBe(0);
    const editions = info.body.data!.editions;
    expect(editions.map((edition) => [edition.language, edition.file_name, edition.content_type])).toEqual([
      ['en', 'com-drive-manual-en.html', 'text/html; charset=utf-8'],
      ['ja', 'com-drive-manual-ja.html', 'text/html; charset=utf-8'],
    ]);
    for (const edition of editions) {
      expect(edition.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const download = await call('com/manual_download', { language: edition.language }, t.token);
      expect(download.body.data).toMatchObject({ file_name: edition.file_name, content_type: edition.content_type });
      const html = download.body.data!.content;
      expect(Buffer.byteLength(html)).toBe(edition.size);
      expect(html).toContain(`<html lang="${edition.language}">`);
      expect(html).toContain(`<title>${edition.title}</title>`);
      expect(html).not.toMatch(/<script|<link|src=/);
    }
    expect((await call('com/manual_download', { language: 'ja' }, t.token)).body.data!.content).toContain('サインイン');
  });

  it("answers the caller's language when none is asked, refuses another language (-4), and needs a session", async () => {
    await call('com/chang_language', { language: 'ja' }, t.token);
    expect((await call('com/manual_download', {}, t.token)).body.data!.file_name).toBe('com-drive-manual-ja.html');
    await call('com/chang_language', { language: 'en' }, t.token);
    expect((await call('com/manual_download', {}, t.token)).body.data!.file_name).toBe('com-drive-manual-en.html');
    expect((await call('com/manual_download', { language: 'fr' } as never, t.token)).body.code).toBe(-4);
    expect((await call('com/manual_download_info', {})).body.code).toBe(-102);
    const user = await aUser(t);
    expect((await call('com/manual_download_info', {}, user.token)).body.code).toBe(0);
  });
});

describe('password expiry on get_login_user_info (the home page notice)', () => {
  // Two contracts' worth of sign-ins and a user's first password change.
  it('answers the days left within the warning period, else null', { timeout: 90_000 }, async () => {
    const t = await newTenant();
    expect((await call('com/get_login_user_info', {}, t.token)).body.data!.password_expires_in_days).toBeNull();
    await aPasswordPolicy(t, { pwd_expiry_days: 30, pwd_expiry_warning_days: 7 });
    const user = await aUser(t);
    expect((await call('com/get_login_user_info', {}, user.token)).body.data!.password_expires_in_days).toBeNull();
    await setUser(t.kykId, user.userId, { password_changed_at: new Date(Date.now() - 26 * 86_400_000).toISOString() });
    expect((await call('com/get_login_user_info', {}, user.token)).body.data!.password_expires_in_days).toBe(4);
  });
});
