import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';
import { functionEnv } from '#lib/table-design.ts';
import { resetClients } from '#lib/clients.ts';
import { withLocalTable, type LocalTarget } from './local-table.ts';
import { dataLayout, findRunningStack, localNames } from './settings.ts';

/**
 * Like withLocalTable, with the files bucket and the SAML key directory too (bin/tenant.ts export
 * and delete): through the stack running on `dataDir`, or else a bare s3rver started on the same
 * directory for the duration (no storage events, no sweeps: nothing runs but the operator's work).
 */
export async function withLocalData<T>(dataDir: string, work: (target: LocalTarget) => Promise<T>): Promise<T> {
  return withLocalTable(dataDir, async (target) => {
    const layout = dataLayout(dataDir);
    const pointAt = (endpoint: string, bucketName: string) => {
      Object.assign(process.env, { [functionEnv.s3Endpoint]: endpoint, [functionEnv.bucketName]: bucketName, [functionEnv.samlKeyDir]: layout.samlKeys });
      resetClients();
    };
    const running = target.kind === 'running' ? findRunningStack(dataDir) : undefined;
    if (running) {
      pointAt(running.endpoints.s3, running.bucketName);
      return work(target);
    }
    mkdirSync(layout.s3, { recursive: true });
    const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: layout.s3, configureBuckets: [{ name: localNames.bucketName, configs: [] }] });
    const { address, port } = await server.run();
    try {
      pointAt(`http://${address}:${port}`, localNames.bucketName);
      return await work(target);
    } finally {
      resetClients();
      await server.close();
    }
  });
}
