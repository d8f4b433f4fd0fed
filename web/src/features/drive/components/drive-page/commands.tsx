/**
 * The drive's commands (ARCHITECTURE.md "commands"): what a user can do to drive entries, defined once
 * and rendered by the header's buttons and Actions menu, the context menu (context-menu.tsx), the
 * keyboard (use-drive-shortcuts.ts) and the undo of a success message (undo.tsx). The list and grid
 * views are two renderings of one selection and call the same commands.
 *
 * `useDriveCommands(options)`:
 * - options: `folderId` (the folder shown, 'root'), `items` (the entries listed, for the preview's
 *   arrows), `selected` (the selection), `scope` (command-rules.ts: rights, user, mayAdd, share links,
 *   favourites), `onDone` (clears the selection after a move, trash or copy), `openFolder`.
 * - returns: `commands` (each with `id`, `text`, `iconName`, `shortcut`, `disabled`, `disabledReason`
 *   for the selection), `command(id)`, `menuItems(ids)` (ButtonDropdown items), `run(id, items?)` (items
 *   default to the selection; a command not enabled for them does nothing), `moveInto(items, folder,
 *   copy)` (drag to move), `preview` (the file in the preview pane), `favoriteBusy`, `zipBusy`, and
 *   `dialogs` (the command dialogs, rendered once by the page).
 */
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ButtonDropdownProps } from '@cloudscape-design/components/button-dropdown';
import type { IconProps } from '@cloudscape-design/components/icon';
import Box from '@cloudscape-design/components/box';
import { Tx, type TextKey } from '@/components/translated.tsx';
import { newNotificationId, notify, SUCCESS_DISMISS_MS } from '@/lib/notifications.ts';
import { newActionKey, reportApiError, reportRefusal } from '@/lib/api-client.ts';
import type { DriveItem } from '../../api/get-file-info.ts';
import { refreshFolder } from '../../api/list-folder.ts';
import { refreshAttention } from '../../api/list-attention.ts';
import { moveItems } from '../../api/move-items.ts';
import type { ChosenFolder } from '../location-dialog.tsx';
import { useCopyAndZip } from '../copy-zip-actions.tsx';
import { seenItems } from '../../utils/seen-items.ts';
import { changeFavorites } from '../favorite-actions.tsx';
import type { reportBulk as ReportBulk } from './report-bulk.tsx';
import { allFavorites, commandEnabled, commandShortcut, commandShown, driveCommandIds, type CommandScope, type DriveCommandId } from './command-rules.ts';

export { driveCommandIds, type DriveCommandId, type CommandScope } from './command-rules.ts';

const transfers = () => import('../../utils/transfers.tsx');
const undoing = () => import('./undo.tsx');
// The flash of a move or trash outcome (with its per-entry reasons and Undo) loads with the first outcome.
const reportBulk = (...args: Parameters<typeof ReportBulk>) => void import('./report-bulk.tsx').then((module) => module.reportBulk(...args));
const RenameModal = lazy(() => import('../rename-modal.tsx').then((module) => ({ default: module.RenameModal })));
const TrashModal = lazy(() => import('../trash-modal.tsx').then((module) => ({ default: module.TrashModal })));
const LocationDialog = lazy(() => import('../location-dialog.tsx').then((module) => ({ default: module.LocationDialog })));
const EditDetailsModal = lazy(() => import('../edit-details-modal.tsx').then((module) => ({ default: module.EditDetailsModal })));
const VersionHistoryModal = lazy(() => import('../version-history-modal.tsx').then((module) => ({ default: module.VersionHistoryModal })));
const PreviewModal = lazy(() => import('../preview/preview-modal.tsx').then((module) => ({ default: module.PreviewModal })));
const PermissionsDialog = lazy(() => import('../permissions-dialog.tsx').then((module) => ({ default: module.PermissionsDialog })));
const ShareDialog = lazy(() => import('../share-dialog.tsx').then((module) => ({ default: module.ShareDialog })));
const TagsDialog = lazy(() => import('../tags-dialog.tsx').then((module) => ({ default: module.TagsDialog })));
// Accepting and rejecting received files (and the reject confirmation) load with their first use.
const arrivalActions = () => import('../arrival-actions.tsx');
const RejectArrivalsModal = lazy(() => arrivalActions().then((module) => ({ default: module.RejectArrivalsModal })));

/** One command as the selection sees it. */
export interface ResolvedCommand {
  id: DriveCommandId;
  text: string;
  iconName?: IconProps.Name;
  shortcut?: string;
  disabled: boolean;
  /** The true reason, when disabled. */
  disabledReason?: string;
}

const labels: Record<DriveCommandId, { key: TextKey; icon?: IconProps.Name }> = {
  open: { key: 'driveCommands.open', icon: 'folder-open' },
  preview: { key: 'preview.action', icon: 'file-open' },
  download: { key: 'drive.actions.download', icon: 'download' },
  zip: { key: 'driveJobs.zipAction' },
  rename: { key: 'drive.actions.rename' },
  move: { key: 'drive.actions.move' },
  editDetails: { key: 'bookkeeping.edit.action', icon: 'edit' },
  copy: { key: 'driveJobs.copyAction', icon: 'copy' },
  tags: { key: 'tags.action', icon: 'ticket' },
  permissions: { key: 'permissions.action', icon: 'lock-private' },
  history: { key: 'versions.history.action' },
  share: { key: 'shares.action', icon: 'share' },
  favorite: { key: 'places.drive.addFavorite', icon: 'star' },
  trash: { key: 'drive.actions.delete', icon: 'remove' },
  accept: { key: 'arrivals.commands.accept', icon: 'check' },
  reject: { key: 'arrivals.commands.reject', icon: 'close' },
};

/** The commands of the Actions menu, in its order (the header's own buttons carry the others). */
export const actionMenuIds: DriveCommandId[] = ['accept', 'reject', 'rename', 'move', 'editDetails', 'copy', 'tags', 'permissions', 'history', 'share', 'favorite'];
/** The context menu's: what can be done to the entries under the pointer, most used first. */
export const contextMenuIds: DriveCommandId[] = ['open', 'download', ...actionMenuIds, 'trash'];

export interface DriveCommandsOptions {
  folderId: string;
  items: DriveItem[];
  selected: DriveItem[];
  scope: CommandScope;
  /** Admins tag with common tags (the tags dialog). */
  admin: boolean;
  onDone: () => void;
  openFolder: (id: string) => void;
}

export function useDriveCommands({ folderId, items, selected, scope, admin, onDone, openFolder }: DriveCommandsOptions) {
  const { t } = useTranslation();
  const [renaming, setRenaming] = useState<DriveItem>();
  const [trashing, setTrashing] = useState<DriveItem[]>();
  const [moving, setMoving] = useState<DriveItem[]>();
  const [moveBusy, setMoveBusy] = useState(false);
  const [moveError, setMoveError] = useState<string>();
  const [tagging, setTagging] = useState<DriveItem>();
  const [historyOf, setHistoryOf] = useState<DriveItem>();
  const [editingDetails, setEditingDetails] = useState<DriveItem>();
  const [preview, setPreview] = useState<DriveItem>();
  const [permissionsOf, setPermissionsOf] = useState<DriveItem>();
  const [sharing, setSharing] = useState<DriveItem>();
  const [rejecting, setRejecting] = useState<DriveItem[]>();
  const [favoriteBusy, setFavoriteBusy] = useState(false);
  const copyAndZip = useCopyAndZip({ folderId, selected, mayAdd: scope.drive >= 2, onCopied: onDone });
  const mayChange = (item: DriveItem) => commandEnabled('rename', [item], scope) === true;

  const resolve = (id: DriveCommandId, of: DriveItem[] = selected): ResolvedCommand => {
    const enabled = commandEnabled(id, of, scope);
    const removes = id === 'favorite' && allFavorites(of, scope.favoriteIds);
    return {
      id,
      text: t(removes ? 'places.drive.removeFavorite' : labels[id].key),
      iconName: removes ? 'star-filled' : labels[id].icon,
      shortcut: commandShortcut(id),
      disabled: enabled !== true,
      ...(enabled === true ? {} : { disabledReason: t(enabled) }),
    };
  };
  const commands = driveCommandIds.filter((id) => commandShown(id, scope)).map((id) => resolve(id));
  const menuItems = (ids: DriveCommandId[], of: DriveItem[] = selected): ButtonDropdownProps.Item[] =>
    ids
      .filter((id) => commandShown(id, scope))
      .map((id) => {
        const command = resolve(id, of);
        return {
          id,
          text: command.text,
          ...(command.iconName ? { iconName: command.iconName } : {}),
          ...(command.shortcut ? { secondaryText: command.shortcut } : {}),
          disabled: command.disabled,
          ...(command.disabledReason ? { disabledReason: command.disabledReason } : {}),
        };
      });

  /** Moves (or, `copy`, copies) entries into a folder: the move dialog's call and flash, also for a drop. */
  const moveInto = async (entries: DriveItem[], folder: { id: string; name: string }, options: { copy?: boolean } = {}) => {
    const folderName = folder.id === 'root' ? t('location.root') : folder.name;
    if (options.copy) {
      const { copyItems } = await import('../../api/copy-items.ts');
      // A drop is one action with its own key: should the call be sent again, the copy is made once.
      const { job, failed } = await copyItems({ items: seenItems(entries), folder_id: folder.id }, { silent: true, idempotencyKey: newActionKey() });
      if (failed.length > 0) notify({ id: newNotificationId('copy-refused'), type: 'warning', header: t('driveJobs.copyRefused', { count: failed.length }), dismissLabel: t('common.close') });
      onDone();
      void import('../../utils/drive-jobs.tsx').then((module) => module.followCopy(job, { id: folder.id, name: folderName }, folderId));
      return;
    }
    const result = await moveItems({ items: seenItems(entries), folder_id: folder.id }, { silent: true });
    reportBulk(
      entries,
      result,
      t,
      {
        one: (name) => t('drive.move.movedOne', { name, folder: folderName }),
        many: (count) => t('drive.move.movedMany', { count, folder: folderName }),
        failed: (count) => t('drive.move.failed', { count }),
      },
      async (done, versions) => (await undoing()).undoMove(done, versions, folder.id),
    );
    onDone();
    void refreshFolder(folderId);
    void refreshFolder(folder.id);
  };

  /** The move dialog's submit: a refusal of every entry stays in the dialog (another folder can be tried). */
  const moveTo = async (folder: ChosenFolder) => {
    if (!moving) return;
    setMoveBusy(true);
    setMoveError(undefined);
    try {
      await moveInto(moving, folder);
      setMoving(undefined);
    } catch (error) {
      reportRefusal(error, (refusal) => setMoveError(refusal.message));
    } finally {
      setMoveBusy(false);
    }
  };

  const toggleFavorite = async (of: DriveItem[]) => {
    setFavoriteBusy(true);
    try {
      await changeFavorites(of, !allFavorites(of, scope.favoriteIds), t);
    } finally {
      setFavoriteBusy(false);
    }
  };

  /** Accepted files leave "Needs attention" and change style: the folder and the filter read again. */
  const accept = async (of: DriveItem[]) => {
    const module = await arrivalActions();
    if (await module.acceptReceived(of, t)) onDone();
    void refreshFolder(folderId);
    void refreshAttention();
  };

  const download = (of: DriveItem[]) => {
    const [one] = of;
    if (of.length === 1 && one?.type === 'file') void transfers().then((module) => module.startDownload(one));
    else copyAndZip.zip();
  };

  /** Runs a command for these entries (the selection by default); one not enabled for them does nothing. */
  const run = (id: DriveCommandId, of: DriveItem[] = selected) => {
    if (commandEnabled(id, of, scope) !== true) return;
    const [one] = of;
    if (id === 'open' && one) {
      if (one.type === 'folder') openFolder(one.id);
      else setPreview(one);
    } else if (id === 'preview') setPreview(one);
    else if (id === 'download') download(of);
    else if (id === 'zip') copyAndZip.zip();
    else if (id === 'rename') setRenaming(one);
    else if (id === 'move') {
      setMoveError(undefined);
      setMoving(of);
    } else if (id === 'copy') copyAndZip.startCopy();
    else if (id === 'tags') setTagging(one);
    else if (id === 'permissions') setPermissionsOf(one);
    else if (id === 'history') setHistoryOf(one);
    else if (id === 'editDetails') setEditingDetails(one);
    else if (id === 'share') setSharing(one);
    else if (id === 'favorite') void toggleFavorite(of);
    else if (id === 'trash') setTrashing(of);
    else if (id === 'accept') void accept(of);
    else if (id === 'reject') setRejecting(of);
  };

  // In the open preview, ArrowLeft / ArrowRight go to the previous / next file of the listing.
  const previewable = useRef<DriveItem[]>([]);
  useEffect(() => {
    previewable.current = items.filter((item) => commandEnabled('preview', [item], scope) === true);
  });
  useEffect(() => {
    if (!preview) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      event.preventDefault();
      const at = previewable.current.findIndex((item) => item.id === preview.id);
      const next = at < 0 ? undefined : previewable.current[at + (event.key === 'ArrowLeft' ? -1 : 1)];
      if (next) setPreview(next);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [preview]);

  const dialogs: ReactNode = (
    <>
      {renaming && (
        <Suspense fallback={null}>
          <RenameModal
            item={renaming}
            onDismiss={() => setRenaming(undefined)}
            onRenamed={(item) => {
              const oldName = renaming.name;
              setRenaming(undefined);
              void undoing().then((module) =>
                module.flashUndoable(<Tx k="drive.rename.renamed" values={{ old: oldName, name: item.name }} />, () => module.undoRename(item, oldName), t),
              );
              void refreshFolder(folderId);
            }}
            onStale={async () => {
              await refreshFolder(folderId);
              setRenaming(undefined);
            }}
          />
        </Suspense>
      )}
      {moving && (
        <Suspense fallback={null}>
          <LocationDialog
            header={t('drive.move.title')}
            description={moving.length === 1 ? t('drive.move.descriptionOne', { name: moving[0]!.name }) : t('drive.move.descriptionMany', { count: moving.length })}
            submitLabel={t('drive.move.submit')}
            busy={moveBusy}
            error={moveError}
            onSubmit={(folder) => void moveTo(folder)}
            onDismiss={() => setMoving(undefined)}
          >
            {moving.some((item) => item.type === 'folder') && (
              <Box variant="p" color="text-body-secondary">
                {t('drive.move.note')}
              </Box>
            )}
          </LocationDialog>
        </Suspense>
      )}
      {tagging && (
        <Suspense fallback={null}>
          <TagsDialog
            item={tagging}
            admin={admin}
            onDismiss={() => setTagging(undefined)}
            onSaved={() => {
              notify({ id: newNotificationId('tags-saved'), type: 'success', header: <Tx k="tags.dialog.saved" values={{ name: tagging.name }} />, dismissLabel: t('common.close') }, SUCCESS_DISMISS_MS);
              setTagging(undefined);
            }}
          />
        </Suspense>
      )}
      {preview && (
        <Suspense fallback={null}>
          <PreviewModal
            key={preview.id}
            file={preview}
            onDismiss={() => setPreview(undefined)}
            onDownload={preview.scan_status === 'THREATS_FOUND' ? undefined : () => void transfers().then((module) => module.startDownload(preview))}
          />
        </Suspense>
      )}
      {editingDetails && (
        <Suspense fallback={null}>
          <EditDetailsModal
            file={editingDetails}
            onDismiss={() => setEditingDetails(undefined)}
            onSaved={(item, newVersion, confirmed) => {
              setEditingDetails(undefined);
              notify(
                {
                  id: newNotificationId('details-saved'),
                  type: 'success',
                  header: confirmed ? (
                    <Tx k="readFields.summary.saved" values={{ name: item.name }} />
                  ) : newVersion ? (
                    <Tx k="bookkeeping.edit.savedVersion" values={{ name: item.name, version: item.version }} />
                  ) : (
                    <Tx k="bookkeeping.edit.saved" values={{ name: item.name }} />
                  ),
                  dismissLabel: t('common.close'),
                },
                SUCCESS_DISMISS_MS,
              );
              void refreshFolder(folderId);
              // Confirmed read fields take the file out of "Needs attention".
              void refreshAttention();
            }}
            onStale={async () => {
              await refreshFolder(folderId);
              setEditingDetails(undefined);
            }}
          />
        </Suspense>
      )}
      {historyOf && (
        <Suspense fallback={null}>
          <VersionHistoryModal
            file={historyOf}
            mayRestore={mayChange(historyOf)}
            onDismiss={() => setHistoryOf(undefined)}
            onRestored={() => void refreshFolder(folderId)}
            onDownload={(version) => void transfers().then((module) => module.startVersionDownload(historyOf, version))}
          />
        </Suspense>
      )}
      {sharing && (
        <Suspense fallback={null}>
          <ShareDialog file={sharing} onDismiss={() => setSharing(undefined)} />
        </Suspense>
      )}
      {permissionsOf && (
        <Suspense fallback={null}>
          <PermissionsDialog
            folder={permissionsOf}
            onDismiss={() => setPermissionsOf(undefined)}
            onSaved={() => {
              setPermissionsOf(undefined);
              void refreshFolder(folderId);
            }}
          />
        </Suspense>
      )}
      {copyAndZip.dialog}
      {rejecting && (
        <Suspense fallback={null}>
          <RejectArrivalsModal
            items={rejecting}
            onDismiss={() => setRejecting(undefined)}
            onDone={(answer) => {
              void arrivalActions().then((module) => module.reportArrivals('reject', rejecting, answer, t));
              setRejecting(undefined);
              onDone();
              void refreshFolder(folderId);
              void refreshAttention();
            }}
          />
        </Suspense>
      )}
      {trashing && (
        <Suspense fallback={null}>
          <TrashModal
            items={trashing}
            onDismiss={() => setTrashing(undefined)}
            onDone={(result) => {
              reportBulk(
                trashing,
                result,
                t,
                {
                  one: (name) => t('drive.trash.movedOne', { name }),
                  many: (count) => t('drive.trash.movedMany', { count }),
                  failed: (count) => t('drive.trash.failed', { count }),
                },
                async (done, versions) => (await undoing()).undoTrash(done, versions),
              );
              setTrashing(undefined);
              onDone();
              void refreshFolder(folderId);
            }}
          />
        </Suspense>
      )}
    </>
  );

  return {
    commands,
    command: (id: DriveCommandId, of?: DriveItem[]) => resolve(id, of),
    menuItems,
    run,
    moveInto: (entries: DriveItem[], folder: { id: string; name: string }, copy = false) =>
      moveInto(entries, folder, { copy }).catch((error: unknown) => reportApiError(error)),
    preview,
    favoriteBusy,
    zipBusy: copyAndZip.zipBusy,
    dialogs,
  };
}

export type DriveCommands = ReturnType<typeof useDriveCommands>;
