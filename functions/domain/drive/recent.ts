import { nowIso } from '#lib/data/table.ts';
import type { Logger } from '#lib/logger.ts';
import type { ItemRecord } from '#data/drive-items.ts';
import { recordRecent, type RecentAction } from '#data/recent-files.ts';

/**
 * Puts a file at the top of a user's recent files. Best effort: the action the user asked for has
 * happened, so a failure here is logged, never answered.
 */
export async function noteRecent(item: Pick<ItemRecord, 'kyk_id' | 'id' | 'type'>, userId: string, action: RecentAction, log: Pick<Logger, 'warn'>): Promise<void> {
  if (item.type !== 'file') return;
  await recordRecent(item.kyk_id, userId, item.id, action, nowIso()).catch((error: unknown) => log.warn('recent file not recorded', { error, item: item.id }));
}
