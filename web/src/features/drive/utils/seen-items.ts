import type { DriveItem } from '../api/get-file-info.ts';

/** What a bulk call sends of each item: its id, type and the row_version the user saw (a stale one loses with -201). */
export const seenItems = (items: DriveItem[]) => items.map(({ id, type, row_version }) => ({ id, type, row_version }));
