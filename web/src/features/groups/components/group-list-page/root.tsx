import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Select from '@cloudscape-design/components/select';
import TextFilter from '@cloudscape-design/components/text-filter';
import type { ProductArea } from '@shared/schemas/groups.ts';
import { DeleteModal } from '@/components/delete-modal.tsx';
import { usePageLayout } from '@/components/page-layout.tsx';
import { ServerTable, useServerRows } from '@/components/server-table.tsx';
import { Tx } from '@/components/translated.tsx';
import { apiFailureMessage, notifyBulkOutcome, runSequentially } from '@/lib/bulk-actions.ts';
import { newNotificationId, notify } from '@/lib/notifications.ts';
import { usePagedListState } from '@/lib/paging.ts';
import { deleteUserGroup } from '../../api/delete-user-group.ts';
import { refreshUserGroupLists, useUserGroupList, type ListUserGroupsRequest, type UserGroup } from '../../api/list-user-groups.ts';
import { EditPermissionsModal } from '../edit-permissions-modal.tsx';
import { createHref, DEFAULT_COLUMNS, editHref, groupColumns, isProductArea, listHref, PAGE_SIZE_KEY, productOptions } from './table-config.tsx';

type SortItem = 'user_group_nm';

/** /list-user-group (SPEC.md §2): Cloudscape's table view of one product area's user groups. */
export default function GroupListPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'ja' ? 'ja' : 'en';
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const requested = params.get('product');
  const product: ProductArea = isProductArea(requested) ? requested : 'ata';

  const list = usePagedListState<SortItem>(PAGE_SIZE_KEY, { item: 'user_group_nm', flg: 1 }, product);
  const request: ListUserGroupsRequest = {
    product,
    ...(list.searchKey ? { search_key: list.searchKey } : {}),
    sort_item: list.sort.item,
    sort_flg: list.sort.flg,
    page_size: list.pageSize,
    current_page: list.page,
  };
  const query = useUserGroupList(request);
  const rows = useServerRows(query, request, list, (group) => group.user_group_id);
  const { total, selection } = rows;
  const selectedGroups = selection.selected;
  const [dialog, setDialog] = useState<'permissions' | 'delete' | undefined>();
  const [deleting, setDeleting] = useState(false);

  const open = useCallback((id: string) => navigate(editHref(id)), [navigate]);
  const columns = useMemo(() => groupColumns(t, language, open), [t, language, open]);

  usePageLayout(
    [
      { text: t('groups.title'), href: listHref(product) },
    ],
    'table',
  );

  const deleteSelected = async () => {
    setDeleting(true);
    const outcome = await runSequentially(
      selectedGroups,
      (group) => deleteUserGroup({ user_group_id: group.user_group_id, row_version: group.row_version }, { silent: true }),
      (error) => apiFailureMessage(error, t),
    );
    setDeleting(false);
    setDialog(undefined);
    selection.clear();
    notifyBulkOutcome(outcome, {
      successId: 'group-deleted',
      successHeader: (deleted) =>
        deleted.length === 1 ? (
          <Tx k="groups.delete.deletedOne" values={{ name: deleted[0]!.user_group_nm }} />
        ) : (
          <Tx k="groups.delete.deletedMany" values={{ count: deleted.length }} />
        ),
      successDismissMs: 5000,
      failureId: 'group-delete-failed',
      failureHeader: (group) => <Tx k="groups.delete.failed" values={{ name: group.user_group_nm }} />,
      dismissLabel: t('common.close'),
    });
    await refreshUserGroupLists();
  };

  const filtered = !!list.searchKey;
  const createButton = (testId: string, variant: 'primary' | 'normal') => (
    <Button variant={variant} onClick={() => navigate(createHref(product))} nativeButtonAttributes={{ 'data-testid': testId }}>
      {t('groups.actions.create')}
    </Button>
  );

  return (
    <>
      <ServerTable<UserGroup, SortItem>
        testId="group-table"
        preferencesKey="user_group_list"
        list={list}
        query={query}
        rows={rows}
        trackBy="user_group_id"
        columns={columns}
        defaultColumns={DEFAULT_COLUMNS}
        sortItemOf={(field) => (field === 'user_group_nm' ? 'user_group_nm' : undefined)}
        title={t('groups.title')}
        description={t('groups.description')}
        refreshTestId="group-refresh-button"
        loadingText={t('groups.loading')}
        tableLabel={t('groups.tableLabel')}
        nameOf={(group) => group.user_group_nm}
        actions={
          // Their own SpaceBetween: the buttons keep their gaps when the header wraps them on narrow screens.
          <SpaceBetween direction="horizontal" size="xs">
            <Button
              disabled={selectedGroups.length === 0}
              onClick={() => setDialog('permissions')}
              nativeButtonAttributes={{ 'data-testid': 'group-edit-permissions-button' }}
            >
              {t('groups.actions.editPermissions')}
            </Button>
            <Button disabled={selectedGroups.length === 0} onClick={() => setDialog('delete')} nativeButtonAttributes={{ 'data-testid': 'group-delete-button' }}>
              {t('groups.actions.delete')}
            </Button>
            {createButton('group-create-button', 'primary')}
          </SpaceBetween>
        }
        filter={
          <div className="admin-list-filter">
            <Select
              data-testid="group-product-select"
              selectedOption={productOptions(t).find((option) => option.value === product) ?? null}
              options={productOptions(t)}
              onChange={({ detail }) => {
                const value = detail.selectedOption.value;
                if (isProductArea(value)) setParams(value === 'ata' ? {} : { product: value });
              }}
              ariaLabel={t('groups.product')}
              inlineLabelText={t('groups.product')}
            />
            <div className="admin-list-filter-text">
              <TextFilter
                data-testid="group-filter"
                filteringText={list.filterText}
                filteringPlaceholder={t('groups.filterPlaceholder')}
                filteringAriaLabel={t('groups.filterPlaceholder')}
                filteringClearAriaLabel={t('collection.clearFilter')}
                countText={filtered && total !== undefined ? t('collection.matches', { count: total }) : undefined}
                onChange={({ detail }) => list.setFilterText(detail.filteringText)}
              />
            </div>
          </div>
        }
        empty={{
          testId: 'group-empty',
          filtered,
          title: t('groups.empty.title'),
          description: t('groups.empty.description'),
          action: createButton('group-create-button-empty', 'normal'),
          onClearFilter: () => list.setFilterText(''),
        }}
      />
      {dialog === 'permissions' && (
        <EditPermissionsModal
          groups={selectedGroups}
          onDismiss={() => setDialog(undefined)}
          onReload={() => void query.mutate()}
          onSaved={(count) => {
            setDialog(undefined);
            notify(
              { id: newNotificationId('group-permissions'), type: 'success', header: <Tx k="groups.permissions.saved" values={{ count }} />, dismissLabel: t('common.close') },
              5000,
            );
            void refreshUserGroupLists();
          }}
        />
      )}
      {dialog === 'delete' && (
        <DeleteModal
          header={selectedGroups.length === 1 ? t('groups.delete.headerOne') : t('groups.delete.header')}
          consequences={t('groups.delete.consequences')}
          busy={deleting}
          onDelete={() => void deleteSelected()}
          onDismiss={() => setDialog(undefined)}
        >
          {selectedGroups.length === 1
            ? t('groups.delete.confirmOne', { name: selectedGroups[0]!.user_group_nm })
            : t('groups.delete.confirmMany', { count: selectedGroups.length })}
        </DeleteModal>
      )}
    </>
  );
}
