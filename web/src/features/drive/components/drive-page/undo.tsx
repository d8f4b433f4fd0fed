import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import Button from '@cloudscape-design/components/button';
import { currentNotifications, newNotificationId, notify } from '@/lib/notifications.ts';
import { ApiError, isAbortError } from '@/lib/api-client.ts';
import type { BulkResponse } from '@shared/schemas/drive.ts';
import type { DriveItem } from '../../api/get-file-info.ts';
import { moveItems } from '../../api/move-items.ts';
import { refreshFolderListings, restoreItems } from '../../api/restore-items.ts';
import { renameItem } from '../../api/rename-item.ts';
import { refreshFolder } from '../../api/list-folder.ts';

/** An entry the reverse call refused (its message is the server's). */
class UndoRefused extends Error {}

/** How long a move, trash or rename can be undone from its success message (issue 28 item 7). */
export const UNDO_MS = 10_000;

/** Each done entry's row_version after the call: the bulk answers' map (shared/schemas/drive.ts bulkResponse). */
export type RowVersions = BulkResponse['row_versions'];
/** The version the reverse call must name; an entry the answer gave none for is not undone (never a guess). */
function versionAfter(item: DriveItem, versions: RowVersions): number {
  const version = versions[item.id];
  if (version === undefined) throw new UndoRefused(item.name);
  return version;
}

/**
 * A success message with an Undo button for UNDO_MS: the button runs the reverse call and the
 * message says how it went (Undone, or the server's reason). Loaded with the first outcome. A
 * partly refused action is a warning with the refused entries as its content, and Undo reverses
 * what went through.
 */
export function flashUndoable(header: ReactNode, reverse: () => Promise<void>, t: TFunction, partly?: { content: ReactNode }): void {
  const id = newNotificationId('undoable');
  const close = t('common.close');
  let started = false;
  const run = async () => {
    started = true;
    notify({ id, type: 'in-progress', loading: true, header: t('driveCommands.undo.undoing'), dismissible: false });
    try {
      await reverse();
      notify({ id, type: 'success', header: <span data-testid="undo-done">{t('driveCommands.undo.undone')}</span>, dismissLabel: close }, 5000);
    } catch (error) {
      if (isAbortError(error)) return;
      const message = error instanceof ApiError || error instanceof UndoRefused ? error.message : t('notice.networkError');
      notify({ id, type: 'error', header: t('driveCommands.undo.failed', { message }), dismissLabel: close });
    }
  };
  const message = { id, type: partly ? 'warning' : 'success', header, ...(partly ? { content: partly.content } : {}), dismissLabel: close } as const;
  const undoButton = (
    <Button onClick={() => void run()} nativeButtonAttributes={{ 'data-testid': 'undo-button' }}>
      {t('driveCommands.undo.action')}
    </Button>
  );
  if (!partly) {
    notify({ ...message, action: undoButton }, UNDO_MS);
    return;
  }
  // The refused entries stay listed until dismissed; only the Undo goes after UNDO_MS.
  notify({ ...message, action: undoButton });
  setTimeout(() => {
    if (!started && currentNotifications().some((shown) => shown.id === id)) notify(message);
  }, UNDO_MS);
}

/** Moves the entries back to the folders they came from (each its own parent_id as listed), with their new row_versions. */
export async function undoMove(done: DriveItem[], versions: RowVersions, into: string): Promise<void> {
  const byParent = new Map<string, DriveItem[]>();
  for (const item of done) byParent.set(item.parent_id, [...(byParent.get(item.parent_id) ?? []), item]);
  for (const [parent, group] of byParent) {
    const result = await moveItems({ items: group.map((item) => ({ id: item.id, type: item.type, row_version: versionAfter(item, versions) })), folder_id: parent }, { silent: true });
    if (result.failed.length > 0) throw new UndoRefused(result.failed[0]!.message);
    void refreshFolder(parent);
  }
  void refreshFolder(into);
}

/** Restores trashed entries where they were (a bookkeeping document's restore is recorded as one by the server). */
export async function undoTrash(done: DriveItem[], versions: RowVersions): Promise<void> {
  const result = await restoreItems({ items: done.map((item) => ({ id: item.id, row_version: versionAfter(item, versions) })) }, { silent: true });
  void refreshFolderListings();
  if (result.failed.length > 0) throw new UndoRefused(result.failed[0]!.message);
}

/** Renames the entry back (the renamed item carries its new row_version). */
export async function undoRename(renamed: DriveItem, oldName: string): Promise<void> {
  await renameItem({ id: renamed.id, name: oldName, row_version: renamed.row_version }, { silent: true });
  void refreshFolder(renamed.parent_id);
}
