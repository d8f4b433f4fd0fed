import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@cloudscape-design/components/button';
import type { DriveItem } from '../../api/get-file-info.ts';
import { changeFavorites } from '../favorite-actions.tsx';

/**
 * "Add to favourites" for the selected entries; "Remove from favourites" when every selected entry
 * is one already (the starred rows of the listing).
 */
export function FavoriteButton({ selected, favoriteIds }: { selected: DriveItem[]; favoriteIds: ReadonlySet<string> | undefined }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const allFavorites = selected.length > 0 && favoriteIds !== undefined && selected.every((item) => favoriteIds.has(item.id));
  const run = async () => {
    setBusy(true);
    try {
      await changeFavorites(selected, !allFavorites, t);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      iconName={allFavorites ? 'star-filled' : 'star'}
      disabled={selected.length === 0}
      disabledReason={t('places.drive.favoriteDisabled')}
      loading={busy}
      onClick={() => void run()}
      nativeButtonAttributes={{ 'data-testid': 'favorite-button', 'data-favorite-action': allFavorites ? 'remove' : 'add' } as Record<string, string>}
    >
      {allFavorites ? t('places.drive.removeFavorite') : t('places.drive.addFavorite')}
    </Button>
  );
}
