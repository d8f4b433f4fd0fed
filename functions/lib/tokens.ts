import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import jwt from 'jsonwebtoken';
import { config } from './config.ts';

/**
 * Session tokens: HS256 JWTs naming the contract, user and session. The signature proves we issued
 * it; the session item decides whether it is still alive.
 */
export interface TokenClaims {
  kyk: string;
  sub: string;
  sid: string;
  /** Epoch seconds: equal to the session's idle expiry when the token was issued. */
  exp: number;
}

const ALGORITHM = 'HS256';

let secret: Promise<string> | undefined;
const signingSecret = (): Promise<string> =>
  (secret ??= (async () => {
    if (config.tokenSecret) return config.tokenSecret;
    if (!config.tokenSecretArn) throw new Error('Neither TOKEN_SECRET nor TOKEN_SECRET_ARN is set');
    const { SecretString } = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: config.tokenSecretArn }));
    if (!SecretString) throw new Error('The token secret is empty');
    return SecretString;
  })());

export async function signToken(claims: TokenClaims): Promise<string> {
  const { kyk, sub, sid, exp } = claims;
  return jwt.sign({ kyk, sid, exp }, await signingSecret(), { algorithm: ALGORITHM, subject: sub });
}

/** The claims of a genuine, unexpired token; undefined for anything else (tampered, expired, malformed). */
export async function verifyToken(token: string): Promise<TokenClaims | undefined> {
  try {
    const payload = jwt.verify(token, await signingSecret(), { algorithms: [ALGORITHM] });
    if (typeof payload !== 'object' || payload === null) return undefined;
    const { kyk, sub, sid, exp } = payload as Partial<TokenClaims>;
    if (typeof kyk !== 'string' || typeof sub !== 'string' || typeof sid !== 'string' || typeof exp !== 'number') return undefined;
    return { kyk, sub, sid, exp };
  } catch {
    return undefined;
  }
}

/** For tests and the local stack, which set TOKEN_SECRET after import. */
export const resetTokenSecret = (): void => {
  secret = undefined;
};
