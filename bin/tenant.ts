/**
 * Operator CLI: `npm run tenant -- create <kyk_id> --admin <user_id> --password <pw>
 *   [--name <contract name>] [--admin-name <name>] [--email <e-mail>] [--modules drive,property,...]
 *   [--home-url <sign-in URL of the site that serves it>] [--env <env>]`
 * `npm run tenant -- unlock <kyk_id> <user_id> [--env <env>]`: a locked account (the last
 * administrator locked out by guessers has nobody else to unlock it) becomes available again.
 * `npm run tenant -- quota <kyk_id> [<size>|none] [--env <env>]`: shows the contract's storage
 * (used, reserved by pending uploads, quota) and sets the quota (bytes, or 500MB, 20GB, 1TB) or lifts it.
 * `npm run tenant -- export <kyk_id> --out <dir> [--env <env>]`: everything of the contract into an
 * empty folder (docs/operations.md "Export a contract").
 * `npm run tenant -- delete <kyk_id> --confirm <kyk_id> [--force-retained] [--scan] [--env <env>]`:
 * the contract and everything of it, for good (docs/operations.md "Delete a contract").
 * `npm run tenant -- reindex <kyk_id> [--env <env>]`: files every drive entry of the contract in the
 * search's indexes again, once, after a version that adds an index (docs/drive.md "Backfill").
 * Without --env it works on the local stack of DATA_DIR (default .local/), running or not; with
 * --env it writes to the deployed environment's table (AWS default credentials, AWS_REGION).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { functionEnv } from '#lib/table-design.ts';
import { withLocalTable } from '#infra/local/local-table.ts';
import { withLocalData } from '#infra/local/local-data.ts';
import { resolveDataDir } from '#infra/local/settings.ts';
import { resetClients } from '#lib/clients.ts';
import { CONTRACT_ID_PATTERN } from '#data/contracts.ts';
import { USER_ID_PATTERN } from '#data/users.ts';
import { createTenant, TenantExistsError, type NewTenant } from '#domain/tenants.ts';
import { operatorUnlock, UnlockRefused } from '#domain/lock-out.ts';
import { readUsage, setContractQuota } from '#data/pending-uploads.ts';
import { productModules, type ProductModule } from '#shared/constants.ts';
import { exportTenant, NoSuchContractError } from '#domain/tenant-export.ts';
import { deleteTenant, RetainedDocumentsError, type DeleteReport } from '#domain/tenant-delete.ts';
import { reindexSearch } from '#domain/search-reindex.ts';
import { withDeployedStacks } from './support/deployed-stacks.ts';

const usage = [
  'Usage: npm run tenant -- create <kyk_id> --admin <user_id> --password <password> [--name <contract name>] [--admin-name <name>] [--email <e-mail>] [--modules drive,property,...] [--home-url <url>] [--env <env>]',
  '       npm run tenant -- unlock <kyk_id> <user_id> [--env <env>]',
  '       npm run tenant -- quota <kyk_id> [<bytes, e.g. 500MB, 20GB>|none] [--env <env>]',
  '       npm run tenant -- export <kyk_id> --out <empty folder> [--env <env>]',
  '       npm run tenant -- delete <kyk_id> --confirm <kyk_id> [--force-retained] [--scan] [--env <env>]',
  '       npm run tenant -- reindex <kyk_id> [--env <env>]',
].join('\n');

class UsageError extends Error {}

type Command =
  | { kind: 'create'; tenant: NewTenant; env?: string }
  | { kind: 'unlock'; kykId: string; userId: string; env?: string }
  | { kind: 'quota'; kykId: string; quota?: number | 'none'; env?: string }
  | { kind: 'export'; kykId: string; out: string; env?: string }
  | { kind: 'delete'; kykId: string; forceRetained: boolean; scan: boolean; env?: string }
  | { kind: 'reindex'; kykId: string; env?: string };

const SIZE_UNITS: Record<string, number> = { '': 1, B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3, TB: 1024 ** 4 };

/** A quota as the operator writes it: bytes, or a number with KB, MB, GB or TB (1 KB = 1024 B, SPEC.md §9). */
function parseSize(text: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(B|KB|MB|GB|TB)?$/i.exec(text.trim());
  const bytes = match ? Math.round(Number(match[1]) * SIZE_UNITS[(match[2] ?? '').toUpperCase()]!) : NaN;
  if (!Number.isSafeInteger(bytes) || bytes <= 0) throw new Error(`Bad size "${text}": a number of bytes, or with KB, MB, GB or TB (e.g. 500MB)`);
  return bytes;
}

function parse(argv: string[]): Command {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      admin: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      'admin-name': { type: 'string' },
      email: { type: 'string' },
      modules: { type: 'string' },
      'home-url': { type: 'string' },
      out: { type: 'string' },
      confirm: { type: 'string' },
      'force-retained': { type: 'boolean' },
      scan: { type: 'boolean' },
      env: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) throw new UsageError('');
  const [command, kykId, ...extra] = positionals;
  if (values.env !== undefined && !/^[a-z][a-z0-9-]*$/.test(values.env)) throw new Error(`Bad environment name "${values.env}"`);
  if (command === 'unlock') {
    const [userId, ...more] = extra;
    if (!kykId || !userId || more.length) throw new UsageError('Expected: unlock <kyk_id> <user_id>');
    if (!CONTRACT_ID_PATTERN.test(kykId)) throw new Error(`Bad contract ID "${kykId}"`);
    if (!USER_ID_PATTERN.test(userId)) throw new Error(`Bad user ID "${userId}"`);
    return { kind: 'unlock', kykId, userId, ...(values.env ? { env: values.env } : {}) };
  }
  if (command === 'quota') {
    const [size, ...more] = extra;
    if (!kykId || more.length) throw new UsageError('Expected: quota <kyk_id> [<size>|none]');
    if (!CONTRACT_ID_PATTERN.test(kykId)) throw new Error(`Bad contract ID "${kykId}"`);
    return { kind: 'quota', kykId, ...(size === undefined ? {} : { quota: size === 'none' ? 'none' as const : parseSize(size) }), ...(values.env ? { env: values.env } : {}) };
  }
  if (command === 'reindex') {
    if (!kykId || extra.length) throw new UsageError('Expected: reindex <kyk_id>');
    if (!CONTRACT_ID_PATTERN.test(kykId)) throw new Error(`Bad contract ID "${kykId}"`);
    return { kind: 'reindex', kykId, ...(values.env ? { env: values.env } : {}) };
  }
  if (command === 'export' || command === 'delete') {
    if (!kykId || extra.length) throw new UsageError(`Expected: ${command} <kyk_id>`);
    if (!CONTRACT_ID_PATTERN.test(kykId)) throw new Error(`Bad contract ID "${kykId}"`);
    const env = values.env ? { env: values.env } : {};
    if (command === 'export') {
      if (!values.out) throw new UsageError('--out <folder> is required (an empty or new folder)');
      return { kind: 'export', kykId, out: resolve(values.out), ...env };
    }
    // Typing the ID twice is the confirmation: a deletion cannot be undone.
    if (values.confirm !== kykId) throw new UsageError(`--confirm ${kykId} is required: the deletion of a contract cannot be undone`);
    return { kind: 'delete', kykId, forceRetained: values['force-retained'] === true, scan: values.scan === true, ...env };
  }
  if (command !== 'create' || !kykId || extra.length) throw new UsageError('Expected: create <kyk_id>, unlock <kyk_id> <user_id>, quota <kyk_id> [<size>|none], export <kyk_id>, delete <kyk_id> or reindex <kyk_id>');
  if (!values.admin) throw new UsageError('--admin <user_id> is required');
  if (!values.password) throw new UsageError('--password <password> is required');
  // Checked before any stand-in starts, so a typo fails at once.
  if (!CONTRACT_ID_PATTERN.test(kykId)) throw new Error(`Bad contract ID "${kykId}": 1-20 letters, digits, "_" or "-", starting with a letter or digit`);
  if (!USER_ID_PATTERN.test(values.admin)) throw new Error(`Bad user ID "${values.admin}": 1-12 letters, digits or . _ @ -`);
  const modules = values.modules?.split(',').map((module) => module.trim()).filter(Boolean);
  const unknown = modules?.filter((module) => !(productModules as readonly string[]).includes(module)) ?? [];
  if (unknown.length) throw new Error(`Unknown module "${unknown.join(', ')}": use ${productModules.join(', ')}`);
  if (values['home-url'] !== undefined && !/^https?:\/\/[^\s]+$/.test(values['home-url'])) throw new Error(`Bad home URL "${values['home-url']}"`);
  return {
    kind: 'create',
    tenant: {
      kykId,
      adminUserId: values.admin,
      adminPassword: values.password,
      ...(values.name ? { name: values.name } : {}),
      ...(values['admin-name'] ? { adminName: values['admin-name'] } : {}),
      ...(values.email ? { adminEmail: values.email } : {}),
      ...(modules ? { modules: modules as ProductModule[] } : {}),
      ...(values['home-url'] ? { homeUrl: values['home-url'] } : {}),
    },
    ...(values.env ? { env: values.env } : {}),
  };
}

/**
 * The deployed table: the `TableName` output of the environment's data stack; with `everything`
 * also the audit table (`AuditTableName`), the files bucket (`FilesBucketName` of the storage stack)
 * and the SAML keys' SSM prefix, for export and delete.
 */
const useDeployedTable = (env: string, everything = false): Promise<string> =>
  withDeployedStacks(env, async (output, region) => {
    const tableName = await output('Data', 'TableName');
    process.env[functionEnv.tableName] = tableName;
    if (!everything) {
      resetClients();
      return `ComDrive-${env}-Data (table ${tableName}, ${region})`;
    }
    const auditTableName = await output('Data', 'AuditTableName');
    const bucketName = await output('Storage', 'FilesBucketName');
    // Loaded only here: the stack module brings the CDK with it.
    const { samlKeyParameterPrefix } = await import('#infra/aws/api-stack.ts');
    Object.assign(process.env, {
      [functionEnv.auditTableName]: auditTableName,
      [functionEnv.bucketName]: bucketName,
      [functionEnv.samlKeyParameterPrefix]: samlKeyParameterPrefix(env),
    });
    resetClients();
    return `the ${env} environment (tables ${tableName} and ${auditTableName}, bucket ${bucketName}, ${region})`;
  });

/** Runs `work` against the deployed environment's table, or the local stack's data. */
async function onTable<T>(env: string | undefined, work: () => Promise<T>): Promise<[string, T]> {
  if (env) {
    const where = await useDeployedTable(env);
    return [where, await work()];
  }
  const dataDir = resolveDataDir();
  return withLocalTable(dataDir, async (target) => [
    target.kind === 'running' ? `the local stack at ${target.url} (${dataDir})` : `the local data in ${dataDir} (no stack was running)`,
    await work(),
  ] as const) as Promise<[string, T]>;
}

/** Runs `work` against the deployed environment's tables and bucket, or the local stack's data. */
async function onData<T>(env: string | undefined, work: (where: string) => Promise<T>): Promise<T> {
  if (env) return work(await useDeployedTable(env, true));
  const dataDir = resolveDataDir();
  return withLocalData(dataDir, (target) => work(target.kind === 'running' ? `the local stack at ${target.url} (${dataDir})` : `the local data in ${dataDir} (no stack was running)`));
}

const toolVersion = (): string => (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

function printDeletion(report: DeleteReport, where: string): void {
  console.log(`${report.contractFound ? 'Deleted contract' : 'Finished deleting contract'} ${report.kykId} in ${where}`);
  for (const [entity, count] of Object.entries(report.deleted).sort()) console.log(`  ${entity}: ${count}`);
  console.log(`  SAML private key: ${report.samlKeyDeleted ? 'deleted' : 'none'}`);
  console.log(`  Object versions deleted: ${report.objects.deleted}`);
  if (report.scanned !== undefined) console.log(`  Found only by the Scan (and deleted): ${report.scanned}`);
  if (report.forcedRetained) {
    console.log(`  --force-retained: ${report.retained.length} document(s) under retention were deleted from the tables:`);
    for (const document of report.retained) console.log(`    ${document.name} (${document.id}) retained until ${document.retention_until}`);
  }
  if (report.objects.refused.length > 0) {
    console.log(`  NOT deleted: ${report.objects.refused.length} object version(s):`);
    for (const refusal of report.objects.refused) console.log(`    ${refusal.key}${refusal.versionId ? ` (version ${refusal.versionId})` : ''}: ${refusal.reason}`);
    console.log('  Run the deletion again once their retention has ended.');
  }
  if (report.remaining > 0) console.log(`  Still found after the deletion: ${report.remaining} item(s) (a job was writing?): run the deletion again`);
  if (!report.complete) throw new Error(`the deletion of ${report.kykId} is incomplete (see above)`);
}

async function main(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const command = parse(process.argv.slice(2));
  if (command.kind === 'export') {
    const { kykId, out } = command;
    const manifest = await onData(command.env, (where) => {
      console.log(`Exporting contract ${kykId} from ${where} to ${out}`);
      return exportTenant(kykId, out, { source: where, toolVersion: toolVersion(), log: (line) => console.log(line) });
    });
    console.log(`Exported contract ${kykId} to ${out}: ${Object.values(manifest.counts).reduce((sum, count) => sum + count, 0)} items, ${manifest.files.versions} file versions (${manifest.files.bytes} bytes), ${manifest.objects.count} other objects`);
    return;
  }
  if (command.kind === 'delete') {
    const { kykId } = command;
    await onData(command.env, async (where) => {
      console.log(`Deleting contract ${kykId} from ${where}${command.forceRetained ? ' (--force-retained)' : ''}`);
      printDeletion(await deleteTenant(kykId, where, { forceRetained: command.forceRetained, scan: command.scan, log: (line) => console.log(line) }), where);
    });
    return;
  }
  if (command.kind === 'reindex') {
    const [where, report] = await onTable(command.env, () => reindexSearch(command.kykId, { log: (line) => console.log(line) }));
    if (!report.contractFound) throw new Error(`No contract "${command.kykId}" in ${where}`);
    console.log(`Filed ${report.entries} drive entries and ${report.users} users of contract ${command.kykId} in the search indexes again, ${report.attention} files in "Needs attention" (${report.items} index items put) in ${where}`);
    return;
  }
  if (command.kind === 'quota') {
    const { kykId, quota } = command;
    const [where, usage] = await onTable(command.env, async () => {
      if (quota !== undefined && !(await setContractQuota(kykId, quota === 'none' ? undefined : quota))) return undefined;
      return readUsage(kykId);
    });
    if (!usage) throw new Error(`No contract "${kykId}" in ${where}`);
    const unit = (bytes: number) => Object.entries(SIZE_UNITS).filter(([name, size]) => name && bytes >= size).at(-1) ?? ['B', 1];
    const shown = (bytes: number | undefined) => (bytes === undefined ? 'none' : `${bytes} bytes (${(bytes / unit(bytes)[1]).toFixed(1)} ${unit(bytes)[0]})`);
    console.log(`${quota === undefined ? 'Contract' : 'Set the quota of contract'} ${kykId} in ${where}`);
    console.log(`  Quota: ${shown(usage.quota_bytes)}`);
    console.log(`  Used: ${shown(usage.usage_bytes)}; reserved by ${usage.pending_uploads} pending uploads: ${shown(usage.reserved_bytes)}`);
    return;
  }
  if (command.kind === 'unlock') {
    const [where, outcome] = await onTable(command.env, () => operatorUnlock(command.kykId, command.userId));
    console.log(outcome === 'unlocked'
      ? `Unlocked ${command.userId} of contract ${command.kykId} in ${where}; its failed sign-ins are forgotten`
      : `${command.userId} of contract ${command.kykId} was not locked (${where}); its failed sign-ins are forgotten`);
    return;
  }
  const [where, created] = await onTable(command.env, () => createTenant(command.tenant));
  const { contract, admin } = created;
  console.log(`Created contract ${contract.kyk_id} ("${contract.name}") in ${where}`);
  console.log(`  Administrator: ${admin.user_id} ("${admin.user_nm}"${admin.email ? `, ${admin.email}` : ''})`);
}

const isUsageError = (error: unknown): boolean =>
  error instanceof UsageError || (error as { code?: string } | null)?.code?.startsWith('ERR_PARSE_ARGS') === true;

main().then(
  () => process.exit(0),
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    if (isUsageError(error)) {
      if (message) console.error(message);
      console.error(usage);
      process.exit(message ? 2 : 0);
    }
    // TenantExistsError and the ID and password rules already read as one clear line.
    if (error instanceof RetainedDocumentsError) {
      for (const document of error.documents) console.error(`  ${document.name} (${document.id}) retained until ${document.retention_until}`);
    }
    console.error(error instanceof TenantExistsError || error instanceof UnlockRefused || error instanceof NoSuchContractError || error instanceof RetainedDocumentsError ? message : `tenant: ${message}`);
    process.exit(1);
  },
);
