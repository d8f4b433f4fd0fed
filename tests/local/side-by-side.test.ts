import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataLayout, type StackFile } from '#infra/local/settings.ts';
import { startLocalStack, type LocalStack } from '#infra/local/stack.ts';
import { demoLogin, login, makeWebDir, runScript, startStackProcess, stopProcess, tempDir } from './support/helpers.ts';

/**
 * Persistent data directories: two stacks side by side (one here, one as `npm start` in its own
 * process, since the in-process handlers read one process.env), data kept across a restart, and the
 * operator CLI finding the running stack through DATA_DIR.
 */
describe('local stacks on disk', () => {
  let webDir: string;
  let dirA: string;
  let dirB: string;
  let stackA: LocalStack | undefined;
  let processB: { child: ChildProcess; url: string } | undefined;

  beforeAll(async () => {
    process.env.LOG_LEVEL = 'silent';
    [webDir, dirA, dirB] = await Promise.all([makeWebDir(), tempDir('a'), tempDir('b')]);
    // Both start at once: their stand-ins must not collide on ports.
    [stackA, processB] = await Promise.all([
      startLocalStack({ port: 0, dataDir: dirA, webDir, log: () => undefined }),
      startStackProcess({ PORT: '0', DATA_DIR: dirB, WEB_DIR: webDir }),
    ]);
  });

  afterAll(async () => {
    await stackA?.stop();
    if (processB) await stopProcess(processB.child);
    await Promise.all([webDir, dirA, dirB].map((dir) => dir && rm(dir, { recursive: true, force: true })));
  });

  it('runs two stacks with different ports and data directories side by side', async () => {
    expect(stackA!.url).not.toBe(processB!.url);
    const [a, b] = await Promise.all([demoLogin(stackA!.url), demoLogin(processB!.url)]);
    expect(a.envelope.code).toBe(0);
    expect(b.envelope.code).toBe(0);
    const published = JSON.parse(readFileSync(dataLayout(dirB).stackFile, 'utf8')) as StackFile;
    expect(published.endpoints.dynamodb).not.toBe(stackA!.endpoints.dynamodb);
  });

  it('creates a tenant with the operator CLI through the running stack', async () => {
    const result = await runScript('bin/tenant.ts', ['create', 'acme', '--admin', 'boss', '--password', 'pass-word-1', '--email', 'boss@acme.example'], { DATA_DIR: dirB });
    expect(result.output).toContain(`Created contract acme ("acme") in the local stack at ${processB!.url}`);
    expect(result.code).toBe(0);
    expect((await login(processB!.url, { kykId: 'acme', userId: 'boss', password: 'pass-word-1' })).envelope.code).toBe(0);

    const again = await runScript('bin/tenant.ts', ['create', 'acme', '--admin', 'boss', '--password', 'pass-word-1'], { DATA_DIR: dirB });
    expect(again.code).toBe(1);
    expect(again.output).toContain('Contract acme already exists');
  });

  it('unlocks with the operator CLI an administrator that guessers locked out', async () => {
    for (let attempt = 1; attempt <= 10; attempt += 1) await login(processB!.url, { kykId: 'acme', userId: 'boss', password: `guess-${attempt}` });
    expect((await login(processB!.url, { kykId: 'acme', userId: 'boss', password: 'pass-word-1' })).envelope.code).toBe(-990000010007);
    const result = await runScript('bin/tenant.ts', ['unlock', 'acme', 'boss'], { DATA_DIR: dirB });
    expect(result.output).toContain('Unlocked boss of contract acme in the local stack');
    expect(result.code).toBe(0);
    expect((await login(processB!.url, { kykId: 'acme', userId: 'boss', password: 'pass-word-1' })).envelope.code).toBe(0);
    const unknown = await runScript('bin/tenant.ts', ['unlock', 'acme', 'nobody'], { DATA_DIR: dirB });
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain('No user "nobody" in contract "acme"');
  });

  it('shows and sets a contract\'s storage quota with the operator CLI', async () => {
    const set = await runScript('bin/tenant.ts', ['quota', 'acme', '1.5GB'], { DATA_DIR: dirB });
    expect(set.code).toBe(0);
    expect(set.output).toContain('Set the quota of contract acme in the local stack');
    expect(set.output).toContain('Quota: 1610612736 bytes (1.5 GB)');
    expect(set.output).toContain('Used: 0 bytes (0.0 B); reserved by 0 pending uploads: 0 bytes (0.0 B)');
    const shown = await runScript('bin/tenant.ts', ['quota', 'acme'], { DATA_DIR: dirB });
    expect(shown.output).toContain('Contract acme in the local stack');
    expect(shown.output).toContain('Quota: 1610612736 bytes (1.5 GB)');
    const lifted = await runScript('bin/tenant.ts', ['quota', 'acme', 'none'], { DATA_DIR: dirB });
    expect(lifted.output).toContain('Quota: none');
    const bad = await runScript('bin/tenant.ts', ['quota', 'acme', 'lots'], { DATA_DIR: dirB });
    expect(bad.code).toBe(1);
    expect(bad.output).toContain('Bad size "lots"');
    const missing = await runScript('bin/tenant.ts', ['quota', 'nosuch', '1GB'], { DATA_DIR: dirB });
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('No contract "nosuch"');
  });

  it('stops every child process of npm start on SIGTERM', async () => {
    const published = JSON.parse(readFileSync(dataLayout(dirB).stackFile, 'utf8')) as StackFile;
    expect(await stopProcess(processB!.child)).toBe(0);
    processB = undefined;
    expect(existsSync(dataLayout(dirB).stackFile)).toBe(false);
    await expect(fetch(published.endpoints.dynamodb)).rejects.toThrow();
  });

  it('keeps the seeded data, new contracts and the token secret across a restart', async () => {
    const { envelope } = await demoLogin(stackA!.url);
    expect(envelope.code).toBe(0);
    const secret = stackA!.functionEnv.TOKEN_SECRET;
    await stackA!.stop();
    stackA = await startLocalStack({ port: 0, dataDir: dirA, webDir, log: () => undefined });
    expect(stackA.functionEnv.TOKEN_SECRET).toBe(secret);
    expect(statSync(dataLayout(dirA).tokenSecret).mode & 0o777).toBe(0o600);
    expect((await demoLogin(stackA.url)).envelope.code).toBe(0);
  });

  it('creates a tenant with the operator CLI when no stack runs (its own DynamoDB Local on the data directory)', async () => {
    const result = await runScript('bin/tenant.ts', ['create', 'solo', '--admin', 'boss', '--password', 'pass-word-1'], { DATA_DIR: dirB });
    expect(result.output).toContain('(no stack was running)');
    expect(result.code).toBe(0);
    // The data is there for the next start of that directory.
    await stackA!.stop();
    stackA = await startLocalStack({ port: 0, dataDir: dirB, webDir, log: () => undefined });
    // Created without an e-mail address: the first sign-in asks the administrator for it.
    expect((await login(stackA.url, { kykId: 'solo', userId: 'boss', password: 'pass-word-1' })).envelope.code).toBe(-990000010008);
    expect((await login(stackA.url, { kykId: 'acme', userId: 'boss', password: 'pass-word-1' })).envelope.code).toBe(0);
  });
});
