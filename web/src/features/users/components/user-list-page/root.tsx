import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TextFilter from '@cloudscape-design/components/text-filter';
import { DeleteModal } from '@/components/delete-modal.tsx';
import { ImportExportButton } from '@/components/import-export.tsx';
import { usePageLayout } from '@/components/page-layout.tsx';
import { ServerTable, useServerRows } from '@/components/server-table.tsx';
import { Tx } from '@/components/translated.tsx';
import { notifyBulkOutcome, runSequentially } from '@/lib/bulk-actions.ts';
import { useDebouncedValue, usePagedListState } from '@/lib/paging.ts';
import { deleteUser } from '../../api/delete-user.ts';
import { lapseUser } from '../../api/lapse-user.ts';
import { refreshUserLists, useUserList, type ListUsersRequest, type User } from '../../api/list-users.ts';
import { unlapseUser } from '../../api/unlapse-user.ts';
import { failureMessage } from '../../utils/errors.ts';
import { LIST_HREF, REGISTER_HREF, userHref } from '../../utils/hrefs.ts';
import { activeFilterCount, filterRequest, noUserFilters, type UserListFilters } from '../../utils/list-filters.ts';
import { canSuspend, canUnsuspend } from '../../utils/user-form.ts';
import { ConfirmModal, UnsuspendModal } from '../action-modals.tsx';
import { UserFilters } from './filters.tsx';
import { DEFAULT_COLUMNS, PAGE_SIZE_KEY, PHONE_COLUMNS, userColumns, userPhoneColumns, type UserSortItem } from './table-config.tsx';
import { usePhoneWidth } from '@/lib/phone-width.ts';

type Dialog = 'suspend' | 'unsuspend' | 'delete';

/** /list-user (SPEC.md §2): Cloudscape's table view of the contract's users. */
export default function UserListPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'ja' ? 'ja' : 'en';
  const navigate = useNavigate();

  const [filters, setFilters] = useState<UserListFilters>(noUserFilters);
  const settledFilters = filterRequest(useDebouncedValue(filters));
  const list = usePagedListState<UserSortItem>(PAGE_SIZE_KEY, { item: 'user_id', flg: 1 }, JSON.stringify(settledFilters));
  const request: ListUsersRequest = {
    ...(list.searchKey ? { search_key: list.searchKey } : {}),
    ...settledFilters,
    sort_item: list.sort.item,
    sort_flg: list.sort.flg,
    page_size: list.pageSize,
    current_page: list.page,
  };
  const query = useUserList(request);
  const rows = useServerRows(query, request, list, (user) => user.user_id);
  const { total, selection } = rows;
  const selectedUsers = selection.selected;
  const suspendable = selectedUsers.filter(canSuspend);
  const unsuspendable = selectedUsers.filter(canUnsuspend);
  const [dialog, setDialog] = useState<Dialog | undefined>();
  const [busy, setBusy] = useState(false);

  const open = useCallback((id: string) => navigate(userHref(id)), [navigate]);
  // Below 688 px one column (no header squeezed to a letter per line) and the actions in one menu.
  const phone = usePhoneWidth();
  const columns = useMemo(() => (phone ? userPhoneColumns(t, open) : userColumns(t, language, open)), [phone, t, language, open]);

  usePageLayout(
    [
      { text: t('users.title'), href: LIST_HREF },
    ],
    'table',
  );

  const run = async (kind: Dialog, targets: User[], call: (user: User) => Promise<string | undefined>) => {
    setBusy(true);
    const outcome = await runSequentially(targets, call, (error) => failureMessage(error, t));
    setBusy(false);
    setDialog(undefined);
    selection.clear();
    // The server's success message of the last call that returned one (unsuspend: 990000210003 / 990000210004).
    const message = outcome.done.reduce<string | undefined>((last, { result }) => result ?? last, undefined);
    const oneOf = (done: User[]) => (done.length === 1 ? done[0]! : undefined);
    notifyBulkOutcome(outcome, {
      successId: `user-${kind}`,
      successHeader: (done) => {
        const one = oneOf(done);
        return kind === 'unsuspend' ? (
          one && message ? (
            `${one.user_nm} (${one.user_id}): ${message}`
          ) : (
            <Tx k="users.unsuspend.doneMany" values={{ count: done.length }} />
          )
        ) : kind === 'suspend' ? (
          one ? (
            <Tx k="users.suspend.doneOne" values={{ name: one.user_nm }} />
          ) : (
            <Tx k="users.suspend.doneMany" values={{ count: done.length }} />
          )
        ) : one ? (
          <Tx k="users.delete.deletedOne" values={{ name: one.user_nm }} />
        ) : (
          <Tx k="users.delete.deletedMany" values={{ count: done.length }} />
        );
      },
      successContent: kind === 'unsuspend' && outcome.done.length !== 1 ? message : undefined,
      successDismissMs: 8000,
      failureId: `user-${kind}-failed`,
      failureHeader: (user) => {
        const key = kind === 'suspend' ? 'users.suspend.failed' : kind === 'unsuspend' ? 'users.unsuspend.failed' : 'users.delete.failed';
        return <Tx k={key} values={{ name: user.user_nm }} />;
      },
      dismissLabel: t('common.close'),
    });
    await refreshUserLists();
  };

  const filtered = !!list.searchKey || activeFilterCount(filters) > 0;
  const registerButton = (testId: string, variant: 'primary' | 'normal') => (
    <Button variant={variant} onClick={() => navigate(REGISTER_HREF)} nativeButtonAttributes={{ 'data-testid': testId }}>
      {t('users.actions.register')}
    </Button>
  );
  const exportFilters = {
    ...(request.search_key ? { search_key: request.search_key } : {}),
    ...(request.user_group_id ? { user_group_id: request.user_group_id } : {}),
    ...(request.corp_id ? { corp_id: request.corp_id } : {}),
    ...(request.status !== undefined ? { status: request.status } : {}),
  };
  // Any part of the ID, the name or the e-mail, whatever the sort (functions/data/user-search.ts).
  const textFilterLabel = t('users.filterSearch');

  return (
    <>
      <ServerTable<User, UserSortItem>
        testId="user-table"
        preferencesKey={phone ? 'user_list_phone' : 'user_list'}
        list={list}
        query={query}
        rows={rows}
        trackBy="user_id"
        columns={columns}
        defaultColumns={phone ? PHONE_COLUMNS : DEFAULT_COLUMNS}
        sortItemOf={(field) => (field === 'user_nm' || field === 'user_id' ? field : undefined)}
        title={t('users.title')}
        description={t('users.description')}
        refreshTestId="user-refresh-button"
        loadingText={t('users.loading')}
        tableLabel={t('users.tableLabel')}
        nameOf={(user) => user.user_nm}
        actions={
          // Their own SpaceBetween: the buttons keep their gaps when the header wraps them on narrow screens.
          phone ? (
            <SpaceBetween direction="horizontal" size="xs">
              <ButtonDropdown
                data-testid="user-phone-actions"
                expandToViewport
                items={[
                  { id: 'register', text: t('users.actions.register') },
                  { id: 'suspend', text: t('users.actions.suspend'), disabled: suspendable.length === 0 },
                  { id: 'unsuspend', text: t('users.actions.unsuspend'), disabled: unsuspendable.length === 0 },
                  { id: 'delete', text: t('users.actions.delete'), disabled: selectedUsers.length === 0 },
                ]}
                onItemClick={({ detail }) => (detail.id === 'register' ? navigate(REGISTER_HREF) : setDialog(detail.id as Dialog))}
              >
                {t('driveViews.users.actions')}
              </ButtonDropdown>
              <ImportExportButton kind="user" exportFilters={exportFilters} />
            </SpaceBetween>
          ) : (
          <SpaceBetween direction="horizontal" size="xs">
            <Button disabled={suspendable.length === 0} onClick={() => setDialog('suspend')} nativeButtonAttributes={{ 'data-testid': 'user-suspend-button' }}>
              {t('users.actions.suspend')}
            </Button>
            <Button disabled={unsuspendable.length === 0} onClick={() => setDialog('unsuspend')} nativeButtonAttributes={{ 'data-testid': 'user-unsuspend-button' }}>
              {t('users.actions.unsuspend')}
            </Button>
            <Button disabled={selectedUsers.length === 0} onClick={() => setDialog('delete')} nativeButtonAttributes={{ 'data-testid': 'user-delete-button' }}>
              {t('users.actions.delete')}
            </Button>
            <ImportExportButton kind="user" exportFilters={exportFilters} />
            {registerButton('user-register-button', 'primary')}
          </SpaceBetween>
          )
        }
        filter={
          <div className="user-list-filters">
            <div className="user-filter-text">
              <TextFilter
                data-testid="user-filter"
                filteringText={list.filterText}
                filteringPlaceholder={textFilterLabel}
                filteringAriaLabel={textFilterLabel}
                filteringClearAriaLabel={t('collection.clearFilter')}
                countText={filtered && total !== undefined ? t('collection.matches', { count: total }) : undefined}
                onChange={({ detail }) => list.setFilterText(detail.filteringText)}
              />
            </div>
            <UserFilters filters={filters} onChange={setFilters} />
            {activeFilterCount(filters) > 0 && (
              <div className="user-filter-clear">
                <Button variant="link" onClick={() => setFilters(noUserFilters)} nativeButtonAttributes={{ 'data-testid': 'user-filter-clear' }}>
                  {t('users.filters.clearAll')}
                </Button>
              </div>
            )}
          </div>
        }
        empty={{
          testId: 'user-empty',
          filtered,
          title: t('users.empty.title'),
          description: t('users.empty.description'),
          action: registerButton('user-register-button-empty', 'normal'),
          onClearFilter: () => {
            list.setFilterText('');
            setFilters(noUserFilters);
          },
        }}
      />
      {dialog === 'suspend' && (
        <ConfirmModal
          testId="user-suspend-modal"
          header={suspendable.length === 1 ? t('users.suspend.headerOne') : t('users.suspend.header')}
          note={[
            t('users.suspend.notify'),
            selectedUsers.length > suspendable.length ? t('users.suspend.skipped', { count: selectedUsers.length - suspendable.length }) : '',
          ]
            .filter(Boolean)
            .join(' ')}
          submitLabel={t('users.suspend.submit')}
          busy={busy}
          onConfirm={() =>
            void run('suspend', suspendable, async (user) => {
              await lapseUser({ user_id: user.user_id, row_version: user.row_version }, { silent: true });
              return undefined;
            })
          }
          onDismiss={() => setDialog(undefined)}
        >
          {suspendable.length === 1
            ? t('users.suspend.confirmOne', { name: suspendable[0]!.user_nm, id: suspendable[0]!.user_id })
            : t('users.suspend.confirmMany', { count: suspendable.length })}
        </ConfirmModal>
      )}
      {dialog === 'unsuspend' && (
        <UnsuspendModal
          header={unsuspendable.length === 1 ? t('users.unsuspend.headerOne') : t('users.unsuspend.header')}
          question={
            unsuspendable.length === 1
              ? t('users.unsuspend.confirmOne', { name: unsuspendable[0]!.user_nm, id: unsuspendable[0]!.user_id })
              : t('users.unsuspend.confirmMany', { count: unsuspendable.length })
          }
          skipped={selectedUsers.length > unsuspendable.length ? t('users.unsuspend.skipped', { count: selectedUsers.length - unsuspendable.length }) : undefined}
          busy={busy}
          onConfirm={(requirePasswordChange) =>
            void run('unsuspend', unsuspendable, async (user) => {
              const result = await unlapseUser(
                { user_id: user.user_id, row_version: user.row_version, require_password_change: requirePasswordChange },
                { silent: true },
              );
              return result.message || undefined;
            })
          }
          onDismiss={() => setDialog(undefined)}
        />
      )}
      {dialog === 'delete' && (
        <DeleteModal
          header={selectedUsers.length === 1 ? t('users.delete.headerOne') : t('users.delete.header')}
          consequences={t('users.delete.consequences')}
          busy={busy}
          onDelete={() =>
            void run('delete', selectedUsers, async (user) => {
              await deleteUser({ user_id: user.user_id, row_version: user.row_version }, { silent: true });
              return undefined;
            })
          }
          onDismiss={() => setDialog(undefined)}
        >
          {selectedUsers.length === 1
            ? t('users.delete.confirmOne', { name: selectedUsers[0]!.user_nm, id: selectedUsers[0]!.user_id })
            : t('users.delete.confirmMany', { count: selectedUsers.length })}
        </DeleteModal>
      )}
    </>
  );
}
