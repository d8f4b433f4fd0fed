import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { auditPut, type AuditActor } from '#lib/audit.ts';
import { db } from '#lib/clients.ts';
import { nowIso, table, tenantPrefix, type Keys } from '#lib/data/table.ts';
import { transactWrite } from '#lib/data/transact.ts';
import { versionedPutItem } from '#lib/data/versioned.ts';
import { DomainError, isConditionalCheckFailure } from '#lib/errors.ts';
import { commonSettings, commonSettingsFields, defaultCommonSettings, MIN_RETENTION_YEARS, type CommonSettings } from '#shared/schemas/settings.ts';

/**
 * The contract's common settings: one item `T#<kyk>` / `SETTINGS#COMMON` with `row_version`. No
 * item means the defaults (shared/schemas/settings.ts) at row_version 0.
 */
export const commonSettingsKey = (kykId: string): Keys => ({ pk: tenantPrefix(kykId), sk: 'SETTINGS#COMMON' });

export interface StoredSettings {
  settings: CommonSettings;
  row_version: number;
  /** Retention years stored below the legal minimum (before it was enforced); `settings` says the minimum. */
  stored_retention_years?: number;
}

const fieldNames = Object.keys(commonSettingsFields) as (keyof CommonSettings)[];

export async function getCommonSettings(kykId: string, consistent = false): Promise<StoredSettings> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: commonSettingsKey(kykId), ConsistentRead: consistent }));
  if (!Item) return { settings: { ...defaultCommonSettings }, row_version: 0 };
  // Fields added after the item was written take their defaults.
  const stored = Object.fromEntries(fieldNames.filter((name) => Item[name] !== undefined).map((name) => [name, Item[name]]));
  // Fewer retention years than the law's minimum, saved before it was enforced, read as the minimum.
  const below = typeof stored.retention_years === 'number' && stored.retention_years < MIN_RETENTION_YEARS ? stored.retention_years : undefined;
  if (below !== undefined) stored.retention_years = MIN_RETENTION_YEARS;
  const parsed = commonSettings.safeParse(stored);
  return {
    settings: parsed.success ? parsed.data : { ...defaultCommonSettings }, row_version: Number(Item.row_version ?? 0),
    ...(below !== undefined ? { stored_retention_years: below } : {}),
  };
}

/**
 * Saves the settings over the version read (-201 otherwise), the fields not sent kept, audited in
 * the same transaction. `check` refuses a combination the merged settings must not have.
 */
export async function saveCommonSettings(actor: AuditActor, sent: Partial<CommonSettings>, expected: number, check: (settings: CommonSettings) => void): Promise<StoredSettings> {
  const before = await getCommonSettings(actor.kykId, true);
  if (before.row_version !== expected) throw new DomainError('editedByAnotherUser');
  const settings: CommonSettings = { ...before.settings, ...sent };
  check(settings);
  const next = expected + 1;
  try {
    await transactWrite([
      versionedPutItem('settings', {
        ...commonSettingsKey(actor.kykId), type: 'common-settings', kyk_id: actor.kykId, ...settings, row_version: next,
        update_date: nowIso(), update_user_id: actor.userId, update_user_nm: actor.userName,
      }, expected),
      auditPut(actor, {
        action: 'settings.common', targetType: 'settings', targetId: 'common',
        before: { ...before.settings, row_version: before.row_version }, after: { ...settings, row_version: next },
      }),
    ]);
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw new DomainError('editedByAnotherUser');
    throw error;
  }
  return { settings, row_version: next };
}
