import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** A port that was free on 127.0.0.1 a moment ago: the OS picks it, we release it for the caller. */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('No free loopback port'))));
    });
  });
}

/** Raised when the adapter's port is taken, so bin/start.ts can print one line about it. */
export class PortInUseError extends Error {
  constructor(readonly port: number) {
    super(`Port ${port} is in use: set PORT=<another port> (or PORT=0 for any free port)`);
    this.name = 'PortInUseError';
  }
}

const readPort = (file: string): number | undefined => {
  try {
    const port = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(port) && port > 0 && port <= 65535 ? port : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Listens on the port kept in `file` (one per data directory), so what a developer set up once (a
 * mail client's SMTP server) keeps working across restarts; the first start, or a start that finds
 * the kept port taken by another program, takes a free one and keeps that. `listen` answers the
 * port it got and throws the listen error (EADDRINUSE) as is.
 */
export async function listenOnKeptPort(file: string, listen: (port: number) => Promise<number>, log: (line: string) => void): Promise<number> {
  const kept = readPort(file);
  let port: number | undefined;
  if (kept !== undefined) {
    try {
      port = await listen(kept);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      log(`Port ${kept} (kept in ${file}) is in use: taking another one`);
    }
  }
  port ??= await listen(0);
  if (port !== kept) writeFileSync(file, `${port}\n`);
  return port;
}
