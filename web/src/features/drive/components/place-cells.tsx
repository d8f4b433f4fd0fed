import type { TFunction } from 'i18next';
import Link from '@cloudscape-design/components/link';
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
