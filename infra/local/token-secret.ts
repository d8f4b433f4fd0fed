import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * The local token signing secret: generated once per data directory and kept, so tokens (and the
 * browser's session) survive a restart of the stack, like a secret in Secrets Manager would.
 */
export function loadOrCreateTokenSecret(file: string): string {
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  const secret = randomBytes(48).toString('base64url'); // 64 characters
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
