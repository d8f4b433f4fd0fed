import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import Button from '@cloudscape-design/components/button';

/**
 * The "Needs attention" filter beside the tag filter (docs/drive.md): on (?attention=1, which
 * replaces a tag filter), the page lists the files needing attention drive-wide
 * (com_drive/attention_list) instead of the folder; off, the folder again.
 */
export function AttentionFilter({ active }: { active: boolean }) {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  const toggle = () =>
    setParams((params) => {
      const next = new URLSearchParams();
      const folder = params.get('folder');
      if (folder) next.set('folder', folder);
      if (!active) next.set('attention', '1');
      return next;
    });
  return (
    <Button
      iconName={active ? 'close' : 'status-warning'}
      onClick={toggle}
      nativeButtonAttributes={{ 'data-testid': 'attention-filter', 'data-active': String(active) } as Record<string, string>}
    >
      {active ? t('driveViews.attention.filterOn') : t('driveViews.attention.filter')}
    </Button>
  );
}
