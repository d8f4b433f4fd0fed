import type { Language } from '#shared/messages.ts';
import type { ProductModule } from '#shared/constants.ts';
import { folderSettingsStart } from '#data/folder-settings.ts';
import { contractPut, CONTRACT_ID_PATTERN, type Contract } from '#data/contracts.ts';
import { nowIso } from '#lib/data/table.ts';
import { userCountStart, userPut, USER_ID_PATTERN, type User } from '#data/users.ts';
import { userGramPuts } from '#data/user-search.ts';
import { isConditionalCheckFailure } from '#lib/errors.ts';
import { hashPassword } from '#lib/passwords.ts';
import { transactWrite } from '#lib/data/transact.ts';

/** Operator provisioning (bin/tenant.ts and the local demo seed): a contract with its first administrator. */
export interface NewTenant {
  kykId: string;
  name?: string;
  adminUserId: string;
  adminPassword: string;
  adminName?: string;
  adminEmail?: string;
  language?: Language;
  /** Modules the contract may use (login options); default: the drive only. */
  modules?: ProductModule[];
  /** Set when another site serves the contract: sign-in here redirects there (-990000010010). */
  homeUrl?: string;
}

export class TenantExistsError extends Error {
  constructor(kykId: string) {
    super(`Contract ${kykId} already exists`);
    this.name = 'TenantExistsError';
  }
}

export async function createTenant(tenant: NewTenant): Promise<{ contract: Contract; admin: User }> {
  if (!CONTRACT_ID_PATTERN.test(tenant.kykId)) throw new Error('A contract ID is 1-20 letters, digits, "_" or "-", starting with a letter or digit');
  if (!USER_ID_PATTERN.test(tenant.adminUserId)) throw new Error('A user ID is 1-12 letters, digits or . _ @ -');
  if (tenant.adminPassword.length < 8) throw new Error('The administrator password needs at least 8 characters');

  const now = nowIso();
  const contract: Contract = {
    kyk_id: tenant.kykId, name: tenant.name ?? tenant.kykId, status: 'active', usage_bytes: 0, reserved_bytes: 0, committed_bytes: 0, pending_uploads: 0, regist_date: now,
    responsible_email: tenant.adminEmail ?? '', responsible_language: tenant.language ?? 'en',
    ...(tenant.modules ? { modules: tenant.modules } : {}),
    ...(tenant.homeUrl ? { home_url: tenant.homeUrl } : {}),
  };
  const admin: User = {
    kyk_id: tenant.kykId,
    user_id: tenant.adminUserId,
    user_nm: tenant.adminName ?? 'Administrator',
    email: tenant.adminEmail ?? '',
    language: tenant.language ?? 'en',
    ata_admin_permission: 1,
    status: 0,
    password_hash: await hashPassword(tenant.adminPassword),
    row_version: 1,
    regist_date: now,
    regist_user_id: 'system',
    update_date: now,
    update_user_id: 'system',
    regist_user_nm: 'system',
    update_user_nm: 'system',
  };
  try {
    await transactWrite([
      contractPut(contract),
      // Its list of folders with settings is complete from the start (the subtree check relies on it).
      folderSettingsStart(tenant.kykId),
      userPut(admin),
      ...userGramPuts(admin),
      // The users counter (the user list's total) starts with the first administrator.
      userCountStart(tenant.kykId, 1),
    ]);
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw new TenantExistsError(tenant.kykId);
    throw error;
  }
  return { contract, admin };
}
