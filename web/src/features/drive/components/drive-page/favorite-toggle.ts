import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DriveItem } from '../../api/get-file-info.ts';
import { changeFavorites } from '../favorite-actions.tsx';

/**
 * "Add to favourites" for the selected entries; "Remove from favourites" when every selected entry
 * is one already (the starred rows of the listing). For the drive page's Actions menu.
 */
export function useFavoriteToggle(selected: DriveItem[], favoriteIds: ReadonlySet<string> | undefined) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const allFavorites = selected.length > 0 && favoriteIds !== undefined && selected.every((item) => favoriteIds.has(item.id));
  const toggle = async () => {
    setBusy(true);
    try {
      await changeFavorites(selected, !allFavorites, t);
    } finally {
      setBusy(false);
    }
  };
  return { allFavorites, busy, toggle: () => void toggle() };
}
