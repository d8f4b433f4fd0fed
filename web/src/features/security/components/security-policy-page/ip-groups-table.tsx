import { useTranslation } from 'react-i18next';
import { useCollection } from '@cloudscape-design/collection-hooks';
import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import Table from '@cloudscape-design/components/table';
import { CollectionPagination, listCounter } from '@/components/collection.tsx';
import { CollectionFilter } from '@/components/collection-filter.tsx';
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
      filter={<CollectionFilter filterProps={filterProps} filteredItemsCount={filteredItemsCount} placeholder={t('ipPolicy.groups.filter')} />}
      pagination={<CollectionPagination {...paginationProps} />}
      ariaLabels={{ tableLabel: t('ipPolicy.groups.title') }}
      columnDefinitions={ipGroupColumns(t, language, onEdit)}
      data-restricted-count={restricted}
    />
  );
}
