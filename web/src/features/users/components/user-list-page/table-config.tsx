import type { TFunction } from 'i18next';
import Box from '@cloudscape-design/components/box';
import Link from '@cloudscape-design/components/link';
import type { TableProps } from '@cloudscape-design/components/table';
import type { userSortItems } from '@shared/schemas/users.ts';
import { formatDateTime, type DisplayLanguage } from '@/lib/format.ts';
import type { User } from '../../api/list-users.ts';
import { statusNames } from '../../utils/user-form.ts';
import { userHref } from '../../utils/hrefs.ts';
import { UserStatusBadge } from '../status-badge.tsx';

export type UserSortItem = (typeof userSortItems)[number];

export const PAGE_SIZE_KEY = 'user_list.page_size';
/** Shown until the user chooses columns: fits 1280 px with the side navigation open. */
export const DEFAULT_COLUMNS = ['user_id', 'user_nm', 'email', 'group', 'status'];

/** A user's ID as the link to their page, opened in the app (a plain link for a new tab). */
function UserLink({ userId, open }: { userId: string; open: (id: string) => void }) {
  return (
    <Link
      href={userHref(userId)}
      onFollow={(event) => {
        event.preventDefault();
        open(userId);
      }}
    >
      {userId}
    </Link>
  );
}

/** Columns of the user list: user ID and name sort on the server. */
export function userColumns(t: TFunction, language: DisplayLanguage, open: (id: string) => void): TableProps.ColumnDefinition<User>[] {
  const dash = t('common.notAvailable');
  return [
    {
      id: 'user_id',
      header: t('users.columns.userId'),
      sortingField: 'user_id',
      isRowHeader: true,
      cell: (user) => (
        <span data-testid="user-row" data-user-id={user.user_id} data-user-status={statusNames[user.status]}>
          <UserLink userId={user.user_id} open={open} />
        </span>
      ),
    },
    { id: 'user_nm', header: t('users.columns.name'), sortingField: 'user_nm', cell: (user) => user.user_nm },
    { id: 'email', header: t('users.columns.email'), cell: (user) => user.email || dash },
    { id: 'corp_nm', header: t('users.columns.corp'), minWidth: 140, cell: (user) => user.corp_nm || dash },
    { id: 'department', header: t('users.columns.department'), cell: (user) => user.department || dash },
    { id: 'post', header: t('users.columns.post'), cell: (user) => user.post || dash },
    { id: 'group', header: t('users.columns.accountGroup'), minWidth: 140, cell: (user) => user.group_names.ata || dash },
    { id: 'status', header: t('users.columns.status'), minWidth: 140, cell: (user) => <UserStatusBadge status={user.status} /> },
    { id: 'update_date', header: t('users.columns.updated'), cell: (user) => formatDateTime(user.update_date, language) },
  ];
}

/** The list below 688 px: one column, each user's ID (the link), status, name and e-mail in one item. */
export const PHONE_COLUMNS = ['user'];

export function userPhoneColumns(t: TFunction, open: (id: string) => void): TableProps.ColumnDefinition<User>[] {
  return [
    {
      id: 'user',
      header: t('driveViews.users.column'),
      sortingField: 'user_id',
      isRowHeader: true,
      cell: (user) => (
        <span className="user-phone-cell" data-testid="user-row" data-user-id={user.user_id} data-user-status={statusNames[user.status]}>
          <span className="user-phone-line">
            <UserLink userId={user.user_id} open={open} />
            <UserStatusBadge status={user.status} />
          </span>
          <Box variant="small" color="text-body-secondary">
            {[user.user_nm, user.email].filter(Boolean).join(' · ')}
          </Box>
        </span>
      ),
    },
  ];
}
