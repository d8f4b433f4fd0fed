import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Language } from '#shared/messages.ts';
import type { LoginUser } from '#shared/schemas/auth.ts';
import type { ProductArea } from '#shared/schemas/groups.ts';
import { db } from '../clients.ts';
import { table, tenantPrefix, type Keys } from './table.ts';

/** User status of SPEC.md §4: available 0, suspended 1, unavailable 9. */
export type UserStatus = 0 | 1 | 9;

export interface User {
  kyk_id: string;
  user_id: string;
  user_nm: string;
  email: string;
  language: Language;
  ata_admin_permission: 0 | 1;
  status: UserStatus;
  /** The user's group in each product area (at most one per area); membership items mirror it. */
  groups?: Partial<Record<ProductArea, string>>;
  /** The legal entity the user belongs to. */
  corp_id?: string | null;
  department?: string;
  post?: string;
  password_hash: string;
  /** Optimistic-lock version: every update is conditional on it (-201 on a lost race). */
  row_version: number;
  regist_date: string;
  regist_user_id: string;
  update_date: string;
  update_user_id: string;
}

export const USER_ID_PATTERN = /^[A-Za-z0-9._@-]{1,12}$/;

/** The user's partition also holds its sessions, so "sessions by user" is one query. */
export const userPartition = (kykId: string, userId: string): string => `${tenantPrefix(kykId)}#USER#${userId}`;

export const userKey = (kykId: string, userId: string): Keys => ({ pk: userPartition(kykId, userId), sk: 'PROFILE' });

/** Index keys: users of a contract by user ID (gsi1) and by name (gsi2). */
export const userIndexKeys = (user: Pick<User, 'kyk_id' | 'user_id' | 'user_nm'>) => ({
  gsi1pk: `${tenantPrefix(user.kyk_id)}#USERS`,
  gsi1sk: user.user_id,
  gsi2pk: `${tenantPrefix(user.kyk_id)}#USERS`,
  gsi2sk: `${user.user_nm}#${user.user_id}`,
});

export async function getUser(kykId: string, userId: string): Promise<User | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: userKey(kykId, userId) }));
  return Item as User | undefined;
}

export const toLoginUser = (user: User): LoginUser => ({
  kyk_id: user.kyk_id,
  user_id: user.user_id,
  user_nm: user.user_nm,
  email: user.email,
  language: user.language,
  ata_admin_permission: user.ata_admin_permission,
});
