import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bearer, readBearer, TOKEN_HEADER, type Envelope } from '#shared/envelope.ts';
import type { RoutePath, RouteRequest, RouteResponse } from '#shared/routes.ts';
import { startAdapter, type Adapter } from '#infra/local/adapter.ts';
import { mailedCode } from './support/sign-in-suite.ts';
import { testPassword } from './support/passwords.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

/**
 * Issue 31: no token, password, one-time code, link token or URL signature in any log line. The
 * API runs here, in this worker, behind the local adapter (the same handlers and events `npm start`
 * serves) against the run's stand-ins, with logging at debug and every line this process writes to
 * stdout and stderr captured; flows that carry each kind of secret run through it, and then the
 * captured lines are searched for every secret used. The run's shared stack logs nothing (silent).
 */
const captured: string[] = [];
const originalWrite = { stdout: process.stdout.write.bind(process.stdout), stderr: process.stderr.write.bind(process.stderr) };
const capture = (chunk: unknown, ...rest: unknown[]): boolean => {
  captured.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));
  const callback = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
  callback?.();
  return true;
};

let adapter: Adapter;
let webDir: string;
let previousLevel: string | undefined;

interface Result<T> { status: number; body: Envelope<T>; token?: string }
async function call<P extends RoutePath>(path: P, body: RouteRequest<P>, token?: string): Promise<Result<RouteResponse<P>>> {
  const response = await fetch(`${adapter.url}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { [TOKEN_HEADER]: bearer(token) } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Envelope<RouteResponse<P>>, token: readBearer(response.headers.get(TOKEN_HEADER)) };
}
const ok = <T>(result: Result<T>, code = 0): T => {
  expect(result.body.code, JSON.stringify(result.body)).toBe(code);
  return result.body.data!;
};
const signatureOf = (url: string): string => {
  const signature = new URL(url).searchParams.get('X-Amz-Signature');
  expect(signature, url).toBeTruthy();
  return signature!;
};
const linkToken = (urlPath: string): string => urlPath.split('/')[3]!;

describe('log lines carry no secrets', { timeout: 120_000 }, () => {
  let t: TestTenant;
  const secrets = new Map<string, string>();
  const keep = (what: string, value: string | undefined) => {
    expect(value, what).toBeTruthy();
    secrets.set(`${what} #${secrets.size}`, value!);
  };

  beforeAll(async () => {
    webDir = await mkdtemp(join(tmpdir(), 'com-drive-log-web-'));
    adapter = await startAdapter({ port: 0, webDir, ready: Promise.resolve(), fileOrigins: Promise.resolve([]), log: (line) => captured.push(`${line}\n`) });
    t = await newTenant({ signIn: false });
    previousLevel = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = 'debug';
    process.stdout.write = capture as typeof process.stdout.write;
    process.stderr.write = capture as typeof process.stderr.write;
  });

  afterAll(async () => {
    process.stdout.write = originalWrite.stdout;
    process.stderr.write = originalWrite.stderr;
    process.env.LOG_LEVEL = previousLevel;
    await adapter?.close();
    await rm(webDir, { recursive: true, force: true });
  });

  it('signs in, takes a mailed code, changes passwords, shares, requests and moves files without one secret in a line', async () => {
    // Password sign-in of the administrator.
    keep('admin password', t.password);
    const admin = await call('login/login_btn', { kyk_id: t.kykId, user_id: 'admin', password: t.password, force_flg: 1 });
    ok(admin);
    let adminToken = admin.token!;
    keep('session token', adminToken);

    // A user in a group that needs the mailed code: first sign-in with the temporary password, the forced change, then the code.
    const userId = `u${Date.now().toString(36)}`;
    const email = `logs-${t.kykId}@example.com`;
    const registered = ok(await call('com/user_info_reg_btn', { regist_mode: 1, user_id: userId, user_nm: 'Log User', email, language: 'en' }, adminToken), 990000210001);
    keep('temporary password', registered.temporary_password ?? undefined);
    const first = await call('login/login_btn', { kyk_id: t.kykId, user_id: userId, password: registered.temporary_password! });
    const ticket = (first.body.data as unknown as { next: { ticket: string } }).next.ticket;
    ok(first, -990000010009);
    keep('password-change ticket', ticket);
    const chosen = testPassword();
    keep('chosen password', chosen);
    const changed = await call('com/passchange_lnk', { ticket, new_password: chosen, confirm_password: chosen });
    ok(changed, 990000210002);
    keep('session token', changed.token);
    ok(await call('login/logout_btn', {}, changed.token));
    const group = await call('com/user_group_reg_btn', { product: 'ata', user_group_nm: `Second step ${userId}`, two_step: 1, mfa_valid_days: 30, member_ids: [userId] }, adminToken);
    ok(group);
    adminToken = group.token ?? adminToken;
    const step = await call('login/login_btn', { kyk_id: t.kykId, user_id: userId, password: chosen, force_flg: 1 });
    ok(step, -990000010013);
    const otpTicket = (step.body.data as unknown as { next: { ticket: string } }).next.ticket;
    keep('second-step ticket', otpTicket);
    const code = await mailedCode(email);
    keep('mailed code', code);
    const signedIn = await call('login/login_two_step', { ticket: otpTicket, auth_code: code });
    ok(signedIn);
    const userToken = signedIn.token!;
    keep('session token', userToken);

    // Own password change while signed in.
    const next = testPassword();
    keep('new password', next);
    const own = await call('com/passchange_btn', { current_password: chosen, new_password: next, confirm_password: next }, userToken);
    ok(own, 990000210002);
    if (own.token) keep('session token', own.token);

    // A presigned upload, then a presigned download.
    const folder = ok(await call('com_drive/folder_reg_btn', { parent_id: 'root', name: 'Logged' }, adminToken)).item;
    const bytes = new TextEncoder().encode('secret-free log test');
    const reg = ok(await call('com_drive/file_reg_btn', { folder_id: folder.id, name: 'note.txt', size: bytes.byteLength, content_type: 'text/plain' }, adminToken));
    if (reg.upload.method !== 'PUT') throw new Error('a small file is one PUT');
    keep('upload URL signature', signatureOf(reg.upload.url));
    expect((await fetch(reg.upload.url, { method: 'PUT', headers: reg.upload.headers, body: bytes })).status).toBe(200);
    for (let attempt = 0; attempt < 100; attempt++) {
      const item = await call('com_drive/file_info', { id: reg.item.id, polling: true }, adminToken);
      if (item.body.data?.item.status === 'ready') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const download = ok(await call('com_drive/download', { id: reg.item.id }, adminToken));
    keep('download URL signature', signatureOf(download.url));

    // A share link with a password, opened and downloaded with its token.
    const sharePassword = `share-${testPassword()}`;
    keep('share link password', sharePassword);
    const share = ok(await call('com_drive/share_link_create_btn', { id: reg.item.id, password: sharePassword }, adminToken));
    const shareToken = linkToken(share.url_path);
    keep('share token', shareToken);
    ok(await call('share/info', { kyk_id: t.kykId, token: shareToken }));
    const shared = ok(await call('share/download', { kyk_id: t.kykId, token: shareToken, password: sharePassword }));
    keep('share download signature', signatureOf(shared.url));
    // A wrong password is refused: its line must not carry it either.
    const wrong = `wrong-${testPassword()}`;
    keep('wrong share password', wrong);
    expect((await call('share/download', { kyk_id: t.kykId, token: shareToken, password: wrong })).body.code).toBeLessThan(0);

    // A file-request link with a password: opened, and a stranger's presigned upload through it.
    const requestPassword = `request-${testPassword()}`;
    keep('file-request password', requestPassword);
    const request = ok(await call('com_drive/file_request_create_btn', { folder_id: folder.id, password: requestPassword }, adminToken));
    const requestToken = linkToken(request.url_path);
    keep('file-request token', requestToken);
    ok(await call('request/info', { kyk_id: t.kykId, token: requestToken, password: requestPassword }));
    const sent = ok(await call('request/upload', { kyk_id: t.kykId, token: requestToken, password: requestPassword, name: 'sent.txt', size: bytes.byteLength, content_type: 'text/plain' }));
    keep('file-request upload signature', signatureOf(sent.url));

    const log = captured.join('');
    for (const [what, secret] of secrets) expect(log.includes(secret), `${what} appears in the log`).toBe(false);

    // And the log is not empty: every request's line names its contract, user, route and request id.
    const lines = log.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
    const requestLines = lines.filter((line) => line.message === 'request');
    expect(requestLines.length).toBeGreaterThanOrEqual(secrets.size);
    const lineOf = (route: string) => requestLines.find((line) => line.route === route);
    expect(lineOf('com_drive/share_link_create_btn')).toMatchObject({ level: 'INFO', kyk: t.kykId, user: 'admin', code: 0, status: 200 });
    expect(lineOf('com/passchange_btn')).toMatchObject({ kyk: t.kykId, user: userId, code: 990000210002 });
    expect(lineOf('login/login_two_step')).toMatchObject({ route: 'login/login_two_step' });
    expect(lineOf('login/login_btn')).toMatchObject({ kyk: t.kykId, user: 'admin' });
    expect(lineOf('share/download')).toMatchObject({ kyk: t.kykId });
    for (const line of requestLines) {
      expect(line.request_id, JSON.stringify(line)).toEqual(expect.any(String));
      expect(line.route, JSON.stringify(line)).toEqual(expect.any(String));
    }
    expect(requestLines.filter((line) => line.user === 'admin').every((line) => line.kyk === t.kykId)).toBe(true);
    // The refused password shows as a refusal, still without the password.
    expect(requestLines.some((line) => line.route === 'share/download' && typeof line.code === 'number' && line.code < 0 && typeof line.outcome === 'string')).toBe(true);
    expect(inject('stack').url).not.toBe(adapter.url);
  });
});
