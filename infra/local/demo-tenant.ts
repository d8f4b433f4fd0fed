import { getContract } from '#data/contracts.ts';
import { createTenant, TenantExistsError } from '#domain/tenants.ts';

/** The contract `npm start` seeds so a newcomer can sign in at once. */
export const demoAccount = {
  kykId: 'demo',
  userId: 'admin',
  defaultPassword: 'demo-Passw0rd!',
} as const;

export const demoPassword = (override?: string): string =>
  override || process.env.DEMO_ADMIN_PASSWORD || demoAccount.defaultPassword;

/** Creates the demo contract when it is missing; an existing one (and its password) is left alone. */
export async function seedDemoTenant(password: string): Promise<'created' | 'exists'> {
  // Checked first to skip the password hash on every restart; the conditional write still guards races.
  if (await getContract(demoAccount.kykId)) return 'exists';
  try {
    await createTenant({
      kykId: demoAccount.kykId,
      name: 'Demo',
      adminUserId: demoAccount.userId,
      adminPassword: password,
      adminName: 'Demo Administrator',
      adminEmail: 'admin@demo.example',
    });
    return 'created';
  } catch (error) {
    if (error instanceof TenantExistsError) return 'exists';
    throw error;
  }
}
