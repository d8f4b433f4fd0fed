import jwt from 'jsonwebtoken';
import { randomUUID } from 'node:crypto';
import type { SiblingModule } from '#shared/schemas/modules.ts';
import { DX_KEY_SECONDS } from '#shared/schemas/modules.ts';
import { derivedSecret } from './token-secret.ts';

/**
 * DX auth keys (SPEC.md §7 get_dx_auth_key; docs/home.md "Sibling modules"): an HS256 JWT a sibling
 * module accepts to sign a user in without a password. Audience-restricted (`aud` is the one
 * module), short-lived (DX_KEY_SECONDS), with a unique `jti` the module refuses to see twice, and
 * signed with a key derived from the token secret for this purpose only (named by `kid`), so a key
 * is never a session token here nor a key for another module.
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
const ISSUER = 'com-drive';
const ALGORITHM = 'HS256';

export async function signDxKey(subject: { kykId: string; userId: string; language: string }, module: SiblingModule, now = Date.now()): Promise<{ key: string; claims: DxClaims }> {
  const iat = Math.floor(now / 1000);
  const claims: DxClaims = { iss: ISSUER, aud: module, kyk: subject.kykId, sub: subject.userId, lang: subject.language, jti: randomUUID(), iat, exp: iat + DX_KEY_SECONDS };
  const key = jwt.sign(claims, await derivedSecret(DX_KEY_PURPOSE), { algorithm: ALGORITHM, keyid: DX_KEY_PURPOSE });
  return { key, claims };
}

/**
 * What a sibling module runs (it holds the same derived key): the claims of a genuine, unexpired key
 * for that module, else undefined. Refusing a `jti` already used is the module's part.
 */
export async function verifyDxKey(key: string, module: SiblingModule, now = Date.now()): Promise<DxClaims | undefined> {
  try {
    const { header, payload } = jwt.verify(key, await derivedSecret(DX_KEY_PURPOSE), {
      algorithms: [ALGORITHM], audience: module, issuer: ISSUER, clockTimestamp: Math.floor(now / 1000), complete: true,
    });
    if (header.kid !== DX_KEY_PURPOSE || typeof payload !== 'object' || typeof payload.exp !== 'number') return undefined;
    return payload as DxClaims;
  } catch {
    return undefined;
  }
}
