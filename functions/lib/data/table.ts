import { config } from '../config.ts';

/**
 * Every key of the main table starts with the tenant (contract) partition prefix, so no query can
 * reach across contracts: the prefix comes from the verified token, never from the request body.
 */
export const tenantPrefix = (kykId: string): string => `T#${kykId}`;

export const table = (): string => config.tableName;

export type Keys = {
  pk: string;
  sk: string;
};

/** Cursor = the last returned sort key(s), base64url JSON. The partition is never taken from it. */
export const encodeCursor = (value: Record<string, unknown>): string =>
  Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

export const decodeCursor = (cursor: string): Record<string, unknown> | undefined => {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};

export const nowIso = (): string => new Date().toISOString();
export const epochSeconds = (date: Date = new Date()): number => Math.floor(date.getTime() / 1000);
