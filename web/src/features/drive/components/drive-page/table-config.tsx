import type { DragEvent } from 'react';
import type { driveSortItems } from '@shared/schemas/drive.ts';
import type { TFunction } from 'i18next';
import Icon from '@cloudscape-design/components/icon';
import Link from '@cloudscape-design/components/link';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import { DEFAULT_PAGE_SIZE, pageSizes } from '@shared/constants.ts';
import { formatBytes, formatDateTime, type DisplayLanguage } from '@/lib/format.ts';
import type { DriveItem } from '../../api/get-file-info.ts';
import { fileKind } from '../../utils/file-kind.ts';
import { carriesFiles, droppedEntries, type DroppedEntries } from '../../utils/dropped-files.ts';
import { FileTypeIcon } from '../file-type-icon.tsx';
import type { DriveTag } from '../../api/search-tags.ts';
import { TagList } from './tag-list.tsx';
import { ItemMarkers } from './markers.tsx';
import { ReceivedBadge } from './received-badge.tsx';
import './drive-interaction.css';
import { carriesEntries, copies, droppedIds, overTarget, startEntriesDrag } from './drag-move.ts';

/** What the listing shows beside the folder's own answer: the user's favourites (stars) and each row's tags. */
export interface DriveColumnExtras {
  favoriteIds?: ReadonlySet<string>;
  tagsOf?: (id: string) => DriveTag[] | undefined;
  /** Files and folders dropped from the desktop onto a folder's row go into that folder. */
  onDropInto?: (folder: DriveItem, dropped: DroppedEntries) => void;
  /** A click on a file's name: the preview pane. */
  onOpen?: (item: DriveItem) => void;
  /** The star toggles the entry's favourite (busy while the call runs). */
  onToggleFavorite?: (item: DriveItem) => void;
  favoriteBusy?: boolean;
  /** Drag to move: the ids a drag of this row carries (the selection, or the row alone), and a drop of entries onto a folder row. */
  dragIds?: (item: DriveItem) => string[];
  onEntriesDrop?: (folder: DriveItem, ids: string[], copy: boolean) => void;
  /** The "fields read — confirm" marker opens Edit details, on a file the user may change (else it is only a mark). */
  onConfirmFields?: (item: DriveItem) => void;
  mayConfirmFields?: (item: DriveItem) => boolean;
}

/**
 * A folder row's name as a drop target: desktop files upload into it (onDropInto), drive entries
 * dragged from the list move there (Ctrl/Alt: copy). Highlighted while over it (no re-render of the table).
 */
const dropTargetProps = (folder: DriveItem, extras: DriveColumnExtras) => ({
  onDragOver: (event: DragEvent<HTMLElement>) => {
    if (extras.onEntriesDrop && overTarget(event, event.currentTarget)) return;
    if (!extras.onDropInto || !carriesFiles(event.dataTransfer)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    event.currentTarget.classList.add('drive-name-drop');
  },
  onDragLeave: (event: DragEvent<HTMLElement>) => event.currentTarget.classList.remove('drive-name-drop'),
  onDrop: (event: DragEvent<HTMLElement>) => {
    event.currentTarget.classList.remove('drive-name-drop');
    if (carriesEntries(event.dataTransfer)) {
      event.preventDefault();
      const ids = droppedIds(event.dataTransfer).filter((id) => id !== folder.id);
      if (ids.length > 0) extras.onEntriesDrop?.(folder, ids, copies(event));
      return;
    }
    if (!extras.onDropInto || !carriesFiles(event.dataTransfer)) return;
    event.preventDefault();
    extras.onDropInto(folder, droppedEntries(event.dataTransfer));
  },
});

/** An entry as a drag source (the selection, or itself) and, a folder, as a drop target: the list's name cell and the grid's tile. */
export const entryDragProps = (item: DriveItem, extras: DriveColumnExtras) => ({
  ...(item.type === 'folder' && item.status === 'ready' && (extras.onDropInto || extras.onEntriesDrop) ? dropTargetProps(item, extras) : {}),
  ...(extras.dragIds && item.status === 'ready'
    ? { draggable: true, onDragStart: (event: DragEvent<HTMLElement>) => startEntriesDrag(event, extras.dragIds!(item), item.name) }
    : {}),
});

export type DriveSortItem = (typeof driveSortItems)[number];
export type DrivePageSize = (typeof pageSizes)[number];
export { DEFAULT_PAGE_SIZE, pageSizes };

export const folderHref = (id: string): string => (id === 'root' ? '/storage' : `/storage?folder=${encodeURIComponent(id)}`);

/** Column definitions of the drive table; `name` and `update_date` sort on the server. */
export function driveColumns(
  t: TFunction,
  language: DisplayLanguage,
  openFolder: (id: string) => void,
  extras: DriveColumnExtras = {},
): TableProps.ColumnDefinition<DriveItem>[] {
  return [
    {
      id: 'name',
      header: t('drive.columns.name'),
      sortingField: 'name',
      isRowHeader: true,
      cell: (item) => {
        const kind = fileKind(item);
        return (
          <span
            className="drive-name"
            data-testid="drive-row"
            data-item-id={item.id}
            data-item-name={item.name}
            data-item-type={item.type}
            data-item-status={item.status}
            {...entryDragProps(item, extras)}
          >
            <FileTypeIcon kind={kind} title={t(`drive.kinds.${kind}`)} />
            {item.type === 'folder' ? (
              <Link
                href={folderHref(item.id)}
                onFollow={(event) => {
                  event.preventDefault();
                  openFolder(item.id);
                }}
                ariaLabel={t('drive.actions.open', { name: item.name })}
              >
                {item.name}
              </Link>
            ) : extras.onOpen && item.status === 'ready' && item.scan_status !== 'THREATS_FOUND' ? (
              // A file's name opens its preview (a double click on the row too).
              <Link onFollow={() => extras.onOpen!(item)} ariaLabel={t('drive.actions.open', { name: item.name })}>
                <span className="drive-file-name" data-testid="drive-file-open">{item.name}</span>
              </Link>
            ) : (
              <span className="drive-file-name">{item.name}</span>
            )}
            {extras.onToggleFavorite ? (
              <button
                type="button"
                className={`drive-favorite-toggle${extras.favoriteIds?.has(item.id) ? ' drive-favorite-on' : ''}`}
                aria-pressed={extras.favoriteIds?.has(item.id) ?? false}
                aria-label={t(extras.favoriteIds?.has(item.id) ? 'driveCommands.favorite.remove' : 'driveCommands.favorite.add', { name: item.name })}
                title={t(extras.favoriteIds?.has(item.id) ? 'driveCommands.favorite.remove' : 'driveCommands.favorite.add', { name: item.name })}
                data-testid={extras.favoriteIds?.has(item.id) ? 'favorite-star' : 'favorite-star-off'}
                aria-disabled={extras.favoriteBusy || undefined}
                onClick={(event) => {
                  event.stopPropagation();
                  if (!extras.favoriteBusy) extras.onToggleFavorite!(item);
                }}
              >
                <Icon name={extras.favoriteIds?.has(item.id) ? 'star-filled' : 'star'} variant={extras.favoriteIds?.has(item.id) ? 'warning' : 'subtle'} size="small" />
              </button>
            ) : (
              extras.favoriteIds?.has(item.id) && (
                <span className="drive-favorite-star" data-testid="favorite-star" title={t('places.favoriteMark')}>
                  <Icon name="star-filled" variant="warning" ariaLabel={t('places.favoriteMark')} size="small" />
                </span>
              )
            )}
            <ItemMarkers item={item} onConfirmFields={extras.mayConfirmFields?.(item) ? extras.onConfirmFields : undefined} />
            <ReceivedBadge item={item} />
            {item.scan_status === 'THREATS_FOUND' && (
              <StatusIndicator type="error" data-testid="drive-row-threat">
                {t('drive.scan.THREATS_FOUND')}
              </StatusIndicator>
            )}
            {item.status === 'pending' && (
              <StatusIndicator type="in-progress" data-testid="drive-row-pending">
                {t('drive.pending')}
              </StatusIndicator>
            )}
          </span>
        );
      },
    },
    {
      id: 'size',
      header: t('drive.columns.size'),
      cell: (item) => (item.type === 'folder' || item.size === null ? t('common.notAvailable') : formatBytes(item.size)),
    },
    {
      id: 'update_date',
      header: t('drive.columns.updated'),
      sortingField: 'update_date',
      cell: (item) => formatDateTime(item.update_date, language),
    },
    {
      id: 'update_user_id',
      header: t('drive.columns.updatedBy'),
      cell: (item) => item.update_user_id,
    },
    {
      id: 'kind',
      header: t('drive.columns.kind'),
      cell: (item) => t(`drive.kinds.${fileKind(item)}`),
    },
    {
      id: 'regist_date',
      header: t('drive.columns.created'),
      cell: (item) => formatDateTime(item.regist_date, language),
    },
    {
      id: 'regist_user_id',
      header: t('drive.columns.createdBy'),
      cell: (item) => item.regist_user_id,
    },
    {
      id: 'tags',
      header: t('tags.column'),
      // Room for "タグなし" / "No tags" whole, never an ellipsis in its place.
      minWidth: 120,
      cell: (item) => (
        <span data-testid="drive-row-tags" data-item-name={item.name}>
          <TagList tags={extras.tagsOf?.(item.id)} />
        </span>
      ),
    },
  ];
}

/** Columns shown until the user chooses (they fit 1280 px with the side navigation open). */
export const defaultDriveColumns = ['name', 'size', 'update_date', 'update_user_id', 'tags'];

const PAGE_SIZE_KEY = 'drive.page_size';

export function readPageSize(): DrivePageSize {
  try {
    const stored = Number(localStorage.getItem(PAGE_SIZE_KEY));
    const known = pageSizes.find((size) => size === stored);
    if (known) return known;
  } catch {
    // storage unavailable
  }
  return DEFAULT_PAGE_SIZE as DrivePageSize;
}

export function writePageSize(size: DrivePageSize): void {
  try {
    localStorage.setItem(PAGE_SIZE_KEY, String(size));
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
}
