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
