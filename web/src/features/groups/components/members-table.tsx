import { useTranslation } from 'react-i18next';
import { useCollection } from '@cloudscape-design/collection-hooks';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { CollectionPagination, listCounter } from '@/components/collection.tsx';
import { CollectionFilter } from '@/components/collection-filter.tsx';
import type { GroupMember } from '../api/get-user-group.ts';

const MEMBERS_PAGE_SIZE = 50;

/** Current members of the group being edited; Remove marks a member, Keep takes it back (saved with the form). */
export function MembersTable({
  members,
  total,
  removed,
  onRemove,
  onKeep,
  pendingSummary,
}: {
  members: GroupMember[];
  /** members_total: more members than the answer lists. */
  total: number;
  removed: string[];
  onRemove: (id: string) => void;
  onKeep: (id: string) => void;
  pendingSummary?: string;
}) {
  const { t } = useTranslation();
  const { items, collectionProps, filterProps, paginationProps, filteredItemsCount } = useCollection(members, {
    filtering: {
      fields: ['user_id', 'user_nm', 'email'],
      empty: (
        <Box textAlign="center" color="inherit" padding={{ vertical: 's' }} data-testid="group-members-empty">
          {t('groups.members.empty')}
        </Box>
      ),
      noMatch: (
        <Box textAlign="center" color="inherit" padding={{ vertical: 's' }}>
          {t('collection.noMatches')}
        </Box>
      ),
    },
    pagination: { pageSize: MEMBERS_PAGE_SIZE },
    sorting: { defaultState: { sortingColumn: { sortingField: 'user_id' } } },
  });
  const partial = total > members.length;
  return (
    <Table<GroupMember>
      {...collectionProps}
      data-testid="group-members-table"
      variant="container"
      items={items}
      trackBy="user_id"
      header={
        <Header
          variant="h2"
          counter={listCounter(total, 0)}
          description={[partial ? t('groups.members.partial', { shown: members.length, total }) : t('groups.members.description'), pendingSummary]
            .filter(Boolean)
            .join(' ')}
        >
          {t('groups.members.title')}
        </Header>
      }
      filter={<CollectionFilter filterProps={filterProps} filteredItemsCount={filteredItemsCount} placeholder={t('groups.members.filterPlaceholder')} />}
      pagination={<CollectionPagination {...paginationProps} />}
      ariaLabels={{ tableLabel: t('groups.members.title') }}
      columnDefinitions={[
        {
          id: 'user_id',
          header: t('groups.members.columns.userId'),
          sortingField: 'user_id',
          isRowHeader: true,
          cell: (member) => {
            const removing = removed.includes(member.user_id);
            return (
              <span
                data-testid="group-member-row"
                data-user-id={member.user_id}
                data-status={removing ? 'removing' : 'member'}
                className={removing ? 'member-status-removed' : undefined}
              >
                {member.user_id}
              </span>
            );
          },
        },
        { id: 'user_nm', header: t('groups.members.columns.name'), sortingField: 'user_nm', cell: (member) => member.user_nm },
        { id: 'email', header: t('groups.members.columns.email'), cell: (member) => member.email || t('common.notAvailable') },
        {
          id: 'action',
          header: t('groups.members.columns.change'),
          cell: (member) =>
            removed.includes(member.user_id) ? (
              <span className="member-row-action">
                <StatusIndicator type="warning">{t('groups.members.willBeRemoved')}</StatusIndicator>
                <Button
                  variant="inline-link"
                  formAction="none"
                  ariaLabel={t('groups.members.keepLabel', { id: member.user_id })}
                  onClick={() => onKeep(member.user_id)}
                  nativeButtonAttributes={{ 'data-testid': 'group-member-keep', 'data-user-id': member.user_id } as Record<string, string>}
                >
                  {t('groups.members.keep')}
                </Button>
              </span>
            ) : (
              <Button
                variant="inline-link"
                formAction="none"
                ariaLabel={t('groups.members.removeLabel', { id: member.user_id })}
                onClick={() => onRemove(member.user_id)}
                nativeButtonAttributes={{ 'data-testid': 'group-member-remove', 'data-user-id': member.user_id } as Record<string, string>}
              >
                {t('groups.members.remove')}
              </Button>
            ),
        },
      ]}
    />
  );
}
