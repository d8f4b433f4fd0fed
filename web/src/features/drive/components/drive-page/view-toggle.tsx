import { useTranslation } from 'react-i18next';
import Button from '@cloudscape-design/components/button';
import type { DriveView } from './view-choice.ts';

/** The list/grid choice in the drive's header: one button that switches to the other view (its label says which). */
export function ViewToggle({ view, onChange }: { view: DriveView; onChange: (view: DriveView) => void }) {
  const { t } = useTranslation();
  const next: DriveView = view === 'grid' ? 'list' : 'grid';
  return (
    <Button
      iconName={next === 'grid' ? 'grid-view' : 'list-view'}
      ariaLabel={t(`driveViews.view.${next}`)}
      onClick={() => onChange(next)}
      nativeButtonAttributes={{ 'data-testid': 'view-toggle', 'data-view': view } as Record<string, string>}
    />
  );
}
