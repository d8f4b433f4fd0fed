import { useTranslation } from 'react-i18next';
import ButtonDropdown, { type ButtonDropdownProps } from '@cloudscape-design/components/button-dropdown';
import { useTags } from '../../api/search-tags.ts';

const ALL = 'all';

/**
 * The tag filter of the drive table: "All items in this folder", or one tag the user sees (common
 * tags, then private ones). With a tag chosen the table lists that tag's entries (com_drive/tag_items).
 * A menu rather than a select: the page's action menus have already loaded it, so the first load of
 * the drive carries no select component for this one control.
 */
export function TagFilter({ tagId, onChange }: { tagId: string | undefined; onChange: (tagId: string | undefined) => void }) {
  const { t } = useTranslation();
  const { data, isLoading } = useTags({});
  const tags = data?.tags ?? [];
  const group = (scope: 'common' | 'private'): ButtonDropdownProps.ItemGroup => ({
    id: `scope-${scope}`,
    text: t(`tags.scope.${scope}`),
    items: tags
      .filter((tag) => tag.scope === scope)
      .map((tag) => ({ id: tag.id, text: tag.name, itemType: 'checkbox' as const, checked: tag.id === tagId })),
  });
  const groups = [group('common'), group('private')].filter((entry) => entry.items.length > 0);
  const chosen = tagId ? tags.find((tag) => tag.id === tagId) : undefined;
  const text = tagId ? t('tags.filter.chosen', { name: chosen?.name ?? '…' }) : t('tags.filter.placeholder');
  return (
    <div className="drive-tag-filter">
      <ButtonDropdown
        data-testid="tag-filter"
        items={[{ id: ALL, text: t('tags.filter.all'), itemType: 'checkbox', checked: !tagId }, ...groups]}
        onItemClick={({ detail }) => onChange(detail.id === ALL ? undefined : detail.id)}
        loading={isLoading}
        loadingText={t('tags.filter.loading')}
        ariaLabel={`${t('tags.filter.label')}: ${chosen?.name ?? t('tags.filter.all')}`}
      >
        {text}
      </ButtonDropdown>
    </div>
  );
}
