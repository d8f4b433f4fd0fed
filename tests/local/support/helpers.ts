import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Envelope } from '#shared/envelope.ts';
import { demoAccount } from '#infra/local/demo-tenant.ts';
import { repoRoot } from '#infra/local/stack.ts';

export const tempDir = (prefix: string): Promise<string> => mkdtemp(join(tmpdir(), `com-drive-${prefix}-`));

/** A stand-in for web/dist: an index.html and one hashed asset. */
export async function makeWebDir(): Promise<string> {
  const dir = await tempDir('web');
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>Com Drive test SPA</title>');
  await writeFile(join(dir, 'assets', 'index-abc123.js'), 'console.log("spa");');
  return dir;
}

export async function postApi(baseUrl: string, path: string, body: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}/api/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  return { status: response.status, headers: response.headers, envelope: (await response.json()) as Envelope };
}

export const login = (baseUrl: string, account: { kykId: string; userId: string; password: string }) =>
  postApi(baseUrl, 'login/login_btn', JSON.stringify({ kyk_id: account.kykId, user_id: account.userId, password: account.password, force_flg: 1, language: 'en' }));

export const demoLogin = (baseUrl: string) => login(baseUrl, { kykId: demoAccount.kykId, userId: demoAccount.userId, password: demoAccount.defaultPassword });

/** `npm start` in its own process (as a second developer stack would run); resolves with its URL. */
export function startStackProcess(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/start.ts'], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const url = output.match(/running at (http:\/\/\S+)/)?.[1];
      if (url) resolve({ child, url });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`bin/start.ts exited (${code}) before it was ready:\n${output}`)));
  });
}

/** Runs a bin/ script to completion. */
export function runScript(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: repoRoot, env: { ...process.env, LOG_LEVEL: 'silent', ...env } });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

export const stopProcess = (child: ChildProcess): Promise<number | null> =>
  new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
