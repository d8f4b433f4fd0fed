import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { freeLoopbackPort } from './ports.ts';

/**
 * DynamoDB Local: the official jar shipped inside the npm package amplify-dynamodb-simulator.
 *
 * The jar has no bind-address option and listens on every interface, so it runs without
 * `-sharedDb`: it then keeps one database per access key and region, and the stack's data is only
 * reachable with the stack's random access key (`DATA_DIR/dynamodb-access-key`, token-secret.ts).
 * Any other key, from the network or not, opens an empty database of its own.
 */
export interface DynamoDbLocal {
  endpoint: string;
  /** The access key the data lives under: every client of this instance must use it. */
  accessKey: string;
  stop(): Promise<void>;
}

export class JavaMissingError extends Error {
  constructor() {
    super('Java 17+ is required for DynamoDB Local: apt-get install -y openjdk-17-jre-headless');
    this.name = 'JavaMissingError';
  }
}

// About 2 s on a quiet machine; a loaded 2-core one (tests and a benchmark side by side) has taken over 30.
const READY_TIMEOUT_MS = 90_000;

const emulatorDir = (): string =>
  join(dirname(createRequire(import.meta.url).resolve('amplify-dynamodb-simulator/package.json')), 'emulator');

/** A client that fails fast: used only to probe readiness and to create tables. */
export const localDynamoClient = (endpoint: string, region: string, accessKey: string): DynamoDBClient =>
  new DynamoDBClient({ endpoint, region, credentials: { accessKeyId: accessKey, secretAccessKey: accessKey }, maxAttempts: 1 });

/** The file DynamoDB Local keeps with `-sharedDb`, which earlier versions of the stack used. */
const sharedDbFile = 'shared-local-instance.db';

/** Data written while the stack still ran with `-sharedDb` moves to the file of the stack's key. */
function adoptSharedDb(dir: string, accessKey: string, region: string): void {
  const shared = join(dir, sharedDbFile);
  const own = join(dir, `${accessKey}_${region}.db`);
  if (existsSync(shared) && !existsSync(own)) renameSync(shared, own);
}

export async function startDynamoDbLocal(options: { dir: string; accessKey: string; inMemory?: boolean; region: string; log?: (line: string) => void }): Promise<DynamoDbLocal> {
  // The database files are named after the access key: only the owner may list them.
  mkdirSync(options.dir, { recursive: true, mode: 0o700 });
  chmodSync(options.dir, 0o700);
  if (!options.inMemory) adoptSharedDb(options.dir, options.accessKey, options.region);
  const port = await freeLoopbackPort();
  const emulator = emulatorDir();
  const storage = options.inMemory ? ['-inMemory'] : ['-dbPath', options.dir];
  // No -sharedDb: one database per access key and region (see DynamoDbLocal).
  const args = [`-Djava.library.path=${join(emulator, 'DynamoDBLocal_lib')}`, '-jar', join(emulator, 'DynamoDBLocal.jar'), ...storage, '-port', String(port), '-disableTelemetry'];
  // cwd inside the data dir: the jar writes dynamodb-local-metadata.json into its working directory.
  const child = spawn('java', args, { cwd: options.dir, stdio: ['ignore', 'pipe', 'pipe'] });
  const endpoint = `http://127.0.0.1:${port}`;

  let output = '';
  const keepTail = (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-4000));
  child.stdout?.on('data', keepTail);
  child.stderr?.on('data', keepTail);

  // Never leave a JVM behind when this process ends without calling stop().
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  let failure: Error | undefined;
  child.once('error', (error: NodeJS.ErrnoException) => (failure ??= error.code === 'ENOENT' ? new JavaMissingError() : error));
  child.once('exit', (code, signal) => (failure ??= new Error(`DynamoDB Local exited (${signal ?? code}) before it was ready:\n${output.trim()}`)));

  let stopping = false;
  const stop = async (): Promise<void> => {
    stopping = true;
    process.removeListener('exit', killOnExit);
    await stopChild(child);
  };

  try {
    await waitUntilReady(localDynamoClient(endpoint, options.region, options.accessKey), () => failure);
  } catch (error) {
    await stop();
    throw error;
  }
  child.once('exit', (code, signal) => {
    if (!stopping) options.log?.(`DynamoDB Local exited unexpectedly (${signal ?? code}):\n${output.trim()}`);
  });
  return { endpoint, accessKey: options.accessKey, stop };
}

async function waitUntilReady(client: DynamoDBClient, failed: () => Error | undefined): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  try {
    for (;;) {
      try {
        await client.send(new ListTablesCommand({ Limit: 1 }));
        return;
      } catch (error) {
        const failure = failed();
        if (failure) throw failure;
        if (Date.now() > deadline) throw new Error(`DynamoDB Local did not answer within ${READY_TIMEOUT_MS / 1000} s: ${String(error)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    client.destroy();
  }
}

/** SIGTERM, then SIGKILL if the JVM is still there after 3 s. */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 3000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
