import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { config } from './config.ts';

/**
 * Password hashing with scrypt (memory-hard, in Node's standard library). Parameters are stored in
 * the hash so they can be raised later without invalidating existing passwords.
 * N=2^15, r=8, p=1 uses 32 MiB per hash: OWASP's scrypt minimum of 2^17 would need 128 MiB and
 * ~0.5 s on a small Lambda; 2^15 with a unique salt per password keeps sign-in well under that.
 * (The test stacks lower N with PASSWORD_HASH_COST; see functions/lib/table-design.ts.)
 */
const params = (): ScryptOptions => ({ N: 2 ** config.passwordHashCost, r: 8, p: 1 });
const keyLength = 32;

const scrypt = (password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> =>
  new Promise((resolve, reject) =>
    scryptCallback(password.normalize('NFKC'), salt, keyLength, { ...options, maxmem: 256 * options.N! * options.r! }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const options = params();
  const key = await scrypt(password, salt, options);
  return ['scrypt', options.N, options.r, options.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, expected] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !expected) return false;
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  const expectedKey = Buffer.from(expected, 'base64url');
  return key.length === expectedKey.length && timingSafeEqual(key, expectedKey);
}

/**
 * A hash of a random password, verified when the user or contract does not exist, so a wrong
 * contract or user ID takes as long as a wrong password and reveals nothing.
 */
let decoyHash: Promise<string> | undefined;
export const decoyPasswordHash = (): Promise<string> => (decoyHash ??= hashPassword(randomBytes(16).toString('hex')));
