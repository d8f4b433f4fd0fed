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
