import type { TFunction } from 'i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import type { TableProps } from '@cloudscape-design/components/table';
import { formatDateTime, type DisplayLanguage } from '@/lib/format.ts';
import type { IpPolicyEntry } from '../../api/get-ip-policy.ts';

/** Columns of the groups' allow-list table. */
export function ipGroupColumns(t: TFunction, language: DisplayLanguage, onEdit: (entry: IpPolicyEntry) => void): TableProps.ColumnDefinition<IpPolicyEntry>[] {
  return [
    {
      id: 'name',
      header: t('ipPolicy.groups.columns.name'),
      sortingField: 'user_group_nm',
      isRowHeader: true,
      cell: (entry) => (
        <span data-testid="ip-group-row" data-group-id={entry.user_group_id} data-group-name={entry.user_group_nm} data-count={entry.cidrs.length}>
          {entry.user_group_nm}
        </span>
      ),
    },
    { id: 'members', header: t('ipPolicy.groups.columns.members'), sortingField: 'user_count', cell: (entry) => entry.user_count ?? 0 },
    {
      id: 'list',
      header: t('ipPolicy.groups.columns.list'),
      cell: (entry) =>
        entry.cidrs.length > 0 ? (
          <span data-testid="ip-group-list">{entry.ip_address}</span>
        ) : (
          <Box color="text-status-inactive">
            <span data-testid="ip-group-list">{t('ipPolicy.groups.inherits')}</span>
          </Box>
        ),
    },
    {
      id: 'updated',
      header: t('ipPolicy.groups.columns.updated'),
      cell: (entry) => (entry.update_date ? t('ipPolicy.contract.updatedBy', { date: formatDateTime(entry.update_date, language), name: entry.update_user_nm ?? '' }) : '-'),
    },
    {
      id: 'action',
      header: t('ipPolicy.groups.columns.action'),
      cell: (entry) => (
        <Button
          variant="inline-link"
          ariaLabel={t('ipPolicy.groups.editLabel', { name: entry.user_group_nm })}
          onClick={() => onEdit(entry)}
          nativeButtonAttributes={{ 'data-testid': 'ip-group-edit', 'data-group-id': entry.user_group_id } as Record<string, string>}
        >
          {t('ipPolicy.groups.edit')}
        </Button>
      ),
    },
  ];
}
