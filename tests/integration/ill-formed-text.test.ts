import { beforeAll, describe, expect, it } from 'vitest';
import { post, call } from './support/api.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

/**
 * Ill-formed text at the edge: a lone surrogate anywhere in a body is refused before any route's
 * schema (once stored it broke downloads and mails), and drive names refuse what would make them
 * read as something else or not travel to Windows.
 */
const BROKEN = 'The text contains a broken character (an unpaired surrogate). Please type it again.';
const INVISIBLE = 'The name must not contain control or text-direction characters, and must not be made of invisible characters only.';
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

  it('refuses direction controls, invisible-only names and Windows device names in the drive', async () => {
    for (const [name, message] of [['inv\u202Efdp.exe', INVISIBLE], ['\u200B\u200B', INVISIBLE], ['tab\u0085name', INVISIBLE], ['NUL.txt', RESERVED], ['com3', RESERVED]] as const) {
      const folder = await call('com_drive/folder_reg_btn', { parent_id: 'root', name }, t.token);
      expect(folder.body.code, name).toBe(-4);
      expect(fields(folder.body), name).toEqual({ name: message });
    }
    const listing = await call('com_drive/drive_info', { folder_id: 'root' }, t.token);
    expect(listing.body.data!.items).toEqual([]);
    expect((await call('com_drive/folder_reg_btn', { parent_id: 'root', name: 'CONSOLE logs' }, t.token)).body.code).toBe(0);
  });
});
