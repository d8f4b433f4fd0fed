import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** aws-ses-v2-local on loopback: accepts SES v1/v2 sends and shows them in a web viewer at its root. */
export interface SesLocal {
  endpoint: string;
  mailViewer: string;
  stop(): Promise<void>;
}

type StartSes = (config: { host: string; port: number }) => Promise<Server>;

export async function startSesLocal(): Promise<SesLocal> {
  // CommonJS compiled from TypeScript: the function sits on `default` of the CJS default export.
  const module = (await import('aws-ses-v2-local')) as unknown as { default: StartSes | { default: StartSes } };
  const start = typeof module.default === 'function' ? module.default : module.default.default;
  // Its default host is every interface: keep it on loopback. Port 0 = any free port (no EADDRINUSE race).
  const server = await start({ host: '127.0.0.1', port: 0 });
  const { port } = server.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    mailViewer: `${endpoint}/`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
