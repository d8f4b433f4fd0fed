import { useCallback, useState } from 'react';

/** The drive's two renderings of one selection (docs/drive.md "Needs attention, markers and views"). */
export type DriveView = 'list' | 'grid';

const viewKey = (userId: string | undefined) => `drive.view.${userId ?? ''}`;

function readView(userId: string | undefined): DriveView {
  try {
    return localStorage.getItem(viewKey(userId)) === 'grid' ? 'grid' : 'list';
  } catch {
    return 'list';
  }
}

/** The user's choice of view, kept in this browser per user (as the table preferences are). */
export function useDriveView(userId: string | undefined): [DriveView, (view: DriveView) => void] {
  const [chosen, setChosen] = useState<{ userId: string | undefined; view: DriveView }>(() => ({ userId, view: readView(userId) }));
  const view = chosen.userId === userId ? chosen.view : readView(userId);
  const choose = useCallback((next: DriveView) => {
    setChosen({ userId, view: next });
    try {
      localStorage.setItem(viewKey(userId), next);
    } catch {
      // storage unavailable: the choice lasts for this page only
    }
  }, [userId]);
  return [view, choose];
}
