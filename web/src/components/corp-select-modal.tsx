import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@/components/app-modal.tsx';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { usePagedApi } from '@/lib/api-swr.ts';
import { usePagedListState } from '@/lib/paging.ts';
import { ListPagination, listCounter } from './collection.tsx';

export type CorpSelectRequest = RouteRequest<'com/corp_sel'>;
export type CorpSelectResponse = RouteResponse<'com/corp_sel'>;
export type CorpChoice = CorpSelectResponse['return_list'][number];
type SortItem = 'corp_cd' | 'corp_nm';

const PATH = 'com/corp_sel';
const PAGE_SIZE_KEY = 'corp_select.page_size';

/**
 * The legal-entity selection dialog (SPEC.md §2): search by code or name, server-side paging and
 * sorting, single selection. Any signed-in user may open it (`com/corp_sel`); `onSelect` gets
 * `{ corp_id, corp_cd, corp_nm }`.
 */
export function CorpSelectModal({
  onSelect,
  onDismiss,
  selectedId,
  header,
}: {
  onSelect: (corp: CorpChoice) => void;
  onDismiss: () => void;
  /** The legal entity chosen so far, preselected when it is on the page. */
  selectedId?: string;
  header?: string;
}) {
  const { t } = useTranslation();
  const list = usePagedListState<SortItem>(PAGE_SIZE_KEY, { item: 'corp_cd', flg: 1 });
  const request: CorpSelectRequest = {
    ...(list.searchKey ? { search_key: list.searchKey } : {}),
    sort_item: list.sort.item,
    sort_flg: list.sort.flg,
    page_size: list.pageSize,
    current_page: list.page,
  };
  const { data, current, answeredRequest } = usePagedApi(PATH, request);
  const total = current?.total_size ?? (answeredRequest?.search_key === request.search_key ? data?.total_size : undefined);
  const rows = current?.return_list ?? [];
  const [chosen, setChosen] = useState<CorpChoice | undefined>();
  const selected = chosen ?? rows.find((row) => row.corp_id === selectedId);

  const columns = [
    {
      id: 'corp_cd',
      header: t('legal.columns.code'),
      sortingField: 'corp_cd',
      isRowHeader: true,
      cell: (corp: CorpChoice) => (
        <span data-testid="corp-select-row" data-corp-id={corp.corp_id} data-corp-code={corp.corp_cd}>
          {corp.corp_cd}
        </span>
      ),
    },
    { id: 'corp_nm', header: t('legal.columns.name'), sortingField: 'corp_nm', cell: (corp: CorpChoice) => corp.corp_nm },
  ];

  const confirm = () => {
    if (selected) onSelect(selected);
  };

  return (
    <Modal
      visible
      size="large"
      data-testid="corp-select-modal"
      onDismiss={onDismiss}
      header={header ?? t('corpSelect.title')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss} nativeButtonAttributes={{ 'data-testid': 'corp-select-cancel' }}>
              {t('common.cancel')}
            </Button>
            <Button variant="primary" disabled={!selected} onClick={confirm} nativeButtonAttributes={{ 'data-testid': 'corp-select-submit' }}>
              {t('corpSelect.select')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <Table<CorpChoice>
        data-testid="corp-select-table"
        variant="embedded"
        items={rows}
        trackBy="corp_id"
        columnDefinitions={columns}
        loading={!current}
        loadingText={t('corpSelect.loading')}
        selectionType="single"
        selectedItems={selected ? [selected] : []}
        onSelectionChange={({ detail }) => setChosen(detail.selectedItems[0])}
        onRowClick={({ detail }) => setChosen(detail.item)}
        sortingColumn={columns.find((column) => column.sortingField === list.sort.item)}
        sortingDescending={list.sort.flg === 2}
        onSortingChange={({ detail }) =>
          list.setSort({ item: detail.sortingColumn.sortingField === 'corp_nm' ? 'corp_nm' : 'corp_cd', flg: detail.isDescending ? 2 : 1 })
        }
        ariaLabels={{
          tableLabel: t('corpSelect.title'),
          selectionGroupLabel: t('collection.selectionGroup'),
          itemSelectionLabel: (_, corp) => t('collection.selectItem', { name: corp.corp_nm }),
        }}
        header={
          <Box variant="p" color="text-body-secondary">
            {t('corpSelect.description')} {list.searchKey ? '' : listCounter(total, 0)}
          </Box>
        }
        filter={
          <TextFilter
            data-testid="corp-select-search"
            filteringText={list.filterText}
            filteringPlaceholder={list.sort.item === 'corp_nm' ? t('legal.filterByName') : t('legal.filterByCode')}
            filteringAriaLabel={list.sort.item === 'corp_nm' ? t('legal.filterByName') : t('legal.filterByCode')}
            filteringClearAriaLabel={t('collection.clearFilter')}
            countText={list.searchKey && total !== undefined ? t('collection.matches', { count: total }) : undefined}
            onChange={({ detail }) => list.setFilterText(detail.filteringText)}
          />
        }
        empty={
          <Box textAlign="center" color="inherit" padding={{ vertical: 's' }} data-testid="corp-select-empty">
            {list.searchKey ? t('collection.noMatches') : t('corpSelect.empty')}
          </Box>
        }
        pagination={<ListPagination page={list.page} pageSize={list.pageSize} total={total} onChange={list.setPage} />}
      />
    </Modal>
  );
}
