import type { TFunction } from 'i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import { formatBytes, formatDateTime, type DisplayLanguage } from '@/lib/format.ts';
import { fileKind } from '../utils/file-kind.ts';
import { containingFolderHref, openHref, placeText } from '../utils/place.ts';
import { FileTypeIcon } from './file-type-icon.tsx';

/** An entry of a list that is not a folder listing (favourites, recent files): where it is and what it is. */
export interface PlacedEntry {
  id: string;
  type: 'folder' | 'file';
  name: string;
  parent_id: string;
  content_type: string | null;
  path: { id: string; name: string }[];
}

/**
 * The name cell: the type icon and a link that opens the entry's place in the drive (a folder itself;
 * a file's folder with the file selected). `testId` marks the row for the page objects.
 */
export function PlacedName({ entry, t, testId, navigate }: { entry: PlacedEntry; t: TFunction; testId: string; navigate: (href: string) => void }) {
  const kind = fileKind(entry);
  const href = openHref(entry);
  return (
    <span className="drive-name" data-testid={testId} data-item-id={entry.id} data-item-name={entry.name} data-item-type={entry.type}>
      <FileTypeIcon kind={kind} title={t(`drive.kinds.${kind}`)} />
      <Link
        href={href}
        onFollow={(event) => {
          event.preventDefault();
          navigate(href);
        }}
        ariaLabel={entry.type === 'folder' ? t('places.open', { name: entry.name }) : t('places.openFile', { name: entry.name })}
      >
        {entry.name}
      </Link>
    </span>
  );
}

/** The place cell: "Drive / A / B", a link to that folder. */
export function PlacedLocation({ entry, t, navigate }: { entry: PlacedEntry; t: TFunction; navigate: (href: string) => void }) {
  const href = containingFolderHref(entry);
  return (
    <span data-testid="place-location">
      <Link
        href={href}
        variant="secondary"
        onFollow={(event) => {
          event.preventDefault();
          navigate(href);
        }}
      >
        {placeText(entry, t('location.root'))}
      </Link>
    </span>
  );
}

/** What every list of placed entries shows about an entry besides where it is. */
export interface PlacedFacts extends PlacedEntry {
  size: number | null;
  update_date: string;
  update_user_id: string;
}

/**
 * The columns the favourites and recent-files tables share, by id, for each table to order among its
 * own: the name (opening the place), the place, size, updated, type and updated by.
 */
export function placedColumns<E extends PlacedFacts>(t: TFunction, language: DisplayLanguage, navigate: (href: string) => void, rowTestId: string) {
  const column = (definition: TableProps.ColumnDefinition<E>) => definition;
  return {
    name: column({ id: 'name', header: t('places.columns.name'), isRowHeader: true, cell: (entry) => <PlacedName entry={entry} t={t} testId={rowTestId} navigate={navigate} /> }),
    place: column({ id: 'place', header: t('places.columns.place'), cell: (entry) => <PlacedLocation entry={entry} t={t} navigate={navigate} /> }),
    size: column({ id: 'size', header: t('places.columns.size'), cell: (entry) => (entry.type === 'folder' || entry.size === null ? t('common.notAvailable') : formatBytes(entry.size)) }),
    update_date: column({ id: 'update_date', header: t('places.columns.updated'), cell: (entry) => formatDateTime(entry.update_date, language) }),
    kind: column({ id: 'kind', header: t('places.columns.kind'), cell: (entry) => t(`drive.kinds.${fileKind(entry)}`) }),
    update_user_id: column({ id: 'update_user_id', header: t('places.columns.updatedBy'), cell: (entry) => entry.update_user_id }),
  };
}

/** The empty state of such a list: what it will hold, and the way to the drive. */
export function PlacedEmptyState({ testId, title, description, goToDrive, navigate }: { testId: string; title: string; description: string; goToDrive: string; navigate: (href: string) => void }) {
  return (
    <Box textAlign="center" color="inherit" padding={{ vertical: 'l' }} data-testid={testId}>
      <SpaceBetween size="m">
        <div>
          <Box variant="strong" color="inherit">
            {title}
          </Box>
          <Box variant="p" color="inherit">
            {description}
          </Box>
        </div>
        <Button
          href="/storage"
          onFollow={(event) => {
            event.preventDefault();
            navigate('/storage');
          }}
        >
          {goToDrive}
        </Button>
      </SpaceBetween>
    </Box>
  );
}
