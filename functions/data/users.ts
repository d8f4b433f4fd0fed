import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Language } from '#shared/messages.ts';
import type { LoginRights, LoginUser } from '#shared/schemas/auth.ts';
import type { ProductArea } from '#shared/schemas/groups.ts';
import type { UserDetail } from '#shared/schemas/users.ts';
import { db } from '#lib/clients.ts';
import { nowIso, table, tenantPrefix, type Keys } from '#lib/data/table.ts';
import { isConditionalCheckFailure } from '#lib/errors.ts';
import type { LabelledItem } from '#lib/data/transact.ts';

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
  phone?: string;
  atp_admin_permission?: 0 | 1;
  atk_admin_permission?: 0 | 1;
  atc_admin_permission?: 0 | 1;
  atc_lapse_flg?: 0 | 1;
  atk_lapse_flg?: 0 | 1;
  atp_lapse_flg?: 0 | 1;
  ata_corp_permission?: 0 | 1;
  /** File registration method: simple 0, detailed 1. */
  file_regist_method?: 0 | 1;
  /** The user's own display settings (user_setting_save_btn); absent: the defaults of shared/schemas/user-settings.ts. */
  ui_page_size?: 50 | 100 | 1000;
  ui_visual_mode?: 'system' | 'light' | 'dark';
  ui_density?: 'comfortable' | 'compact';
  indiv_permission_flg?: 0 | 1;
  indiv_com_drive_permission?: number;
  password_hash: string;
  /** 1: the password was set by an administrator (or is temporary) and must be changed at sign-in. */
  password_change_required?: 0 | 1;
  /** ISO time after which a temporary password no longer signs in. */
  temp_password_expires_at?: string;
  /** Authenticator registration (issue 4); never leaves the server. */
  totp_secret?: string;
  /** ISO time the authenticator was registered (devices trusted before it do not count). */
  totp_registered_at?: string;
  /** The last accepted TOTP time step: a code of that step or earlier is never accepted again. */
  totp_last_step?: number;
  /** Wrong passwords since the last successful one; reaching the policy's maximum locks (status 9). */
  failed_login_count?: number;
  /** ISO time the password was last set (expiry counts from it). */
  password_changed_at?: string;
  /** ISO time of the last completed sign-in (tells a first sign-in from an administrator reset). */
  last_login_at?: string;
  /** 1: the user must complete missing information (e-mail) at the next sign-in (-990000010008). */
  info_change_required?: 0 | 1;
  /** Optimistic-lock version: every update is conditional on it (-201 on a lost race). */
  row_version: number;
  regist_date: string;
  regist_user_id: string;
  /** The CSV import job that created the user (a later pass of the same job reports the row as created). */
  regist_import_id?: string;
  update_date: string;
  update_user_id: string;
  regist_user_nm?: string;
  update_user_nm?: string;
}

export const USER_ID_PATTERN = /^[A-Za-z0-9._@-]{1,12}$/;

/** The user's partition also holds its sessions, so "sessions by user" is one query. */
export const userPartition = (kykId: string, userId: string): string => `${tenantPrefix(kykId)}#USER#${userId}`;
/** The partition of a contract's user list (gsi1 by user ID, gsi2 by name). */
export const usersListPartition = (kykId: string): string => `${tenantPrefix(kykId)}#USERS`;

export const userKey = (kykId: string, userId: string): Keys => ({ pk: userPartition(kykId, userId), sk: 'PROFILE' });

/** Index keys: users of a contract by user ID (gsi1) and by name (gsi2). */
export const userIndexKeys = (user: Pick<User, 'kyk_id' | 'user_id' | 'user_nm'>) => ({
  gsi1pk: `${tenantPrefix(user.kyk_id)}#USERS`,
  gsi1sk: user.user_id,
  gsi2pk: `${tenantPrefix(user.kyk_id)}#USERS`,
  gsi2sk: `${user.user_nm}#${user.user_id}`,
});

/** The users counter of a contract (list total without filters), kept in the register and delete transactions. */
export const userCountKey = (kykId: string): Keys => ({ pk: `${tenantPrefix(kykId)}#USERS`, sk: 'COUNT' });

export async function getUser(kykId: string, userId: string): Promise<User | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: userKey(kykId, userId) }));
  return Item as User | undefined;
}

export const toLoginUser = (user: User, rights: LoginRights): LoginUser => ({
  kyk_id: user.kyk_id,
  user_id: user.user_id,
  user_nm: user.user_nm,
  email: user.email,
  language: user.language,
  ata_admin_permission: user.ata_admin_permission,
  file_regist_method: user.file_regist_method ?? 0,
  rights,
});

/**
 * The user as administrators see it: never the password hash, a temporary password or a TOTP
 * secret. Names of the legal entity and groups come from the caller (they live on other items).
 */
export const toUserDetail = (user: User, names: { corpNm?: string; groupNames?: Record<string, string> } = {}): UserDetail => {
  const groups = Object.fromEntries(Object.entries(user.groups ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  return {
    kyk_id: user.kyk_id,
    user_id: user.user_id,
    user_nm: user.user_nm,
    email: user.email,
    phone: user.phone ?? '',
    language: user.language,
    corp_id: user.corp_id ?? null,
    corp_nm: names.corpNm ?? '',
    department: user.department ?? '',
    post: user.post ?? '',
    groups,
    group_names: Object.fromEntries(Object.entries(groups).map(([product, id]) => [product, names.groupNames?.[id] ?? ''])),
    ata_admin_permission: user.ata_admin_permission,
    atp_admin_permission: user.atp_admin_permission ?? 0,
    atk_admin_permission: user.atk_admin_permission ?? 0,
    atc_admin_permission: user.atc_admin_permission ?? 0,
    atc_lapse_flg: user.atc_lapse_flg ?? 0,
    atk_lapse_flg: user.atk_lapse_flg ?? 0,
    atp_lapse_flg: user.atp_lapse_flg ?? 0,
    ata_corp_permission: user.ata_corp_permission ?? 0,
    file_regist_method: user.file_regist_method ?? 0,
    indiv_permission_flg: user.indiv_permission_flg ?? 0,
    indiv_com_drive_permission: user.indiv_com_drive_permission ?? 0,
    status: user.status,
    password_change_required: user.password_change_required ?? 0,
    totp_registered: user.totp_secret ? 1 : 0,
    row_version: user.row_version,
    regist_date: user.regist_date,
    regist_user_nm: user.regist_user_nm ?? user.regist_user_id,
    update_date: user.update_date,
    update_user_nm: user.update_user_nm ?? user.update_user_id,
  };
};

// ---------------------------------------------------------------------------------------------
// Writes

/** The users counter of a new contract. */
export const userCountStart = (kykId: string, count: number): LabelledItem => ({
  label: 'userCount',
  Put: { TableName: table(), Item: { ...userCountKey(kykId), type: 'user-count', user_count: count } },
});

/** A new profile with its list index keys (the user ID is unique: the Put is conditional). */
export const userPut = (user: User): LabelledItem => ({
  label: 'user',
  Put: { TableName: table(), Item: { ...userKey(user.kyk_id, user.user_id), ...userIndexKeys(user), type: 'user', ...user }, ConditionExpression: 'attribute_not_exists(pk)' },
});

/** Deletes a profile still at `expectedVersion` and in no group (groups are left first). */
export const userDelete = (kykId: string, userId: string, expectedVersion: number): LabelledItem => ({
  label: 'user',
  Delete: {
    TableName: table(),
    Key: userKey(kykId, userId),
    ConditionExpression: 'attribute_exists(pk) AND row_version = :expected AND (attribute_not_exists(#groups) OR size(#groups) = :zero)',
    ExpressionAttributeNames: { '#groups': 'groups' },
    ExpressionAttributeValues: { ':expected': expectedVersion, ':zero': 0 },
  },
});

/**
 * The user's own settings (language, file-registration method): no lock, they are the user's
 * alone; `row_version` still moves so an administrator's open form does not write them back.
 */
export async function updateOwnSettings(kykId: string, userId: string, settings: Partial<Pick<User, 'language' | 'file_regist_method' | 'ui_page_size' | 'ui_visual_mode' | 'ui_density'>>): Promise<User> {
  const fields: Record<string, unknown> = { ...settings, update_date: nowIso(), update_user_id: userId };
  const names = Object.fromEntries(Object.keys(fields).map((field, i) => [`#f${i}`, field]));
  const values = Object.fromEntries(Object.values(fields).map((value, i) => [`:f${i}`, value]));
  const { Attributes } = await db().send(new UpdateCommand({
    TableName: table(),
    Key: userKey(kykId, userId),
    UpdateExpression: `SET ${Object.keys(fields).map((_, i) => `#f${i} = :f${i}`).join(', ')} ADD row_version :one`,
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: { ...values, ':one': 1 },
    ReturnValues: 'ALL_NEW',
  }));
  return Attributes as User;
}

/** A completed sign-in: the time, and the failed attempts cleared. False: the account is no longer available. */
export async function recordSignIn(kykId: string, userId: string): Promise<boolean> {
  try {
    await db().send(new UpdateCommand({
      TableName: table(), Key: userKey(kykId, userId),
      UpdateExpression: 'SET last_login_at = :now REMOVE failed_login_count',
      ConditionExpression: 'attribute_exists(pk) AND #status = :available',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':now': nowIso(), ':available': 0 },
    }));
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/** Locks an available account (status 9). False: it was not available (already locked or suspended). */
export async function lockUser(kykId: string, userId: string, now: string): Promise<boolean> {
  try {
    await db().send(new UpdateCommand({
      TableName: table(), Key: userKey(kykId, userId),
      UpdateExpression: 'SET #status = :locked, update_date = :now, update_user_id = :system, row_version = row_version + :one',
      ConditionExpression: '#status = :available',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':locked': 9, ':available': 0, ':now': now, ':system': 'system', ':one': 1 },
    }));
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/** A new password, conditional on the old hash still being the one checked (a racing change loses). */
export const passwordChangeItem = (user: User, change: { hash: string; history: string[]; now: string }): LabelledItem => ({
  label: 'user',
  Update: {
    TableName: table(),
    Key: userKey(user.kyk_id, user.user_id),
    UpdateExpression: 'SET password_hash = :hash, password_changed_at = :now, password_change_required = :zero, password_history = :history, '
      + 'row_version = row_version + :one, update_date = :now, update_user_id = :by, update_user_nm = :byName REMOVE temp_password_expires_at',
    ConditionExpression: 'attribute_exists(pk) AND password_hash = :old',
    ExpressionAttributeValues: {
      ':hash': change.hash, ':now': change.now, ':zero': 0, ':history': change.history, ':one': 1,
      ':by': user.user_id, ':byName': user.user_nm, ':old': user.password_hash,
    },
  },
});

/**
 * The authenticator's last accepted time step moves forward (no code is accepted twice); the first
 * code also activates the authenticator, on condition that none is registered yet.
 */
export const totpStepItem = (user: User, secret: string, step: number, activating: boolean, now: string): LabelledItem => ({
  label: 'totpStep',
  Update: {
    TableName: table(), Key: userKey(user.kyk_id, user.user_id),
    UpdateExpression: activating ? 'SET totp_secret = :secret, totp_last_step = :step, totp_registered_at = :now' : 'SET totp_last_step = :step',
    ConditionExpression: activating
      ? 'attribute_exists(pk) AND attribute_not_exists(totp_secret)'
      : 'totp_secret = :secret AND (attribute_not_exists(totp_last_step) OR totp_last_step < :step)',
    ExpressionAttributeValues: { ':secret': secret, ':step': step, ...(activating ? { ':now': now } : {}) },
  },
});
