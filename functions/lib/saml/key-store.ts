import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DeleteParameterCommand, GetParameterCommand, ParameterNotFound, PutParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { config } from '../config.ts';

/**
 * The SAML service provider's private key per contract is a secret (ARCHITECTURE.md "Secrets"):
 * in AWS an SSM SecureString `<SAML_KEY_PARAMETER_PREFIX><contract>` (encrypted with the account's
 * aws/ssm key; only the security Lambda may put and only the auth Lambda may read, infra/aws),
 * locally a file `<SAML_KEY_DIR>/<contract>.pem` with mode 0600. It never enters DynamoDB, the
 * audit log, a response or a log line. The certificate (public) lives with the SSO settings.
 */
let ssm: SSMClient | undefined;
const ssmClient = (): SSMClient => (ssm ??= new SSMClient({}));

const store = (): { kind: 'ssm'; prefix: string } | { kind: 'file'; dir: string } => {
  if (config.samlKeyParameterPrefix) return { kind: 'ssm', prefix: config.samlKeyParameterPrefix };
  if (config.samlKeyDir) return { kind: 'file', dir: config.samlKeyDir };
  throw new Error('Neither SAML_KEY_PARAMETER_PREFIX nor SAML_KEY_DIR is set');
};

/** Contract IDs are letters, digits, _ and - (CONTRACT_ID_PATTERN): safe as a file or parameter name. */
const safeName = (kykId: string): string => {
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]{0,19}$/.test(kykId)) throw new Error('Invalid contract ID for a key name');
  return kykId;
};

export async function putSpPrivateKey(kykId: string, privateKeyPem: string): Promise<void> {
  const target = store();
  if (target.kind === 'ssm') {
    await ssmClient().send(new PutParameterCommand({
      Name: `${target.prefix}${safeName(kykId)}`, Value: privateKeyPem, Type: 'SecureString', Overwrite: true, Tier: 'Standard',
    }));
    return;
  }
  await mkdir(target.dir, { recursive: true, mode: 0o700 });
  const file = join(target.dir, `${safeName(kykId)}.pem`);
  await writeFile(file, privateKeyPem, { mode: 0o600 });
  await chmod(file, 0o600);
}

export async function getSpPrivateKey(kykId: string): Promise<string | undefined> {
  const target = store();
  if (target.kind === 'ssm') {
    try {
      const { Parameter } = await ssmClient().send(new GetParameterCommand({ Name: `${target.prefix}${safeName(kykId)}`, WithDecryption: true }));
      return Parameter?.Value || undefined;
    } catch (error) {
      if (error instanceof ParameterNotFound) return undefined;
      throw error;
    }
  }
  try {
    return await readFile(join(target.dir, `${safeName(kykId)}.pem`), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Removes the contract's key (deleting the contract, bin/tenant.ts); answers whether there was one. */
export async function deleteSpPrivateKey(kykId: string): Promise<boolean> {
  const target = store();
  if (target.kind === 'ssm') {
    try {
      await ssmClient().send(new DeleteParameterCommand({ Name: `${target.prefix}${safeName(kykId)}` }));
      return true;
    } catch (error) {
      if (error instanceof ParameterNotFound) return false;
      throw error;
    }
  }
  const file = join(target.dir, `${safeName(kykId)}.pem`);
  const existed = (await readFile(file).then(() => true, () => false));
  await rm(file, { force: true });
  return existed;
}
