import { useTranslation } from 'react-i18next';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import { useTags } from '../../api/search-tags.ts';

/**
 * The tag filter of the drive table: "All items in this folder", or one tag the user sees (common
 * tags, then private ones). With a tag chosen the table lists that tag's entries (com_drive/tag_items).
 */
export function TagFilter({ tagId, onChange }: { tagId: string | undefined; onChange: (tagId: string | undefined) => void }) {
  const { t } = useTranslation();
  const { data, isLoading } = useTags({});
  const tags = data?.tags ?? [];
  const all: SelectProps.Option = { value: '', label: t('tags.filter.all') };
  const group = (scope: 'common' | 'private'): SelectProps.OptionGroup => ({
    label: t(`tags.scope.${scope}`),
    options: tags.filter((tag) => tag.scope === scope).map((tag) => ({ value: tag.id, label: tag.name, tags: [t(`tags.scope.${scope}`)] })),
  });
  const groups = [group('common'), group('private')].filter((entry) => entry.options.length > 0);
  const chosen = tagId ? tags.find((tag) => tag.id === tagId) : undefined;
  const selectedOption: SelectProps.Option = chosen ? { value: chosen.id, label: chosen.name } : tagId ? { value: tagId, label: '…' } : all;
  return (
    <div className="drive-tag-filter">
      <Select
        data-testid="tag-filter"
        selectedOption={selectedOption}
        options={[all, ...groups]}
        onChange={({ detail }) => onChange(detail.selectedOption.value || undefined)}
        filteringType="auto"
        statusType={isLoading ? 'loading' : 'finished'}
        loadingText={t('tags.filter.loading')}
        ariaLabel={t('tags.filter.label')}
        placeholder={t('tags.filter.placeholder')}
        inlineLabelText={t('tags.filter.label')}
      />
    </div>
  );
}
