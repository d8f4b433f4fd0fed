import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';
import { freeLoopbackPort } from './ports.ts';

/**
 * moto_server (moto 5, Python): an S3 that has what s3rver lacks — bucket versioning, Object Lock
 * (COMPLIANCE and GOVERNANCE retention, legal hold) and S3's conditional writes — so the product's
 * own S3 code can be run against them (`npm run test:moto`, `LOCAL_S3=moto`). In memory: its state
 * goes with the process. It accepts any credentials and checks no signature.
 *
 * It cannot be installed from the registries this project reaches (no Python package index): it
 * must be on the machine image (.ci/run checks for it before anything else).
 */
export interface MotoServer {
  /** `http://127.0.0.1:<port>`: path-style S3 requests go here. */
  endpoint: string;
  stop(): Promise<void>;
}

export class MotoServerMissingError extends Error {
  constructor() {
    super(
      'moto_server (moto 5, Python) is needed for the Object Lock tests (npm run test:moto) and LOCAL_S3=moto, ' +
        'but it is neither on PATH nor under pyenv\'s versions. It cannot be installed from the registries this ' +
        'project reaches: it must be on the machine image.',
    );
    this.name = 'MotoServerMissingError';
  }
}

const PROGRAM = 'moto_server';
// Ready in under a second on a quiet machine (Python imports moto's S3 backend); a loaded one is slower.
const READY_TIMEOUT_MS = 60_000;
// A port that was free a moment ago can be taken before moto binds it: try another a few times.
const PORT_ATTEMPTS = 3;

const executable = (file: string): boolean => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * Where moto_server is: on PATH (pyenv's shims, a virtualenv), else in one of pyenv's Python
 * versions (a shell started with a bare PATH does not see the shims).
 */
export function findMotoServer(env: NodeJS.ProcessEnv = process.env): string | undefined {
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    const file = join(dir, PROGRAM);
    if (executable(file)) return file;
  }
  const pyenvRoot = env.PYENV_ROOT || join(homedir(), '.pyenv');
  let versions: string[] = [];
  try {
    versions = readdirSync(join(pyenvRoot, 'versions')).sort().reverse();
  } catch {
    return undefined;
  }
  return versions.map((version) => join(pyenvRoot, 'versions', version, 'bin', PROGRAM)).find(executable);
}

/** Starts moto_server on a free loopback port and waits until it answers S3's ListBuckets. */
export async function startMotoServer(options: { log?: (line: string) => void } = {}): Promise<MotoServer> {
  const program = findMotoServer();
  if (!program) throw new MotoServerMissingError();
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOn(program, await freeLoopbackPort(), options.log);
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt >= PORT_ATTEMPTS) throw error;
    }
  }
}

class PortTakenError extends Error {}

const endingSignals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

async function startOn(program: string, port: number, log: ((line: string) => void) | undefined): Promise<MotoServer> {
  // Its own process group (detached): stop() ends the shim, pyenv and Python together, no orphans.
  const child = spawn(program, ['-H', '127.0.0.1', '-p', String(port)], { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const endpoint = `http://127.0.0.1:${port}`;

  // Werkzeug logs every request on stderr: keep only the tail, for the error when it fails.
  let output = '';
  const keepTail = (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-4000));
  child.stdout?.on('data', keepTail);
  child.stderr?.on('data', keepTail);

  // Never leave moto behind when this process ends without calling stop(): its own group does not
  // get the terminal's Ctrl-C, so a signal that ends this process ends moto first.
  const killOnExit = () => killGroup(child, 'SIGKILL');
  process.once('exit', killOnExit);
  const onSignal = (signal: NodeJS.Signals) => {
    killGroup(child, 'SIGKILL');
    // As if this listener were not there: with no other one, the signal's default (ending) applies.
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  for (const signal of endingSignals) process.once(signal, onSignal);

  let failure: Error | undefined;
  child.once('error', (error: NodeJS.ErrnoException) => (failure ??= error.code === 'ENOENT' ? new MotoServerMissingError() : error));
  child.once('exit', (code, signal) => {
    failure ??= /address already in use/i.test(output)
      ? new PortTakenError(`port ${port} taken`)
      : new Error(`moto_server (${program}) exited (${signal ?? code}) before it was ready:\n${output.trim()}`);
  });

  let stopping = false;
  const stop = async (): Promise<void> => {
    stopping = true;
    process.removeListener('exit', killOnExit);
    for (const signal of endingSignals) process.removeListener(signal, onSignal);
    await stopGroup(child);
  };

  try {
    await waitUntilReady(endpoint, () => failure);
  } catch (error) {
    await stop();
    throw error;
  }
  child.once('exit', (code, signal) => {
    if (!stopping) log?.(`moto_server exited unexpectedly (${signal ?? code}):\n${output.trim()}`);
  });
  return { endpoint, stop };
}

async function waitUntilReady(endpoint: string, failed: () => Error | undefined): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    try {
      // Any HTTP answer means the S3 backend is loaded and serving (moto answers ListBuckets 200).
      await fetch(`${endpoint}/`, { signal: AbortSignal.timeout(2000) });
      return;
    } catch (error) {
      const failure = failed();
      if (failure) throw failure;
      if (Date.now() > deadline) throw new Error(`moto_server did not answer on ${endpoint} within ${READY_TIMEOUT_MS / 1000} s: ${String(error)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const running = (child: ChildProcess): boolean => child.exitCode === null && child.signalCode === null && child.pid !== undefined;

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is gone already.
  }
}

/** SIGTERM to the whole group, then SIGKILL if it is still there after 3 s. */
function stopGroup(child: ChildProcess): Promise<void> {
  if (!running(child)) {
    // The leader may be gone while a child of the group lives on.
    killGroup(child, 'SIGKILL');
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const force = setTimeout(() => killGroup(child, 'SIGKILL'), 3000);
    child.once('exit', () => {
      clearTimeout(force);
      // Whatever else the group holds goes with its leader.
      killGroup(child, 'SIGKILL');
      resolve();
    });
    killGroup(child, 'SIGTERM');
  });
}
