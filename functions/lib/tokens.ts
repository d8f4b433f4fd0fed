import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { config } from './config.ts';

/**
 * Session tokens: HS256 JWTs (RFC 7519) naming the contract, user and session. The signature proves
 * we issued it; the session item decides whether it is still alive. Signed and verified with
 * node:crypto (about 50 KiB of jsonwebtoken and its dependencies less in every Lambda): the header
 * must say exactly HS256 (no `none`, no other algorithm), the signature is compared in constant
 * time, and `exp` (and `nbf` when present) are enforced.
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

const encode = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
const HEADER = encode({ alg: ALGORITHM, typ: 'JWT' });

const signature = (signingInput: string, key: string): Buffer => createHmac('sha256', key).update(signingInput).digest();

const decodeJson = (part: string): unknown => {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
};

export async function signToken(claims: TokenClaims): Promise<string> {
  const { kyk, sub, sid, exp } = claims;
  const signingInput = `${HEADER}.${encode({ kyk, sid, exp, iat: Math.floor(Date.now() / 1000), sub })}`;
  return `${signingInput}.${signature(signingInput, await signingSecret()).toString('base64url')}`;
}

/** The claims of a genuine, unexpired token; undefined for anything else (tampered, expired, malformed, another algorithm). */
export async function verifyToken(token: string): Promise<TokenClaims | undefined> {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((part) => !/^[A-Za-z0-9_-]*$/.test(part))) return undefined;
  const [header, payload, signed] = parts as [string, string, string];
  const head = decodeJson(header) as { alg?: unknown } | undefined;
  if (typeof head !== 'object' || head === null || head.alg !== ALGORITHM) return undefined;
  const expected = signature(`${header}.${payload}`, await signingSecret());
  const given = Buffer.from(signed, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const body = decodeJson(payload) as Partial<TokenClaims> & { nbf?: unknown } | undefined;
  if (typeof body !== 'object' || body === null) return undefined;
  const { kyk, sub, sid, exp, nbf } = body;
  if (typeof kyk !== 'string' || typeof sub !== 'string' || typeof sid !== 'string' || typeof exp !== 'number') return undefined;
  const now = Date.now() / 1000;
  if (now >= exp || (typeof nbf === 'number' && nbf > now)) return undefined;
  return { kyk, sub, sid, exp };
}

/**
 * A key for another purpose than sessions, derived from the token secret (HMAC-SHA256 of the
 * purpose): what is signed with it never verifies as a session token, and the other way round.
 */
export const derivedSecret = async (purpose: string): Promise<string> =>
  createHmac('sha256', await signingSecret()).update(purpose).digest('base64url');

/** For tests and the local stack, which set TOKEN_SECRET after import. */
export const resetTokenSecret = (): void => {
  secret = undefined;
};
