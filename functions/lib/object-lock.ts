import { HeadObjectCommand, PutObjectRetentionCommand } from '@aws-sdk/client-s3';
import { s3 } from './clients.ts';
import { config } from './config.ts';
import { functionEnv } from './table-design.ts';

/**
 * S3 Object Lock for the bytes of legal-style documents (e-document, electronic bookkeeping,
 * electronic trading, scanner storage: docs/architecture.md "Retention lock (Object Lock)").
 *
 * The files bucket has Object Lock enabled but no default retention: a retention is put on each
 * version of such a document when its upload is confirmed (`lockObject`), and lengthened when its
 * retention end moves later (`extendLock`). Nothing here ever shortens a retention: in COMPLIANCE
 * mode S3 itself refuses that, for everybody; in GOVERNANCE mode only a principal with
 * s3:BypassGovernanceRetention could, and no function of the app has it.
 *
 * The mode comes from the environment (infra/aws/environments.ts `objectLock`):
 * - COMPLIANCE (`customer`): the retention date is the document's retention end, as given.
 * - GOVERNANCE (dev, test, bastion): the date is capped at now + OBJECT_LOCK_MAX_RETENTION_DAYS, so a
 *   test stack can be torn down a day later; the lock works the same, only shorter.
 * - unset (the local stack: s3rver has no Object Lock): nothing is called, and the answer says so.
 *   Locally the server's own refusal (a legal-style document cannot be deleted before its retention
 *   ends) is what protects the bytes.
 */
export const objectLockModes = ['COMPLIANCE', 'GOVERNANCE'] as const;
export type ObjectLockMode = (typeof objectLockModes)[number];

/** How an environment locks: the mode, and for GOVERNANCE the longest retention it puts. */
export type ObjectLockSettings =
  | { readonly mode: 'COMPLIANCE' }
  | { readonly mode: 'GOVERNANCE'; readonly maxRetentionDays: number };

/** The environment variables CDK sets for `settings` (read back by `objectLockSettings`). */
export const objectLockEnvironment = (settings: ObjectLockSettings): Record<string, string> => ({
  [functionEnv.objectLockMode]: settings.mode,
  ...(settings.mode === 'GOVERNANCE' ? { [functionEnv.objectLockMaxRetentionDays]: String(settings.maxRetentionDays) } : {}),
});

/** The settings of this function's environment; undefined when no mode is set (the local stack). */
export const objectLockSettings = (): ObjectLockSettings | undefined => {
  const mode = process.env[functionEnv.objectLockMode] || undefined;
  if (mode === undefined) return undefined;
  if (mode === 'COMPLIANCE') return { mode };
  if (mode === 'GOVERNANCE') {
    const days = Number(process.env[functionEnv.objectLockMaxRetentionDays]);
    if (!Number.isInteger(days) || days < 1) {
      throw new Error(`${functionEnv.objectLockMaxRetentionDays} must be a positive whole number of days with ${functionEnv.objectLockMode}=GOVERNANCE`);
    }
    return { mode, maxRetentionDays: days };
  }
  // A typo must not silently leave documents unlocked.
  throw new Error(`${functionEnv.objectLockMode} must be one of ${objectLockModes.join(', ')}, not "${mode}"`);
};

const DAY_MS = 86_400_000;

/** The date actually put: the document's retention end, capped in GOVERNANCE environments. */
export const effectiveRetainUntil = (settings: ObjectLockSettings, retainUntil: Date, now = new Date()): Date =>
  settings.mode === 'GOVERNANCE'
    ? new Date(Math.min(retainUntil.getTime(), now.getTime() + settings.maxRetentionDays * DAY_MS))
    : retainUntil;

export type LockResult =
  /** A retention was put on the version, in this mode, until this date. */
  | { readonly status: 'locked'; readonly mode: ObjectLockMode; readonly retainUntil: Date }
  /** The version already had a retention at least this long: nothing was put. */
  | { readonly status: 'unchanged'; readonly mode: ObjectLockMode; readonly retainUntil: Date }
  /** Nothing to do: no Object Lock in this environment (local), or the date is not in the future. */
  | { readonly status: 'skipped'; readonly reason: 'no-object-lock' | 'retention-ended' };

export interface LockOptions {
  /** A particular version of the key (the S3 event's `versionId`); default the current one. */
  readonly versionId?: string;
  /** For tests: the time the GOVERNANCE cap and the "in the future" check count from. */
  readonly now?: Date;
}

const target = (key: string, options: LockOptions) => ({
  Bucket: config.bucketName,
  Key: key,
  ...(options.versionId ? { VersionId: options.versionId } : {}),
});

const put = async (settings: ObjectLockSettings, key: string, until: Date, options: LockOptions): Promise<LockResult> => {
  await s3().send(new PutObjectRetentionCommand({ ...target(key, options), Retention: { Mode: settings.mode, RetainUntilDate: until } }));
  return { status: 'locked', mode: settings.mode, retainUntil: until };
};

/**
 * Locks a version that was just stored until `retainUntil` (the document's retention end). Meant for
 * the confirmation of a legal-style upload; it puts the retention without reading the current one,
 * so for a version that may already be locked longer use `extendLock` (in COMPLIANCE mode S3 refuses
 * a shorter date; repeating the same date, as a redelivered S3 event does, is accepted).
 */
export async function lockObject(key: string, retainUntil: Date, options: LockOptions = {}): Promise<LockResult> {
  // Local stack: s3rver has no Object Lock; the server's refusal to delete is the protection there.
  const settings = objectLockSettings();
  if (!settings) return { status: 'skipped', reason: 'no-object-lock' };
  const now = options.now ?? new Date();
  const until = effectiveRetainUntil(settings, retainUntil, now);
  // S3 refuses a retain-until date in the past; a document whose retention has ended needs no lock.
  if (until.getTime() <= now.getTime()) return { status: 'skipped', reason: 'retention-ended' };
  return put(settings, key, until, options);
}

/**
 * The version's current retain-until date, or undefined when it has none. Read from HeadObject's
 * Object Lock fields rather than GetObjectRetention: S3 returns them only to a caller that holds
 * s3:GetObjectRetention (the same right; HeadObject itself needs s3:GetObject, and
 * s3:GetObjectVersion with a version id), and moto, which tests/moto runs this against, answers
 * GetObjectRetention with the object's bytes. One code path for both. Were the right missing, the
 * fields would be left out and a shorter date put afterwards refused by S3 in either mode.
 */
async function currentRetention(key: string, options: LockOptions): Promise<Date | undefined> {
  const head = await s3().send(new HeadObjectCommand(target(key, options)));
  return head.ObjectLockRetainUntilDate ? new Date(head.ObjectLockRetainUntilDate) : undefined;
}

/**
 * Lengthens the lock of a version to `retainUntil` (a settings change that moves retention ends
 * later, a style correction to a legal style). Reads the current retention first and never
 * shortens it: a date not later than the current one changes nothing.
 */
export async function extendLock(key: string, retainUntil: Date, options: LockOptions = {}): Promise<LockResult> {
  // Local stack: nothing to extend (see lockObject).
  const settings = objectLockSettings();
  if (!settings) return { status: 'skipped', reason: 'no-object-lock' };
  const now = options.now ?? new Date();
  const until = effectiveRetainUntil(settings, retainUntil, now);
  const current = await currentRetention(key, options);
  if (current && current.getTime() >= until.getTime()) return { status: 'unchanged', mode: settings.mode, retainUntil: current };
  if (until.getTime() <= now.getTime()) return { status: 'skipped', reason: 'retention-ended' };
  return put(settings, key, until, options);
}
