import { useTranslation } from 'react-i18next';
import TextFilter, { type TextFilterProps } from '@cloudscape-design/components/text-filter';

/**
 * The text filter of a table paged in the browser by Cloudscape's collection hooks (beside
 * CollectionPagination): pass `filterProps` of `useCollection` as they come. A file of its own so
 * the pages without a filter (the drive's) do not load the text filter.
 */
export function CollectionFilter({ filterProps, filteredItemsCount, placeholder }: { filterProps: TextFilterProps; filteredItemsCount: number | undefined; placeholder: string }) {
  const { t } = useTranslation();
  return (
    <TextFilter
      {...filterProps}
      filteringPlaceholder={placeholder}
      filteringAriaLabel={placeholder}
      filteringClearAriaLabel={t('collection.clearFilter')}
      countText={filterProps.filteringText ? t('collection.matches', { count: filteredItemsCount ?? 0 }) : undefined}
    />
  );
}
