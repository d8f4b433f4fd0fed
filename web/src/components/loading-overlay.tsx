import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Spinner from '@cloudscape-design/components/spinner';

/** SPEC.md §9: a loading indicator appears only after 200 ms, so fast transitions do not flash. */
export const LOADING_DELAY_MS = 200;

/** The global loading overlay shown while a route's code or data loads. */
export function LoadingOverlay({ active, delayMs = LOADING_DELAY_MS }: { active: boolean; delayMs?: number }) {
  // Also shown while the UI strings themselves load (app/main.tsx): no suspending, and no raw key.
  const { t, ready } = useTranslation(undefined, { useSuspense: false });
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) return undefined;
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => {
      clearTimeout(timer);
      setShown(false);
    };
  }, [active, delayMs]);
  if (!active || !shown) return null;
  return (
    <div className="app-loading-overlay" role="progressbar" aria-busy="true" aria-label={ready ? t('app.loading') : 'Loading… / 読み込み中…'} data-testid="loading-overlay">
      <div className="app-loading-bar" />
      <Spinner size="large" />
    </div>
  );
}
