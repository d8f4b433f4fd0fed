import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { createHmac } from 'node:crypto';
import { config } from './config.ts';

/**
 * The one secret every signed value of the product hangs from: TOKEN_SECRET locally and in tests,
 * Secrets Manager (TOKEN_SECRET_ARN) in AWS, read once per cold start.
 */
let secret: Promise<string> | undefined;
export const signingSecret = (): Promise<string> =>
  (secret ??= (async () => {
    if (config.tokenSecret) return config.tokenSecret;
    if (!config.tokenSecretArn) throw new Error('Neither TOKEN_SECRET nor TOKEN_SECRET_ARN is set');
    const { SecretString } = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: config.tokenSecretArn }));
    if (!SecretString) throw new Error('The token secret is empty');
    return SecretString;
  })());

/**
 * A key for another purpose than sessions (HMAC-SHA256 of the purpose under the token secret, a
 * standard key derivation): what is signed with it never verifies as a session token, and the
 * other way round. Stored values depend on it, so the derivation never changes.
 */
export const derivedSecret = async (purpose: string): Promise<string> =>
  createHmac('sha256', await signingSecret()).update(purpose).digest('base64url');

/** For tests and the local stack, which set TOKEN_SECRET after import. */
export const resetTokenSecret = (): void => {
  secret = undefined;
};
