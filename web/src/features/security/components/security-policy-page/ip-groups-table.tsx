import { useTranslation } from 'react-i18next';
import { useCollection } from '@cloudscape-design/collection-hooks';
import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import Table from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { listCounter } from '@/components/collection.tsx';
import type { IpPolicyEntry } from '../../api/get-ip-policy.ts';
import { ipGroupColumns } from './ip-groups-table-config.tsx';

const PAGE_SIZE = 50;

/** The account-area groups with their own lists (or "contract-wide list applies"); Edit opens the group's modal. */
export function IpGroupsTable({ groups, onEdit }: { groups: IpPolicyEntry[]; onEdit: (entry: IpPolicyEntry) => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'ja' ? 'ja' : 'en';
  const { items, collectionProps, filterProps, paginationProps, filteredItemsCount } = useCollection(groups, {
    filtering: {
      fields: ['user_group_nm', 'ip_address'],
      empty: (
        <Box textAlign="center" color="inherit" padding={{ vertical: 's' }} data-testid="ip-groups-empty">
          {t('ipPolicy.groups.empty')}
        </Box>
      ),
      noMatch: (
        <Box textAlign="center" color="inherit" padding={{ vertical: 's' }}>
          {t('collection.noMatches')}
        </Box>
      ),
    },
    pagination: { pageSize: PAGE_SIZE },
    sorting: {},
  });
  const restricted = groups.filter((group) => group.cidrs.length > 0).length;
  return (
    <Table<IpPolicyEntry>
      {...collectionProps}
      data-testid="ip-groups-table"
      variant="container"
      items={items}
      trackBy="user_group_id"
      header={
        <Header variant="h2" counter={listCounter(groups.length, 0)} description={t('ipPolicy.groups.description')}>
          {t('ipPolicy.groups.title')}
        </Header>
      }
      filter={
        <TextFilter
          {...filterProps}
          filteringPlaceholder={t('ipPolicy.groups.filter')}
          filteringAriaLabel={t('ipPolicy.groups.filter')}
          filteringClearAriaLabel={t('collection.clearFilter')}
          countText={filterProps.filteringText ? t('collection.matches', { count: filteredItemsCount ?? 0 }) : undefined}
        />
      }
      pagination={
        <Pagination
          {...paginationProps}
          ariaLabels={{
            nextPageLabel: t('collection.nextPage'),
            previousPageLabel: t('collection.previousPage'),
            pageLabel: (page) => t('collection.page', { page }),
            paginationLabel: t('collection.pagination'),
          }}
        />
      }
      ariaLabels={{ tableLabel: t('ipPolicy.groups.title') }}
      columnDefinitions={ipGroupColumns(t, language, onEdit)}
      data-restricted-count={restricted}
    />
  );
}
