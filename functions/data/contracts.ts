import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Language } from '#shared/messages.ts';
import { CURRENT_MODULE, type ProductModule } from '#shared/constants.ts';
import { db } from '#lib/clients.ts';
import { table, tenantPrefix, type Keys } from '#lib/data/table.ts';
import type { LabelledItem } from '#lib/data/transact.ts';

/** A contract (tenant): `kyk_id` is its contract ID. */
export interface Contract {
  kyk_id: string;
  name: string;
  status: 'active' | 'stopped';
  /** Bytes of confirmed file versions; kept by storage-events in the same write as the file. */
  usage_bytes: number;
  /** Declared bytes of pending uploads, their sum with the usage (what the quota is checked against) and their number (functions/data/pending-uploads.ts). */
  reserved_bytes?: number;
  committed_bytes?: number;
  pending_uploads?: number;
  /** Usage counters (see `UsageCounter`): absent on older contracts, read as 0. */
  file_count?: number;
  trash_bytes?: number;
  trash_count?: number;
  version_bytes?: number;
  version_count?: number;
  /** Storage allowance in bytes; registrations beyond it (confirmed and reserved) answer 990000090001. */
  quota_bytes?: number;
  regist_date: string;
  /** The management responsible person, mailed when a user is suspended (the first administrator's address at creation). */
  responsible_email?: string;
  /** Set when another site serves this contract: sign-in here answers -990000010010 with this URL. */
  home_url?: string;
  /** Modules the contract may use (SPEC.md §1 login options); absent: the drive only. */
  modules?: string[];
  /** The language of those mails. */
  responsible_language?: Language;
}

export const CONTRACT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,19}$/;

export const contractKey = (kykId: string): Keys => ({ pk: tenantPrefix(kykId), sk: 'CONTRACT' });

export async function getContract(kykId: string): Promise<Contract | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: contractKey(kykId) }));
  return Item as Contract | undefined;
}

/** Whether the contract may use a module (SPEC.md §1 login options); a contract naming none has the drive only. */
export const contractAllows = (contract: Pick<Contract, 'modules'> | undefined, module: ProductModule): boolean =>
  (contract?.modules ?? [CURRENT_MODULE]).includes(module);

/** A new contract (its ID is unique: the Put is conditional). */
export const contractPut = (contract: Contract): LabelledItem => ({
  label: 'contract',
  Put: { TableName: table(), Item: { ...contractKey(contract.kyk_id), type: 'contract', ...contract }, ConditionExpression: 'attribute_not_exists(pk)' },
});

/**
 * The usage counters on the contract item besides `usage_bytes` (docs/drive.md "Data usage"). Each
 * changes in the transaction that changes what it counts, never by a recount:
 * - `file_count`: confirmed files, in the trash or not (their bytes are in `usage_bytes`);
 * - `trash_bytes` / `trash_count`: entries in the trash (a trashed folder counts once, with 0 bytes:
 *   what it holds stays counted as files until the folder is deleted for good);
 * - `version_bytes` / `version_count`: earlier versions of files kept beside the current one (their
 *   bytes are also in `usage_bytes`, which the quota reads).
 */
export type UsageCounter = 'file_count' | 'trash_bytes' | 'trash_count' | 'version_bytes' | 'version_count';
export type UsageChange = Partial<Record<UsageCounter, number>>;

/**
 * The ADD clause and values of a usage change, for a transaction that already updates the contract
 * item (DynamoDB allows one action per item in a transaction): append `clause` to its
 * UpdateExpression and merge `values`. ADD starts a missing counter at 0. Empty when nothing changes.
 */
export function usageCounterAdd(change: UsageChange): { clause: string; values: Record<string, number> } {
  const entries = Object.entries(change).filter(([, delta]) => delta !== undefined && delta !== 0) as [UsageCounter, number][];
  if (entries.length === 0) return { clause: '', values: {} };
  return {
    clause: ` ADD ${entries.map(([counter]) => `${counter} :usage_${counter}`).join(', ')}`,
    values: Object.fromEntries(entries.map(([counter, delta]) => [`:usage_${counter}`, delta])),
  };
}

/**
 * The one Update of the contract's usage counters for a transaction that does not otherwise touch
 * the contract item. The per-version records call it when a version is kept or deleted, e.g.
 * `usageCounterUpdate(kyk, { version_count: 1, version_bytes: size })` (and the negative change
 * when it goes); undefined when the change is empty.
 */
export function usageCounterUpdate(kykId: string, change: UsageChange, label = 'usageCounters'): LabelledItem | undefined {
  const { clause, values } = usageCounterAdd(change);
  if (!clause) return undefined;
  return {
    label,
    Update: { TableName: table(), Key: contractKey(kykId), UpdateExpression: clause.trim(), ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: values },
  };
}

/** What the data-usage screen shows: the counters as stored (never a recount), and the quota. */
export interface DataUsage {
  usage_bytes: number;
  reserved_bytes: number;
  file_count: number;
  trash_bytes: number;
  trash_count: number;
  version_bytes: number;
  version_count: number;
  quota_bytes: number | null;
}

export async function readDataUsage(kykId: string): Promise<DataUsage | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: contractKey(kykId), ConsistentRead: true }));
  if (!Item) return undefined;
  const count = (name: string) => Math.max(0, Number(Item[name] ?? 0));
  return {
    usage_bytes: count('usage_bytes'), reserved_bytes: count('reserved_bytes'), file_count: count('file_count'),
    trash_bytes: count('trash_bytes'), trash_count: count('trash_count'), version_bytes: count('version_bytes'), version_count: count('version_count'),
    quota_bytes: Item.quota_bytes === undefined ? null : Number(Item.quota_bytes),
  };
}
