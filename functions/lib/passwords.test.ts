import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { functionEnv } from './table-design.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

describe('password hashes', () => {
  // The test stacks lower the cost for the whole run (vitest.config.ts), so start each case from production's default.
  const inherited = process.env[functionEnv.passwordHashCost];
  beforeEach(() => {
    delete process.env[functionEnv.passwordHashCost];
  });
  afterEach(() => {
    if (inherited === undefined) delete process.env[functionEnv.passwordHashCost];
    else process.env[functionEnv.passwordHashCost] = inherited;
  });

  it('carry their scrypt parameters: 2^15 unless the environment lowers it, and verify at any cost', async () => {
    const strong = await hashPassword('Pässword-1');
    expect(strong).toMatch(/^scrypt\$32768\$8\$1\$/);
    process.env[functionEnv.passwordHashCost] = '10';
    const cheap = await hashPassword('Pässword-1');
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    // Both verify, whatever the cost now set; a wrong password does not; the NFKC form is the same password.
    for (const stored of [strong, cheap]) {
      expect(await verifyPassword('Pässword-1', stored)).toBe(true);
      expect(await verifyPassword('Pässword-2', stored)).toBe(false);
      expect(await verifyPassword('Ｐässword-1', stored)).toBe(true);
    }
  });

  it('ignore a cost outside 10 to 20', async () => {
    for (const cost of ['3', '21', 'x', '12.5']) {
      process.env[functionEnv.passwordHashCost] = cost;
      expect(await hashPassword('p')).toMatch(/^scrypt\$32768\$/);
    }
  });
});
