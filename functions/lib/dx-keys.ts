import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { SiblingModule } from '#shared/schemas/modules.ts';
import { DX_KEY_SECONDS } from '#shared/schemas/modules.ts';
import { derivedSecret } from './tokens.ts';

/**
 * DX auth keys (SPEC.md §7 get_dx_auth_key; docs/home.md "Sibling modules"): an HS256 JWT a sibling
 * module accepts to sign a user in without a password. Audience-restricted (`aud` is the one
 * module), short-lived (DX_KEY_SECONDS), with a unique `jti` the module refuses to see twice, and
 * signed with a key derived from the token secret for this purpose only, so a key is never a
 * session token here nor a key for another module.
 */
export interface DxClaims {
  iss: 'com-drive';
  aud: SiblingModule;
  kyk: string;
  sub: string;
  lang: string;
  jti: string;
  iat: number;
  exp: number;
}

export const DX_KEY_PURPOSE = 'dx-auth-key/v1';
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT', kid: DX_KEY_PURPOSE })).toString('base64url');

const sign = async (input: string): Promise<Buffer> => createHmac('sha256', await derivedSecret(DX_KEY_PURPOSE)).update(input).digest();

export async function signDxKey(subject: { kykId: string; userId: string; language: string }, module: SiblingModule, now = Date.now()): Promise<{ key: string; claims: DxClaims }> {
  const iat = Math.floor(now / 1000);
  const claims: DxClaims = { iss: 'com-drive', aud: module, kyk: subject.kykId, sub: subject.userId, lang: subject.language, jti: randomUUID(), iat, exp: iat + DX_KEY_SECONDS };
  const input = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return { key: `${input}.${(await sign(input)).toString('base64url')}`, claims };
}

/**
 * What a sibling module runs (it holds the same derived key): the claims of a genuine, unexpired key
 * for that module, else undefined. Refusing a `jti` already used is the module's part.
 */
export async function verifyDxKey(key: string, module: SiblingModule, now = Date.now()): Promise<DxClaims | undefined> {
  const parts = key.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return undefined;
  const given = Buffer.from(parts[2]!, 'base64url');
  const expected = await sign(`${parts[0]}.${parts[1]}`);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let claims: Partial<DxClaims>;
  try {
    claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as Partial<DxClaims>;
  } catch {
    return undefined;
  }
  if (claims.iss !== 'com-drive' || claims.aud !== module || typeof claims.exp !== 'number' || now / 1000 >= claims.exp) return undefined;
  return claims as DxClaims;
}
