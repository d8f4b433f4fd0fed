import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';

/** A secret generated once per data directory and kept in a file only its owner can read (0600). */
function loadOrCreateSecretFile(file: string, isValid: (secret: string) => boolean, create: () => string): { secret: string; created: boolean } {
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (isValid(secret)) return { secret, created: false };
  }
  const secret = create();
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return { secret, created: true };
}

/**
 * The local token signing secret: generated once per data directory and kept, so tokens (and the
 * browser's session) survive a restart of the stack, like a secret in Secrets Manager would.
 */
export function loadOrCreateTokenSecret(file: string): string {
  return loadOrCreateSecretFile(file, (secret) => secret.length >= 32, () => randomBytes(48).toString('base64url')).secret; // 64 characters
}

/**
 * The access key of the stack's DynamoDB Local. The jar listens on every interface (it has no bind
 * address) and checks no signature, but without `-sharedDb` it keeps one database per access key and
 * region: whoever reaches its port without this key sees an empty database, not the tenants' data.
 * 160 random bits in hex (DynamoDB Local accepts only letters and digits in an access key).
 */
export function loadOrCreateDynamoDbKey(file: string): { key: string; created: boolean } {
  const { secret, created } = loadOrCreateSecretFile(file, (key) => /^[0-9a-f]{40}$/.test(key), () => randomBytes(20).toString('hex'));
  return { key: secret, created };
}

/**
 * The local S3 endpoint's key pair (infra/local/s3-front.ts checks every request's signature with
 * it): random per data directory, never s3rver's well-known S3RVER pair, so a URL or a request
 * signed for another stack, or by anyone who only knows the stand-in, is refused. One line:
 * `<access key id> <secret access key>`.
 */
export function loadOrCreateS3Credentials(file: string): { accessKeyId: string; secretAccessKey: string } {
  const { secret } = loadOrCreateSecretFile(
    file,
    (line) => /^LOCAL[0-9A-Z]{15} [0-9A-Za-z_-]{40}$/.test(line),
    () => `LOCAL${randomBytes(15).toString('hex').toUpperCase().slice(0, 15)} ${randomBytes(30).toString('base64url')}`,
  );
  const [accessKeyId, secretAccessKey] = secret.split(' ') as [string, string];
  return { accessKeyId, secretAccessKey };
}
