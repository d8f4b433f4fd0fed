/**
 * Operator CLI: `npm run tenant -- create <kyk_id> --admin <user_id> --password <pw>
 *   [--name <contract name>] [--admin-name <name>] [--email <e-mail>] [--modules drive,property,...]
 *   [--home-url <sign-in URL of the site that serves it>] [--env <env>]`
 * `npm run tenant -- unlock <kyk_id> <user_id> [--env <env>]`: a locked account (the last
 * administrator locked out by guessers has nobody else to unlock it) becomes available again.
 * `npm run tenant -- quota <kyk_id> [<size>|none] [--env <env>]`: shows the contract's storage
 * (used, reserved by pending uploads, quota) and sets the quota (bytes, or 500MB, 20GB, 1TB) or lifts it.
 * Without --env it works on the local stack of DATA_DIR (default .local/), running or not; with
 * --env it writes to the deployed environment's table (AWS default credentials, AWS_REGION).
 */
import { parseArgs } from 'node:util';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { functionEnv } from '#lib/table-design.ts';
import { withLocalTable } from '#infra/local/local-table.ts';
import { resolveDataDir } from '#infra/local/settings.ts';
import { resetClients } from '#lib/clients.ts';
import { CONTRACT_ID_PATTERN } from '#data/contracts.ts';
import { USER_ID_PATTERN } from '#data/users.ts';
import { createTenant, TenantExistsError, type NewTenant } from '#domain/tenants.ts';
import { operatorUnlock, UnlockRefused } from '#domain/lock-out.ts';
import { readUsage, setContractQuota } from '#data/pending-uploads.ts';
import { productModules, type ProductModule } from '#shared/constants.ts';

const usage = [
  'Usage: npm run tenant -- create <kyk_id> --admin <user_id> --password <password> [--name <contract name>] [--admin-name <name>] [--email <e-mail>] [--modules drive,property,...] [--home-url <url>] [--env <env>]',
  '       npm run tenant -- unlock <kyk_id> <user_id> [--env <env>]',
  '       npm run tenant -- quota <kyk_id> [<bytes, e.g. 500MB, 20GB>|none] [--env <env>]',
].join('\n');

class UsageError extends Error {}

type Command =
  | { kind: 'create'; tenant: NewTenant; env?: string }
  | { kind: 'unlock'; kykId: string; userId: string; env?: string }
  | { kind: 'quota'; kykId: string; quota?: number | 'none'; env?: string };

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
  if (command !== 'create' || !kykId || extra.length) throw new UsageError('Expected: create <kyk_id>, unlock <kyk_id> <user_id> or quota <kyk_id> [<size>|none]');
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

/** The deployed table: the `TableName` output of the environment's data stack. */
async function useDeployedTable(env: string): Promise<string> {
  const region = process.env.AWS_REGION || process.env.AWS_DEFAULT_REGION;
  if (!region) throw new Error(`Set AWS_REGION to the region of the ${env} stacks`);
  process.env.AWS_REGION = region;
  for (const name of [functionEnv.dynamodbEndpoint, functionEnv.s3Endpoint, functionEnv.sesEndpoint]) delete process.env[name];
  const stackName = `ComDrive-${env}-Data`;
  const cloudFormation = new CloudFormationClient({ region });
  try {
    const { Stacks } = await cloudFormation.send(new DescribeStacksCommand({ StackName: stackName }));
    const tableName = Stacks?.[0]?.Outputs?.find((output) => output.OutputKey === 'TableName')?.OutputValue;
    if (!tableName) throw new Error(`The stack ${stackName} has no output TableName`);
    process.env[functionEnv.tableName] = tableName;
    resetClients();
    return `${stackName} (table ${tableName}, ${region})`;
  } catch (error) {
    if (error instanceof Error && /does not exist/.test(error.message)) throw new Error(`The stack ${stackName} does not exist in ${region}`);
    throw error;
  } finally {
    cloudFormation.destroy();
  }
}

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

async function main(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const command = parse(process.argv.slice(2));
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
    console.error(error instanceof TenantExistsError || error instanceof UnlockRefused ? message : `tenant: ${message}`);
    process.exit(1);
  },
);
