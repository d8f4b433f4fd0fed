/**
 * Operator CLI: reads a contract's audit log without the SPA (docs/operations.md "Read the audit log").
 *
 *   npm run audit -- <kyk_id> --since <date or ISO time> [--until <...>] [--user <user_id>]
 *     [--action <prefix>] [--item <type>:<id>] [--kind all|changes|signin] [--limit <n>] [--json] [--env <env>]
 *
 * Newest first, one record a line (time, user, action, item, the readable difference), or JSON lines
 * with --json. The same key-condition queries as the SPA's page (functions/data/audit-log.ts), with
 * the same rules: a range of at most 92 days, not reversed. Without --env it reads the local stack
 * of DATA_DIR (default .local/), running or not; with --env the deployed environment's audit table
 * (the `AuditTableName` output of `ComDrive-<env>-Data`; AWS default credentials, AWS_REGION), which
 * needs only dynamodb:Query on that table and its indexes.
 */
import { parseArgs } from 'node:util';
import { auditDiff, diffSummary } from '#shared/audit-diff.ts';
import { auditLogRequest, auditKinds, type AuditKind } from '#shared/schemas/audit.ts';
import { translate } from '#shared/messages.ts';
import { functionEnv } from '#lib/table-design.ts';
import { resetClients } from '#lib/clients.ts';
import { withLocalTable } from '#infra/local/local-table.ts';
import { resolveDataDir } from '#infra/local/settings.ts';
import { CONTRACT_ID_PATTERN } from '#data/contracts.ts';
import { queryAuditLog, type StoredAuditRecord } from '#data/audit-log.ts';
import { withDeployedStacks } from './support/deployed-stacks.ts';

const usage = 'Usage: npm run audit -- <kyk_id> --since <YYYY-MM-DD | ISO time> [--until <...>] [--user <user_id>] [--action <prefix>] [--item <type>:<id>] [--kind all|changes|signin] [--limit <n>] [--json] [--env <env>]';

class UsageError extends Error {}

/** A day (`2026-11-26`, midnight UTC) or an ISO time. */
const instant = (text: string, option: string): string => {
  const value = /^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text;
  if (Number.isNaN(Date.parse(value))) throw new UsageError(`--${option}: "${text}" is not a date (YYYY-MM-DD) or an ISO time`);
  return new Date(value).toISOString();
};

function parse(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv, allowPositionals: true,
    options: {
      since: { type: 'string' }, until: { type: 'string' }, user: { type: 'string' }, action: { type: 'string' }, item: { type: 'string' },
      kind: { type: 'string' }, limit: { type: 'string' }, json: { type: 'boolean' }, env: { type: 'string' }, help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) throw new UsageError('');
  const [kykId, ...extra] = positionals;
  if (!kykId || extra.length) throw new UsageError('Expected one contract ID');
  if (!CONTRACT_ID_PATTERN.test(kykId)) throw new Error(`Bad contract ID "${kykId}"`);
  if (!values.since) throw new UsageError('--since is required');
  if (values.env !== undefined && !/^[a-z][a-z0-9-]*$/.test(values.env)) throw new Error(`Bad environment name "${values.env}"`);
  const item = values.item === undefined ? undefined : /^([^:\s#]+):([^\s#]+)$/.exec(values.item);
  if (values.item !== undefined && !item) throw new UsageError('--item is <type>:<id>, e.g. user:alice or tag:<uuid>');
  if (values.kind !== undefined && !(auditKinds as readonly string[]).includes(values.kind)) throw new UsageError(`--kind is one of ${auditKinds.join(', ')}`);
  const limit = values.limit === undefined ? 1000 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1) throw new UsageError('--limit is a positive whole number');
  const request = {
    since: instant(values.since, 'since'),
    until: values.until === undefined ? new Date().toISOString() : instant(values.until, 'until'),
    ...(values.user !== undefined ? { user_id: values.user } : {}),
    ...(values.action !== undefined ? { action: values.action } : {}),
    ...(item ? { target_type: item[1]!, target_id: item[2]! } : {}),
    kind: (values.kind ?? 'all') as AuditKind,
  };
  // The page's rules, with the page's messages (reversed or too long a range, a bad filter).
  const checked = auditLogRequest.safeParse(request);
  if (!checked.success) throw new UsageError(checked.error.issues.map((issue) => `${issue.path.join('.')}: ${translate('en', issue.message as Parameters<typeof translate>[1])}`).join('\n'));
  return { kykId, request, limit, json: values.json === true, ...(values.env ? { env: values.env } : {}) };
}

/** Points the functions' environment at the deployed environment's audit table. */
const useDeployedAuditTable = (env: string): Promise<string> =>
  withDeployedStacks(env, async (output, region) => {
    const name = await output('Data', 'AuditTableName');
    process.env[functionEnv.auditTableName] = name;
    resetClients();
    return `ComDrive-${env}-Data (audit table ${name}, ${region})`;
  });

const line = (record: StoredAuditRecord): string => {
  const diff = diffSummary(auditDiff(record.before, record.after));
  return [record.at, record.user_id, record.action, `${record.target_type}:${record.target_id}`, record.source_ip, diff].join('\t');
};

async function main(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const { kykId, request, limit, json, env } = parse(process.argv.slice(2));
  const read = async (): Promise<number> => {
    let shown = 0;
    let after: string | undefined;
    do {
      const page = await queryAuditLog({
        kykId, since: request.since, until: request.until, kind: request.kind, pageSize: Math.min(1000, limit - shown),
        ...(request.user_id !== undefined ? { userId: request.user_id } : {}),
        ...(request.action !== undefined ? { action: request.action } : {}),
        ...(request.target_type !== undefined ? { target: { type: request.target_type, id: request.target_id! } } : {}),
        ...(after !== undefined ? { after } : {}),
      });
      for (const record of page.records) console.log(json ? JSON.stringify({ ...record, sk: undefined, id: record.sk }) : line(record));
      shown += page.records.length;
      after = page.next ?? undefined;
    } while (after !== undefined && shown < limit);
    if (after !== undefined) console.error(`(stopped at --limit ${limit}; more records match)`);
    return shown;
  };
  if (env) {
    const where = await useDeployedAuditTable(env);
    console.error(`Audit log of ${kykId} in ${where}, ${request.since} to ${request.until}`);
    console.error(`${await read()} records`);
    return;
  }
  const dataDir = resolveDataDir();
  await withLocalTable(dataDir, async (target) => {
    console.error(`Audit log of ${kykId} in ${target.kind === 'running' ? `the local stack at ${target.url}` : 'the local data'} (${dataDir}), ${request.since} to ${request.until}`);
    console.error(`${await read()} records`);
  });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof UsageError || (error as { code?: string } | null)?.code?.startsWith('ERR_PARSE_ARGS') === true) {
      if (message) console.error(message);
      console.error(usage);
      process.exit(message ? 2 : 0);
    }
    console.error(`audit: ${message}`);
    process.exit(1);
  },
);
