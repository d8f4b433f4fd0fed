import jwt from 'jsonwebtoken';
import { signingSecret } from './token-secret.ts';

/**
 * Session tokens: HS256 JWTs (RFC 7519) naming the contract, user and session, signed and verified
 * by jsonwebtoken with the algorithm pinned (no `none`, no other algorithm, no key confusion), the
 * signature compared in constant time and `exp` / `nbf` enforced by the library. The signature
 * proves we issued it; the session item decides whether it is still alive.
 */
export interface TokenClaims {
  kyk: string;
  sub: string;
  sid: string;
  /** Epoch seconds: equal to the session's idle expiry when the token was issued. */
  exp: number;
}

const ALGORITHM = 'HS256';

export async function signToken(claims: TokenClaims): Promise<string> {
  const { kyk, sub, sid, exp } = claims;
  return jwt.sign({ kyk, sid, exp, sub }, await signingSecret(), { algorithm: ALGORITHM });
}

/** The claims of a genuine, unexpired token; undefined for anything else (tampered, expired, malformed, another algorithm). */
export async function verifyToken(token: string): Promise<TokenClaims | undefined> {
  let body: jwt.JwtPayload | string;
  try {
    body = jwt.verify(token, await signingSecret(), { algorithms: [ALGORITHM] });
  } catch {
    return undefined;
  }
  if (typeof body !== 'object') return undefined;
  const { kyk, sub, sid, exp } = body as Partial<TokenClaims>;
  // A token without an expiry would live as long as its session: never one of ours.
  if (typeof kyk !== 'string' || typeof sub !== 'string' || typeof sid !== 'string' || typeof exp !== 'number') return undefined;
  return { kyk, sub, sid, exp };
}
