import { randomBytes } from 'node:crypto';
import { createTenant } from '#domain/tenants.ts';
import { signIn } from './api.ts';
import { testPassword } from './passwords.ts';

export interface TestTenant {
  kykId: string;
  adminId: string;
  password: string;
  token: string;
}

/** A fresh contract per test file, so files run in parallel without seeing each other's data. */
export async function newTenant(options: { signIn?: boolean } = {}): Promise<TestTenant> {
  const kykId = `t${randomBytes(5).toString('hex')}`;
  const password = testPassword();
  await createTenant({ kykId, adminUserId: 'admin', adminPassword: password, adminName: '管理者 太郎', adminEmail: 'admin@example.com' });
  const token = options.signIn === false ? '' : await signIn(kykId, 'admin', password);
  return { kykId, adminId: 'admin', password, token };
}
