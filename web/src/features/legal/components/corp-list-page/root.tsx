import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { collectionAriaLabels, ListEmptyState, ListPagination, ListPreferences, listCounter, RefreshButton } from '@/components/collection.tsx';
import { DeleteModal } from '@/components/delete-modal.tsx';
import { ImportExportButton } from '@/components/import-export.tsx';
import { usePageLayout } from '@/components/page-layout.tsx';
import { Tx } from '@/components/translated.tsx';
import { apiFailureMessage, notifyBulkOutcome, runSequentially } from '@/lib/bulk-actions.ts';
import { sameRequest, useClampToLastPage, usePagedListState, usePageSelection } from '@/lib/paging.ts';
import { deleteCorp } from '../../api/delete-corp.ts';
import { refreshCorpLists, useCorpList, type Corp, type ListCorpsRequest } from '../../api/list-corps.ts';
import { ADD_HREF, corpColumns, detailHref, LIST_HREF, PAGE_SIZE_KEY, type CorpSortItem } from './table-config.tsx';

/** /legal (SPEC.md §2): Cloudscape's table view of the contract's legal entities. */
export default function CorpListPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'ja' ? 'ja' : 'en';
  const navigate = useNavigate();

  const list = usePagedListState<CorpSortItem>(PAGE_SIZE_KEY, { item: 'corp_cd', flg: 1 });
  const request: ListCorpsRequest = {
    ...(list.searchKey ? { search_key: list.searchKey } : {}),
    sort_item: list.sort.item,
    sort_flg: list.sort.flg,
    page_size: list.pageSize,
    current_page: list.page,
  };
  const { data, mutate, isValidating } = useCorpList(request);
  const current = data && sameRequest(data.request, request) ? data.response : undefined;
  const sameScope = data && data.request.search_key === request.search_key && data.request.sort_item === request.sort_item;
  const total = current?.total_size ?? (sameScope ? data?.response.total_size : undefined);
  const corps = useMemo(() => current?.return_list ?? [], [current]);

  useClampToLastPage(current, list);

  const selection = usePageSelection(list, corps, (corp) => corp.corp_id);
  const selectedCorps = selection.selected;
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const open = useCallback((id: string) => navigate(detailHref(id)), [navigate]);
  const columns = useMemo(() => corpColumns(t, language, open), [t, language, open]);

  usePageLayout(
    [
      { text: t('nav.home'), href: '/' },
      { text: t('legal.title'), href: LIST_HREF },
    ],
    'table',
  );

  const deleteSelected = async () => {
    setDeleting(true);
    const outcome = await runSequentially(
      selectedCorps,
      (corp) => deleteCorp({ corp_id: corp.corp_id, row_version: corp.row_version }, { silent: true }),
      (error) => apiFailureMessage(error, t),
    );
    setDeleting(false);
    setDeleteOpen(false);
    selection.clear();
    notifyBulkOutcome(outcome, {
      successId: 'corp-deleted',
      successHeader: (deleted) =>
        deleted.length === 1 ? (
          <Tx k="legal.delete.deletedOne" values={{ name: deleted[0]!.corp_nm }} />
        ) : (
          <Tx k="legal.delete.deletedMany" values={{ count: deleted.length }} />
        ),
      successDismissMs: 5000,
      failureId: 'corp-delete-failed',
      failureHeader: (corp) => <Tx k="legal.delete.failed" values={{ name: corp.corp_nm }} />,
      dismissLabel: t('common.close'),
    });
    await refreshCorpLists();
  };

  const filtered = !!list.searchKey;
  const registerButton = (testId: string, variant: 'primary' | 'normal') => (
    <Button variant={variant} onClick={() => navigate(ADD_HREF)} nativeButtonAttributes={{ 'data-testid': testId }}>
      {t('legal.actions.register')}
    </Button>
  );
  const inUse = selectedCorps.filter((corp) => corp.user_count > 0).length;

  return (
    <>
      <Table<Corp>
        data-testid="corp-table"
        variant="full-page"
        stickyHeader
        items={corps}
        trackBy="corp_id"
        columnDefinitions={columns}
        loading={!current}
        loadingText={t('legal.loading')}
        selectionType="multi"
        selectedItems={selectedCorps}
        onSelectionChange={({ detail }) => selection.select(detail.selectedItems)}
        sortingColumn={columns.find((column) => column.sortingField === list.sort.item)}
        sortingDescending={list.sort.flg === 2}
        onSortingChange={({ detail }) =>
          list.setSort({ item: (detail.sortingColumn.sortingField as CorpSortItem | undefined) ?? 'corp_cd', flg: detail.isDescending ? 2 : 1 })
        }
        ariaLabels={collectionAriaLabels(t, t('legal.tableLabel'), (corp: Corp) => corp.corp_nm)}
        totalItemsCount={total}
        header={
          <Header
            variant="awsui-h1-sticky"
            counter={listCounter(total, selectedCorps.length)}
            description={t('legal.description')}
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <RefreshButton testId="corp-refresh-button" loading={isValidating && !!current} onRefresh={() => void mutate()} />
                <Button
                  disabled={selectedCorps.length !== 1}
                  onClick={() => selectedCorps[0] && open(selectedCorps[0].corp_id)}
                  nativeButtonAttributes={{ 'data-testid': 'corp-view-button' }}
                >
                  {t('legal.actions.view')}
                </Button>
                <Button
                  disabled={selectedCorps.length === 0}
                  onClick={() => setDeleteOpen(true)}
                  nativeButtonAttributes={{ 'data-testid': 'corp-delete-button' }}
                >
                  {t('legal.actions.delete')}
                </Button>
                <ImportExportButton kind="corp" exportFilters={list.searchKey ? { search_key: list.searchKey } : {}} />
                {registerButton('corp-register-button', 'primary')}
              </SpaceBetween>
            }
          >
            {t('legal.title')}
          </Header>
        }
        filter={
          <div className="admin-list-filter-text">
            <TextFilter
              data-testid="corp-filter"
              filteringText={list.filterText}
              filteringPlaceholder={list.sort.item === 'corp_nm' ? t('legal.filterByName') : t('legal.filterByCode')}
              filteringAriaLabel={list.sort.item === 'corp_nm' ? t('legal.filterByName') : t('legal.filterByCode')}
              filteringClearAriaLabel={t('collection.clearFilter')}
              countText={filtered && total !== undefined ? t('collection.matches', { count: total }) : undefined}
              onChange={({ detail }) => list.setFilterText(detail.filteringText)}
            />
          </div>
        }
        empty={
          <ListEmptyState
            testId="corp-empty"
            filtered={filtered}
            title={t('legal.empty.title')}
            description={t('legal.empty.description')}
            action={registerButton('corp-register-button-empty', 'normal')}
            onClearFilter={() => list.setFilterText('')}
          />
        }
        pagination={<ListPagination page={list.page} pageSize={list.pageSize} total={total} onChange={list.setPage} />}
        preferences={<ListPreferences pageSize={list.pageSize} onChange={list.setPageSize} />}
      />
      {deleteOpen && (
        <DeleteModal
          header={selectedCorps.length === 1 ? t('legal.delete.headerOne') : t('legal.delete.header')}
          consequences={
            <>
              {t('legal.delete.consequences')}
              {inUse > 0 && ` ${t('legal.delete.selectedInUse', { count: inUse })}`}
            </>
          }
          busy={deleting}
          onDelete={() => void deleteSelected()}
          onDismiss={() => setDeleteOpen(false)}
        >
          {selectedCorps.length === 1
            ? t('legal.delete.confirmOne', { name: selectedCorps[0]!.corp_nm, code: selectedCorps[0]!.corp_cd })
            : t('legal.delete.confirmMany', { count: selectedCorps.length })}
        </DeleteModal>
      )}
    </>
  );
}
