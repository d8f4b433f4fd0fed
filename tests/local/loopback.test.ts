import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, readlinkSync, renameSync, statSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { GetItemCommand, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDynamoClient } from '#infra/local/dynamodb-local.ts';
import { dataLayout, localNames } from '#infra/local/settings.ts';
import { startLocalStack, type LocalStack } from '#infra/local/stack.ts';
import { functionEnv } from '#lib/table-design.ts';
import { demoLogin, makeWebDir, tempDir } from './support/helpers.ts';

/**
 * What a machine on the developer's network can reach of a running local stack: the app, the S3
 * front and the SES emulator listen on 127.0.0.1 only (s3rver on no TCP port at all, behind the
 * front); DynamoDB Local (no bind-address option) listens on every interface, but keeps the stack's
 * data under the stack's random access key.
 */

/** Listening TCP sockets of this machine (Linux): address, port and socket inode, from /proc/net/tcp and tcp6. */
function listeners(): { address: string; port: number; inode: string }[] {
  const v4 = (hex: string) => [6, 4, 2, 0].map((at) => parseInt(hex.slice(at, at + 2), 16)).join('.');
  // tcp6 prints four 32-bit words, each in host (little-endian) byte order.
  const v6 = (hex: string) => {
    const bytes = [0, 8, 16, 24].flatMap((word) => [6, 4, 2, 0].map((at) => hex.slice(word + at, word + at + 2))).join('');
    if (/^0{20}ffff/i.test(bytes)) return v4(bytes.slice(24).match(/../g)!.reverse().join(''));
    return /^0+$/.test(bytes) ? '::' : bytes.match(/..../g)!.join(':').toLowerCase();
  };
  return ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields[3] === '0A') // LISTEN
      .map((fields) => {
        const [address, port] = fields[1]!.split(':') as [string, string];
        return { address: address.length === 8 ? v4(address) : v6(address), port: parseInt(port, 16), inode: fields[9]! };
      }),
  );
}

/** The TCP ports this process listens on (its open sockets among the machine's listeners). */
function ownListeningPorts(): number[] {
  const own = new Set(readdirSync('/proc/self/fd').map((fd) => {
    try {
      return /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/self/fd/${fd}`))?.[1];
    } catch {
      return undefined; // closed meanwhile
    }
  }));
  return [...new Set(listeners().filter((socket) => own.has(socket.inode)).map((socket) => socket.port))].sort((a, b) => a - b);
}

const addressesOn = (url: string): string[] => {
  const port = Number(new URL(url).port);
  return listeners().filter((socket) => socket.port === port).map((socket) => socket.address);
};

/** The address another machine on the network would use (the first non-internal IPv4), else loopback. */
const networkAddress = (): string =>
  Object.values(networkInterfaces()).flat().find((entry) => entry && !entry.internal && entry.family === 'IPv4')?.address ?? '127.0.0.1';

describe('local stack on loopback', () => {
  let stack: LocalStack;
  let dataDir: string;
  let webDir: string;

  beforeAll(async () => {
    process.env.LOG_LEVEL = 'silent';
    [dataDir, webDir] = await Promise.all([tempDir('loopback'), makeWebDir()]);
    stack = await startLocalStack({ port: 0, dataDir, webDir, log: () => undefined });
  });

  afterAll(async () => {
    await stack?.stop();
    await Promise.all([dataDir, webDir].map((dir) => dir && rm(dir, { recursive: true, force: true })));
  });

  it('binds the app (SPA and /api), the S3 front and the SES emulator to 127.0.0.1 only', () => {
    for (const url of [stack.url, stack.endpoints.s3, stack.endpoints.ses]) {
      expect(addressesOn(url), url).toEqual(['127.0.0.1']);
    }
  });

  it('gives s3rver no TCP port: the S3 front is its only door, and it refuses anonymous access', async () => {
    const ports = [stack.url, stack.endpoints.s3, stack.endpoints.ses].map((url) => Number(new URL(url).port)).sort((a, b) => a - b);
    expect(ownListeningPorts()).toEqual(ports);
    // s3rver's socket is in a directory only the owner may enter.
    expect(statSync(dataLayout(dataDir).s3Socket).mode & 0o777).toBe(0o700);
    for (const path of [`/${localNames.bucketName}`, `/${localNames.bucketName}?list-type=2`, `/${localNames.bucketName}/t/demo/anything`]) {
      const response = await fetch(`${stack.endpoints.s3}${path}`);
      expect(response.status, path).toBe(403);
      expect(await response.text(), path).toContain('<Code>AccessDenied</Code>');
    }
  });

  it("signs S3 requests with a random key pair of the data directory's, in a file only the owner reads", () => {
    const file = dataLayout(dataDir).s3Credentials;
    const [accessKeyId, secretAccessKey] = readFileSync(file, 'utf8').trim().split(' ');
    expect(accessKeyId).toMatch(/^LOCAL[0-9A-Z]{15}$/);
    expect(secretAccessKey).toHaveLength(40);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(stack.functionEnv[functionEnv.s3AccessKeyId]).toBe(accessKeyId);
    expect(stack.functionEnv[functionEnv.s3SecretAccessKey]).toBe(secretAccessKey);
  });

  it('cannot keep DynamoDB Local off the network: it listens on every interface (hence the access key)', () => {
    expect(addressesOn(stack.endpoints.dynamodb).some((address) => address === '::' || address === '0.0.0.0')).toBe(true);
  });

  it("keeps the data under the stack's random access key, in a file only the owner reads", () => {
    const file = dataLayout(dataDir).dynamodbKey;
    const key = readFileSync(file, 'utf8').trim();
    expect(key).toMatch(/^[0-9a-f]{40}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(stack.functionEnv[functionEnv.dynamodbAccessKey]).toBe(key);
    // The database files are named after the key: the directory is the owner's alone.
    expect(statSync(dataLayout(dataDir).dynamodb).mode & 0o777).toBe(0o700);
  });

  it("shows another access key no table and no item of the stack's data, from the network address", async () => {
    const endpoint = `http://${networkAddress()}:${new URL(stack.endpoints.dynamodb).port}`;
    const own = localDynamoClient(endpoint, localNames.region, stack.functionEnv[functionEnv.dynamodbAccessKey]!);
    const other = localDynamoClient(endpoint, localNames.region, 'AKIAGUESSEDBYANATTACKER');
    const local = localDynamoClient(endpoint, localNames.region, 'local'); // the key the stack used before
    try {
      expect((await own.send(new ListTablesCommand({}))).TableNames).toEqual([localNames.tableName, localNames.auditTableName].sort());
      for (const client of [other, local]) {
        expect((await client.send(new ListTablesCommand({}))).TableNames).toEqual([]);
        await expect(client.send(new GetItemCommand({ TableName: localNames.tableName, Key: { pk: { S: 'T#demo' }, sk: { S: 'CONTRACT' } } }))).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
      }
    } finally {
      for (const client of [own, other, local]) client.destroy();
    }
  });

  it("serves the SPA with CloudFront's security headers: its inline script by hash, the S3 front for the presigned URLs", async () => {
    const inline = 'window.language = "en";';
    await writeFile(join(webDir, 'index.html'), `<!doctype html><script>${inline}</script><script type="module" src="/assets/index-abc123.js"></script>`);
    const hash = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
    for (const path of ['/login', '/assets/index-abc123.js', '/no-such-file.png']) {
      const headers = (await fetch(`${stack.url}${path}`)).headers;
      expect(headers.get('content-security-policy'), path).toBe(
        `default-src 'self'; script-src 'self' ${hash}; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; ` +
          `connect-src 'self' ${stack.endpoints.s3}; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'`,
      );
      expect(headers.get('strict-transport-security'), path).toBe('max-age=63072000; includeSubDomains');
      expect(headers.get('x-frame-options'), path).toBe('DENY');
      expect(headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
    }
    expect((await fetch(`${stack.url}/share/abc`)).headers.get('referrer-policy')).toBe('no-referrer');
    expect((await fetch(`${stack.url}/request/abc`)).headers.get('referrer-policy')).toBe('no-referrer');
    const api = await fetch(`${stack.url}/api/no/such_route`, { method: 'POST', body: '{}' });
    expect(api.headers.get('x-frame-options')).toBe('DENY');
    expect(api.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  // Restarts DynamoDB Local twice: more than the project's 60 s on a loaded machine.
  it('adopts the data of a stack that ran with -sharedDb, so an existing .local/ keeps its contracts', { timeout: 180_000 }, async () => {
    expect((await demoLogin(stack.url)).envelope.code).toBe(0);
    const key = stack.functionEnv[functionEnv.dynamodbAccessKey]!;
    await stack.stop();
    const dir = dataLayout(dataDir).dynamodb;
    // The file an earlier stack wrote with -sharedDb; the key file did not exist then either.
    renameSync(join(dir, `${key}_${localNames.region}.db`), join(dir, 'shared-local-instance.db'));
    await rm(dataLayout(dataDir).dynamodbKey);
    stack = await startLocalStack({ port: 0, dataDir, webDir, seedDemo: false, log: () => undefined });
    expect(stack.functionEnv[functionEnv.dynamodbAccessKey]).not.toBe(key);
    expect((await demoLogin(stack.url)).envelope.code).toBe(0);
  });
});
