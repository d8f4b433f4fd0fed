import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { freeLoopbackPort } from './ports.ts';

/** DynamoDB Local: the official jar shipped inside the npm package amplify-dynamodb-simulator. */
export interface DynamoDbLocal {
  endpoint: string;
  stop(): Promise<void>;
}

export class JavaMissingError extends Error {
  constructor() {
    super('Java 17+ is required for DynamoDB Local: apt-get install -y openjdk-17-jre-headless');
    this.name = 'JavaMissingError';
  }
}

const READY_TIMEOUT_MS = 30_000;

const emulatorDir = (): string =>
  join(dirname(createRequire(import.meta.url).resolve('amplify-dynamodb-simulator/package.json')), 'emulator');

/** A client that fails fast: used only to probe readiness and to create tables. */
export const localDynamoClient = (endpoint: string, region: string): DynamoDBClient =>
  new DynamoDBClient({ endpoint, region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 });

export async function startDynamoDbLocal(options: { dir: string; inMemory?: boolean; region: string; log?: (line: string) => void }): Promise<DynamoDbLocal> {
  mkdirSync(options.dir, { recursive: true });
  const port = await freeLoopbackPort();
  const emulator = emulatorDir();
  const storage = options.inMemory ? ['-inMemory'] : ['-dbPath', options.dir];
  const args = [`-Djava.library.path=${join(emulator, 'DynamoDBLocal_lib')}`, '-jar', join(emulator, 'DynamoDBLocal.jar'), '-sharedDb', ...storage, '-port', String(port), '-disableTelemetry'];
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
    await waitUntilReady(endpoint, options.region, () => failure);
  } catch (error) {
    await stop();
    throw error;
  }
  child.once('exit', (code, signal) => {
    if (!stopping) options.log?.(`DynamoDB Local exited unexpectedly (${signal ?? code}):\n${output.trim()}`);
  });
  return { endpoint, stop };
}

async function waitUntilReady(endpoint: string, region: string, failed: () => Error | undefined): Promise<void> {
  const client = localDynamoClient(endpoint, region);
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
