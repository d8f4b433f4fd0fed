import { beforeAll, describe, expect, it } from 'vitest';
import { post, call } from './support/api.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

/**
 * Ill-formed text at the edge: a body nested too deeply and a lone surrogate anywhere in a body are
 * refused before any route's schema (the first exhausted the stack, the second once stored broke
 * downloads and mails), and drive names refuse what would make them read as something else or not
 * travel to Windows.
 */
const BROKEN = 'The text contains a broken character (an unpaired surrogate). Please type it again.';
const INVISIBLE = 'The name must not contain control, text-direction or invisible characters (such as a zero-width space).';
const TOO_DEEP = 'The request body is nested too deeply: at most 64 levels of arrays and objects.';
const RESERVED = 'This name is reserved by Windows (CON, PRN, AUX, NUL, COM1-COM9, LPT1-LPT9, also with an extension). Please choose another name.';
const fields = (body: { info: unknown }) => (body.info as { fields?: Record<string, string> } | null)?.fields;

describe('ill-formed text', () => {
  let t: TestTenant;
  beforeAll(async () => { t = await newTenant(); });

  it('refuses a lone surrogate in any string, on any route, and stores nothing', async () => {
    const user = await post('com/user_info_reg_btn', { user_id: 'surrogate1', user_nm: 'Bad \uD800 name', email: 'surrogate1@example.com' }, t.token);
    expect(user.status).toBe(400);
    expect(user.body.code).toBe(-4);
    expect(fields(user.body)).toEqual({ user_nm: BROKEN });
    expect((await call('com/user_info', { user_id: 'surrogate1' }, t.token)).body.code).not.toBe(0);

    const file = await post('com_drive/file_reg_btn', { folder_id: 'root', name: 'report\uDC00.pdf', size: 3, content_type: 'application/pdf' }, t.token);
    expect(file.status).toBe(400);
    expect(fields(file.body)).toEqual({ name: BROKEN });
    const listing = await call('com_drive/drive_info', { folder_id: 'root' }, t.token);
    expect(listing.body.data!.items).toEqual([]);

    // Before the token check too: a public route.
    const signIn = await post('login/login_btn', { kyk_id: t.kykId, user_id: 'admin', password: 'x\uD83D' });
    expect(signIn.status).toBe(400);
    expect(fields(signIn.body)).toEqual({ password: BROKEN });
  });

  it('refuses a body nested deeper than 64 levels on any route, before the token check, and parses 64', async () => {
    const arrays = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    // 65 objects deep, inside an otherwise valid sign-in.
    const objects = (depth: number) => `{"kyk_id":"${t.kykId}","user_id":"admin","password":"x","extra":${'{"a":'.repeat(depth - 2)}{}${'}'.repeat(depth - 2)}}`;
    for (const [path, token] of [['login/login_btn', undefined], ['com_drive/drive_info', undefined], ['com_drive/drive_info', t.token]] as const) {
      for (const body of [arrays, objects(65)]) {
        const refused = await post(path, body, token);
        expect(refused.status, path).toBe(400);
        expect(refused.body).toMatchObject({ code: -4, data: null });
        expect(fields(refused.body), path).toEqual({ body: TOO_DEEP });
      }
    }
    // 64 levels are parsed, then judged as usual: by the token check, or by the route's schema.
    const signIn = await post('login/login_btn', objects(64));
    expect(signIn.status).toBe(400);
    expect(fields(signIn.body)).toEqual({ extra: 'This field is not accepted.' });
    expect((await post('com_drive/drive_info', objects(64))).body.code).toBe(-102);
    const listing = await post('com_drive/drive_info', `{"folder_id":"root","x":${'['.repeat(63)}${']'.repeat(63)}}`, t.token);
    expect(fields(listing.body)).toEqual({ x: 'This field is not accepted.' });
  });

  it('refuses direction controls, invisible characters and Windows device names in the drive', async () => {
    for (const [name, message] of [
      ['inv\u202Efdp.exe', INVISIBLE], ['\u200B\u200B', INVISIBLE], ['tab\u0085name', INVISIBLE], ['a\u200Bb', INVISIBLE], ['a\u00ADb', INVISIBLE], ['a\u200Db', INVISIBLE],
      ['NUL.txt', RESERVED], ['com3', RESERVED],
    ] as const) {
      const folder = await call('com_drive/folder_reg_btn', { parent_id: 'root', name }, t.token);
      expect(folder.body.code, name).toBe(-4);
      expect(fields(folder.body), name).toEqual({ name: message });
    }
    const listing = await call('com_drive/drive_info', { folder_id: 'root' }, t.token);
    expect(listing.body.data!.items).toEqual([]);
    expect((await call('com_drive/folder_reg_btn', { parent_id: 'root', name: 'CONSOLE logs' }, t.token)).body.code).toBe(0);
    // The invisible characters that belong to the one before them stay: an ideographic variation (辻󠄀), emoji.
    for (const name of ['\u8FBB\u{E0100}', '\u2764\uFE0F', '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}']) {
      const folder = await call('com_drive/folder_reg_btn', { parent_id: 'root', name }, t.token);
      expect(folder.body.code, name).toBe(0);
      expect(folder.body.data!.item.name).toBe(name);
    }
  });
});
