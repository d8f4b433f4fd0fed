import type { TFunction } from 'i18next';
import Link from '@cloudscape-design/components/link';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import { productAreas, type ProductArea } from '@shared/schemas/groups.ts';
import { formatDateTime, type DisplayLanguage } from '@/lib/format.ts';
import type { UserGroup } from '../../api/list-user-groups.ts';
import { drivePermissionNames, twoStepNames } from '../../utils/group-form.ts';

export const PAGE_SIZE_KEY = 'user_group_list.page_size';
/** Shown until the user chooses columns: fits 1280 px with the side navigation open. */
export const DEFAULT_COLUMNS = ['user_group_nm', 'note', 'admin_permission', 'com_drive_permission', 'two_step', 'user_count'];

export const editHref = (id: string): string => `/user-group/edit/${encodeURIComponent(id)}`;
export const createHref = (product: ProductArea): string => `/user-group/create?product=${product}`;
export const listHref = (product: ProductArea): string => (product === 'ata' ? '/list-user-group' : `/list-user-group?product=${product}`);

export const isProductArea = (value: unknown): value is ProductArea => productAreas.some((area) => area === value);

export const productOptions = (t: TFunction) => productAreas.map((area) => ({ value: area, label: t(`products.${area}`) }));

/** Columns of the group list; only the name sorts (on the server). */
export function groupColumns(t: TFunction, language: DisplayLanguage, open: (id: string) => void): TableProps.ColumnDefinition<UserGroup>[] {
  return [
    {
      id: 'user_group_nm',
      header: t('groups.columns.name'),
      sortingField: 'user_group_nm',
      isRowHeader: true,
      cell: (group) => (
        <span data-testid="group-row" data-group-id={group.user_group_id} data-group-name={group.user_group_nm}>
          <Link
            href={editHref(group.user_group_id)}
            onFollow={(event) => {
              event.preventDefault();
              open(group.user_group_id);
            }}
          >
            {group.user_group_nm}
          </Link>
        </span>
      ),
    },
    { id: 'note', header: t('groups.columns.note'), cell: (group) => group.note || t('common.notAvailable') },
    {
      id: 'admin_permission',
      header: t('groups.columns.admin'),
      cell: (group) =>
        group.admin_permission === 1 ? (
          <StatusIndicator type="success">{t('collection.yes')}</StatusIndicator>
        ) : (
          <StatusIndicator type="stopped">{t('collection.no')}</StatusIndicator>
        ),
    },
    {
      id: 'com_drive_permission',
      header: t('groups.columns.drive'),
      cell: (group) => t(`groups.drivePermission.${drivePermissionNames[group.com_drive_permission]}`),
    },
    { id: 'two_step', header: t('groups.columns.twoStep'), cell: (group) => t(`groups.twoStep.${twoStepNames[group.two_step]}`) },
    { id: 'mfa_valid_days', header: t('groups.columns.mfaDays'), cell: (group) => group.mfa_valid_days },
    { id: 'user_count', header: t('groups.columns.userCount'), minWidth: 110, cell: (group) => group.user_count },
    {
      id: 'update_date',
      header: t('groups.columns.updated'),
      cell: (group) => formatDateTime(group.update_date, language),
    },
  ];
}
