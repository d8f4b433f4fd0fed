import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TextFilter from '@cloudscape-design/components/text-filter';
import { corpSortItems } from '@shared/schemas/legal.ts';
import { DeleteModal } from '@/components/delete-modal.tsx';
import { ImportExportButton } from '@/components/import-export.tsx';
import { usePageLayout } from '@/components/page-layout.tsx';
import { ServerTable, useServerRows } from '@/components/server-table.tsx';
import { Tx } from '@/components/translated.tsx';
import { apiFailureMessage, notifyBulkOutcome, runSequentially } from '@/lib/bulk-actions.ts';
import { usePagedListState } from '@/lib/paging.ts';
import { deleteCorp } from '../../api/delete-corp.ts';
import { refreshCorpLists, useCorpList, type Corp, type ListCorpsRequest } from '../../api/list-corps.ts';
import { ADD_HREF, corpColumns, DEFAULT_COLUMNS, detailHref, LIST_HREF, PAGE_SIZE_KEY, type CorpSortItem } from './table-config.tsx';

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
  const query = useCorpList(request);
  const rows = useServerRows(query, request, list, (corp) => corp.corp_id);
  const { total, selection } = rows;
  const selectedCorps = selection.selected;
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const open = useCallback((id: string) => navigate(detailHref(id)), [navigate]);
  const columns = useMemo(() => corpColumns(t, language, open), [t, language, open]);

  usePageLayout(
    [
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
      <ServerTable<Corp, CorpSortItem>
        testId="corp-table"
        preferencesKey="corp_list"
        list={list}
        query={query}
        rows={rows}
        trackBy="corp_id"
        columns={columns}
        defaultColumns={DEFAULT_COLUMNS}
        sortItemOf={(field) => corpSortItems.find((item) => item === field)}
        title={t('legal.title')}
        description={t('legal.description')}
        refreshTestId="corp-refresh-button"
        loadingText={t('legal.loading')}
        tableLabel={t('legal.tableLabel')}
        nameOf={(corp) => corp.corp_nm}
        actions={
          // Their own SpaceBetween: the buttons keep their gaps when the header wraps them on narrow screens.
          <SpaceBetween direction="horizontal" size="xs">
            <Button
              disabled={selectedCorps.length !== 1}
              onClick={() => selectedCorps[0] && open(selectedCorps[0].corp_id)}
              nativeButtonAttributes={{ 'data-testid': 'corp-view-button' }}
            >
              {t('legal.actions.view')}
            </Button>
            <Button disabled={selectedCorps.length === 0} onClick={() => setDeleteOpen(true)} nativeButtonAttributes={{ 'data-testid': 'corp-delete-button' }}>
              {t('legal.actions.delete')}
            </Button>
            <ImportExportButton kind="corp" exportFilters={list.searchKey ? { search_key: list.searchKey } : {}} />
            {registerButton('corp-register-button', 'primary')}
          </SpaceBetween>
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
        empty={{
          testId: 'corp-empty',
          filtered,
          title: t('legal.empty.title'),
          description: t('legal.empty.description'),
          action: registerButton('corp-register-button-empty', 'normal'),
          onClearFilter: () => list.setFilterText(''),
        }}
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
