import { functionEnv } from '#lib/table-design.ts';
import { resetClients } from '#lib/clients.ts';
import { withLocalTable, type LocalTarget } from './local-table.ts';
import { startS3Local } from './s3-local.ts';
import { dataLayout, findRunningStack, localNames } from './settings.ts';
import { loadOrCreateS3Credentials } from './token-secret.ts';

/**
 * Like withLocalTable, with the files bucket and the SAML key directory too (bin/tenant.ts export
 * and delete): through the S3 front of the stack running on `dataDir`, or else the same front and
 * s3rver started on the same directory for the duration (no storage events, no sweeps: nothing runs
 * but the operator's work). Either way signed with the data directory's own S3 key pair.
 */
export async function withLocalData<T>(dataDir: string, work: (target: LocalTarget) => Promise<T>): Promise<T> {
  return withLocalTable(dataDir, async (target) => {
    const layout = dataLayout(dataDir);
    const credentials = loadOrCreateS3Credentials(layout.s3Credentials);
    const pointAt = (endpoint: string, bucketName: string) => {
      Object.assign(process.env, {
        [functionEnv.s3Endpoint]: endpoint,
        [functionEnv.s3AccessKeyId]: credentials.accessKeyId,
        [functionEnv.s3SecretAccessKey]: credentials.secretAccessKey,
        [functionEnv.bucketName]: bucketName,
        [functionEnv.samlKeyDir]: layout.samlKeys,
      });
      resetClients();
    };
    const running = target.kind === 'running' ? findRunningStack(dataDir) : undefined;
    if (running) {
      pointAt(running.endpoints.s3, running.bucketName);
      return work(target);
    }
    const s3 = await startS3Local({
      dir: layout.s3, socketDir: layout.s3Socket, bucketName: localNames.bucketName, region: localNames.region,
      credentials, webOrigins: [], log: (line) => console.error(line), background: false,
    });
    try {
      pointAt(s3.endpoint, localNames.bucketName);
      return await work(target);
    } finally {
      resetClients();
      await s3.stop();
    }
  });
}
