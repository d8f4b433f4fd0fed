import { createHash, randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '#lib/clients.ts';
import { queryAll } from '#lib/data/query.ts';
import { epochSeconds, table, type Keys } from '#lib/data/table.ts';
import { userPartition } from './users.ts';
import { isConditionalCheckFailure } from '#lib/errors.ts';
import { DEVICE_PREFIX } from './user-directory.ts';
import type { TrustedDevice } from '#shared/schemas/auth.ts';
import type { LabelledItem } from '#lib/data/transact.ts';

/**
 * Trusted second-step devices (SPEC.md §3 "Device"): `T#<kyk>#USER#<user>` / `DEVICE#<id>`, where the
 * id is the SHA-256 of the key the browser keeps (the key itself is never stored). A device skips
 * the second step while it is unexpired (the group's MFA validity), of the kind the group asks for,
 * and presented from the same IP address and browser it was trusted from. The users feature's
 * reset deletes them all; TTL removes expired ones.
 */
export type DeviceKind = 'mail' | 'totp';

export interface DeviceRecord {
  kyk_id: string;
  user_id: string;
  device_id: string;
  kind: DeviceKind;
  ip_address: string;
  browser: string;
  regist_date: string;
  /** Epoch seconds. */
  expires_at: number;
  ttl: number;
}

export const deviceIdOf = (token: string): string => createHash('sha256').update(token).digest('base64url');

export const deviceKey = (kykId: string, userId: string, deviceId: string): Keys => ({ pk: userPartition(kykId, userId), sk: `${DEVICE_PREFIX}${deviceId}` });

/** "Chrome 156 / Linux": what a person recognises their browser by (and what must match next time). */
export function browserOf(userAgent: string): string {
  const family = [
    ['Edg/', 'Edge'], ['OPR/', 'Opera'], ['Firefox/', 'Firefox'], ['Chrome/', 'Chrome'], ['Chromium/', 'Chromium'], ['Version/', 'Safari'],
  ].find(([marker]) => userAgent.includes(marker!));
  const version = family ? new RegExp(`${family[0]!.replace('/', '\\/')}(\\d+)`).exec(userAgent)?.[1] : undefined;
  const os = /Windows/.test(userAgent) ? 'Windows' : /iPhone|iPad/.test(userAgent) ? 'iOS' : /Mac OS X/.test(userAgent) ? 'macOS'
    : /Android/.test(userAgent) ? 'Android' : /Linux/.test(userAgent) ? 'Linux' : 'Other';
  return `${family ? `${family[1]} ${version ?? ''}`.trim() : 'Browser'} / ${os}`;
}

export async function listDevices(kykId: string, userId: string): Promise<DeviceRecord[]> {
  const items = await queryAll({
    TableName: table(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :device)',
    ExpressionAttributeValues: { ':pk': userPartition(kykId, userId), ':device': DEVICE_PREFIX },
    ConsistentRead: true,
  });
  const now = epochSeconds();
  return (items as unknown as DeviceRecord[]).filter((device) => device.expires_at > now).sort((a, b) => b.regist_date.localeCompare(a.regist_date));
}

/** The unexpired device a browser's key names, if any. */
export async function findDevice(kykId: string, userId: string, token: string): Promise<DeviceRecord | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: deviceKey(kykId, userId, deviceIdOf(token)), ConsistentRead: true }));
  const device = Item as DeviceRecord | undefined;
  return device && device.expires_at > epochSeconds() ? device : undefined;
}

/**
 * Trusts the device for `days`, dropping the oldest ones beyond the policy's `max` per user.
 * Answers the key the browser keeps.
 */
export async function trustDevice(device: Omit<DeviceRecord, 'device_id' | 'expires_at' | 'ttl' | 'regist_date'>, days: number, max: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expires_at = epochSeconds() + days * 86_400;
  const record: DeviceRecord = { ...device, device_id: deviceIdOf(token), regist_date: new Date().toISOString(), expires_at, ttl: expires_at };
  const existing = await listDevices(device.kyk_id, device.user_id);
  for (const old of existing.slice(Math.max(0, max - 1))) await deleteDevice(old.kyk_id, old.user_id, old.device_id);
  await db().send(new PutCommand({ TableName: table(), Item: { ...deviceKey(device.kyk_id, device.user_id, record.device_id), type: 'device', ...record } }));
  return token;
}

/** False when there was no such device. */
export async function deleteDevice(kykId: string, userId: string, deviceId: string): Promise<boolean> {
  try {
    await db().send(new DeleteCommand({ TableName: table(), Key: deviceKey(kykId, userId, deviceId), ConditionExpression: 'attribute_exists(pk)' }));
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/** A device as its owner and administrators see it (never the key's hash). */
export const toTrustedDevice = (device: DeviceRecord, currentId?: string): TrustedDevice => ({
  device_id: device.device_id,
  kind: device.kind,
  ip_address: device.ip_address,
  browser: device.browser,
  regist_date: device.regist_date,
  expires_at: new Date(device.expires_at * 1000).toISOString(),
  current: device.device_id === currentId,
});

/** Forgets one trusted device (its key), as an action of a transaction. */
export const deviceDelete = (key: Keys): LabelledItem => ({ label: `device#${key.sk}`, Delete: { TableName: table(), Key: key } });
