import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@/components/app-modal.tsx';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import Tabs from '@cloudscape-design/components/tabs';
import TextFilter from '@cloudscape-design/components/text-filter';
import TokenGroup from '@cloudscape-design/components/token-group';
import Toggle from '@cloudscape-design/components/toggle';
import type { ProductArea } from '@shared/schemas/groups.ts';
import type { PickerItem, PickerRequest } from '@shared/schemas/picker.ts';
import type { RouteResponse } from '@shared/routes.ts';
import { useApi, usePagedApi } from '@/lib/api-swr.ts';
import { sameRequest, searchKeyOf, useDebouncedValue } from '@/lib/paging.ts';
import { applyPageSelection, entryLabel, isGroupEntry, rememberEntries, removeSelected } from '@/lib/picker-selection.ts';
import { ListPagination, listCounter } from './collection.tsx';

export type { PickerItem };
export type PickerTab = 'groups' | 'users';
type PickerResponse = RouteResponse<'com/user_usergroup_sel'>;
type SortItem = 'sort_user_group_nm' | 'sort_user_nm';

const PATH = 'com/user_usergroup_sel';
/** The user-select modal's page size (SPEC.md §9). */
export const PICKER_PAGE_SIZE = 100;

const tabIds: Record<PickerTab, string> = { groups: 'picker-tab-groups', users: 'picker-tab-users' };

interface UserFilters {
  groupId: string | null;
  corpNm: string;
  deptNm: string;
  postNm: string;
  includeSuspended: boolean;
}
const noUserFilters: UserFilters = { groupId: null, corpNm: '', deptNm: '', postNm: '', includeSuspended: false };

/**
 * The user-or-group picker (SPEC.md §2, §3; `com/user_usergroup_sel`, open to every signed-in
 * user): tabs "User groups" (name, note, user count) and "Users" (name, user ID, group), a search
 * box, the users' filters (group, legal-entity name, department, post, include suspended), server
 * paging by 100, and a multi-selection kept across pages and tabs. The selection is shown as
 * removable tokens (named from the pages seen and the server's `selected_list`); "Show selected
 * only" asks the server for the selected entries alone. OK answers the selected PickerItems.
 */
export function UserGroupPicker({
  product = 'ata',
  tabs = ['groups', 'users'],
  initialSelectedIds = [],
  header,
  submitLabel,
  onConfirm,
  onDismiss,
}: {
  /** The product area whose groups are listed (and whose group a user row shows). */
  product?: ProductArea;
  /** Which tabs to offer, in order (e.g. `['users']` to pick users only). */
  tabs?: PickerTab[];
  /** Ids (group ids, user IDs) selected when the dialog opens. */
  initialSelectedIds?: string[];
  header?: string;
  submitLabel?: string;
  onConfirm: (items: PickerItem[]) => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<PickerTab>(tabs[0] ?? 'users');
  const [search, setSearch] = useState<Record<PickerTab, string>>({ groups: '', users: '' });
  const [filters, setFilters] = useState<UserFilters>(noUserFilters);
  const [sort, setSort] = useState<{ item: SortItem; flg: 1 | 2 }>({ item: 'sort_user_nm', flg: 1 });
  const [selectedOnly, setSelectedOnly] = useState(false);
  const [selected, setSelected] = useState<string[]>(initialSelectedIds);
  const [known, setKnown] = useState<Map<string, PickerItem>>(new Map());

  const settled = useDebouncedValue({ search, filters });
  const searchKey = searchKeyOf(settled.search[tab]);
  const text = (value: string) => searchKeyOf(value);
  const scopeRequest: PickerRequest = {
    product,
    search_kbn: tab === 'groups' ? 1 : 2,
    ...(searchKey ? { search_key: searchKey } : {}),
    disp_selected_data: selectedOnly ? 1 : 0,
    sort_item: tab === 'groups' ? 'sort_user_group_nm' : sort.item,
    sort_flg: sort.flg,
    page_size: PICKER_PAGE_SIZE,
    ...(tab === 'users'
      ? {
          lapse_flg: settled.filters.includeSuspended ? 1 : 0,
          ...(settled.filters.groupId ? { user_group_id: settled.filters.groupId } : {}),
          ...(text(settled.filters.corpNm) ? { corp_nm: text(settled.filters.corpNm) } : {}),
          ...(text(settled.filters.deptNm) ? { dept_nm: text(settled.filters.deptNm) } : {}),
          ...(text(settled.filters.postNm) ? { post_nm: text(settled.filters.postNm) } : {}),
        }
      : {}),
  };
  // The page belongs to one scope (tab, search, filters, sort, "selected only"): a change goes back to page 1.
  const scope = JSON.stringify(scopeRequest);
  const [pageState, setPageState] = useState({ scope, page: 1 });
  const page = pageState.scope === scope ? pageState.page : 1;
  const request: PickerRequest = { ...scopeRequest, current_page: page, selected_ids: selected };

  const { data, answeredRequest, error, mutate } = usePagedApi(PATH, request, { revalidateOnFocus: false });
  // Selecting re-sends selected_ids; the rows of the same page stay on screen meanwhile.
  const withoutSelection = (body: PickerRequest | undefined) => body && { ...body, selected_ids: undefined };
  const current: PickerResponse | undefined = data && sameRequest(withoutSelection(answeredRequest), withoutSelection(request)) ? data : undefined;
  const total = current?.total_size;
  // Past the server's count cap the total is a lower bound (open-ended pages).
  const exact = current?.total_exact !== 0;
  const rows = current?.return_list ?? [];

  // Remember every entry seen, so the tokens can name selections made on other pages and tabs.
  const [seen, setSeen] = useState<PickerResponse>();
  if (data && data !== seen) {
    setSeen(data);
    setKnown((previous) => rememberEntries(rememberEntries(previous, data.return_list), data.selected_list));
  }

  // The users tab's group filter offers the product's groups (page size 0: all of them).
  const groupChoices = useApi(
    PATH,
    tabs.includes('users') ? { product, search_kbn: 1, sort_item: 'sort_user_group_nm', sort_flg: 1, page_size: 0, current_page: 1 } : null,
    { revalidateOnFocus: false },
  );
  const anyGroup = { value: '', label: t('picker.filters.anyGroup') };
  const groupOptions = [anyGroup, ...(groupChoices.data?.return_list ?? []).map((group) => ({ value: group.id, label: group.user_group_nm }))];

  const selectedItems = selected.map((id) => known.get(id)).filter((item): item is PickerItem => !!item);
  const pageSelected = rows.filter((row) => selected.includes(row.id));

  const groupColumns: TableProps.ColumnDefinition<PickerItem>[] = [
    {
      id: 'user_group_nm',
      header: t('picker.columns.groupName'),
      sortingField: 'sort_user_group_nm',
      isRowHeader: true,
      cell: (item) => (
        <span data-testid="picker-row" data-id={item.id} data-kind="group">
          {item.user_group_nm}
        </span>
      ),
    },
    { id: 'note', header: t('picker.columns.note'), cell: (item) => item.note || t('common.notAvailable') },
    { id: 'user_count', header: t('picker.columns.userCount'), cell: (item) => item.user_count },
  ];
  const userColumns: TableProps.ColumnDefinition<PickerItem>[] = [
    {
      id: 'user_nm',
      header: t('picker.columns.userName'),
      sortingField: 'sort_user_nm',
      isRowHeader: true,
      cell: (item) => (
        <span data-testid="picker-row" data-id={item.id} data-kind="user">
          {item.user_nm}
        </span>
      ),
    },
    { id: 'user_id', header: t('picker.columns.userId'), cell: (item) => item.user_id },
    { id: 'user_group_nm', header: t('picker.columns.groupName'), sortingField: 'sort_user_group_nm', cell: (item) => item.user_group_nm || t('common.notAvailable') },
  ];
  const columns = tab === 'groups' ? groupColumns : userColumns;
  const searchLabel = tab === 'groups' ? t('picker.searchGroups') : t('picker.searchUsers');
  const setFilter = (patch: Partial<UserFilters>) => setFilters((previous) => ({ ...previous, ...patch }));

  const table = (
    <SpaceBetween size="s">
      <div className="picker-filters">
        <div className="picker-filter-search">
          <TextFilter
            data-testid="picker-search"
            filteringText={search[tab]}
            filteringPlaceholder={searchLabel}
            filteringAriaLabel={searchLabel}
            filteringClearAriaLabel={t('collection.clearFilter')}
            countText={searchKey && total !== undefined ? t('collection.matches', { count: total }) : undefined}
            onChange={({ detail }) => setSearch((previous) => ({ ...previous, [tab]: detail.filteringText }))}
          />
        </div>
        {tab === 'users' && (
          <>
            <div className="picker-filter-field">
              <FormField label={t('picker.filters.group')} controlId="picker-filter-group">
                <Select
                  data-testid="picker-filter-group"
                  controlId="picker-filter-group"
                  selectedOption={groupOptions.find((option) => option.value === (filters.groupId ?? '')) ?? anyGroup}
                  options={groupOptions}
                  filteringType="auto"
                  statusType={groupChoices.isLoading ? 'loading' : 'finished'}
                  loadingText={t('picker.loading')}
                  onChange={({ detail }) => setFilter({ groupId: detail.selectedOption.value || null })}
                />
              </FormField>
            </div>
            {(
              [
                ['corpNm', 'picker-filter-corp', t('picker.filters.corp')],
                ['deptNm', 'picker-filter-department', t('picker.filters.department')],
                ['postNm', 'picker-filter-post', t('picker.filters.post')],
              ] as const
            ).map(([field, testId, label]) => (
              <div className="picker-filter-field" key={field}>
                <FormField label={label} controlId={testId}>
                  <Input
                    type="search"
                    value={filters[field]}
                    onChange={({ detail }) => setFilter({ [field]: detail.value })}
                    nativeInputAttributes={{ 'data-testid': testId, autoComplete: 'off' }}
                  />
                </FormField>
              </div>
            ))}
            <Checkbox
              checked={filters.includeSuspended}
              onChange={({ detail }) => setFilter({ includeSuspended: detail.checked })}
              nativeInputAttributes={{ 'data-testid': 'picker-include-suspended' }}
            >
              {t('picker.filters.includeSuspended')}
            </Checkbox>
          </>
        )}
      </div>
      <Table<PickerItem>
        data-testid="picker-table"
        variant="embedded"
        items={rows}
        trackBy="id"
        columnDefinitions={columns}
        loading={!current && error === undefined}
        loadingText={t('picker.loading')}
        selectionType="multi"
        selectedItems={pageSelected}
        onSelectionChange={({ detail }) =>
          setSelected((previous) => applyPageSelection(previous, rows.map((row) => row.id), detail.selectedItems.map((item) => item.id)))
        }
        onRowClick={({ detail }) =>
          setSelected((previous) => (previous.includes(detail.item.id) ? removeSelected(previous, detail.item.id) : [...previous, detail.item.id]))
        }
        sortingColumn={columns.find((column) => column.sortingField === (tab === 'groups' ? 'sort_user_group_nm' : sort.item))}
        sortingDescending={sort.flg === 2}
        onSortingChange={({ detail }) =>
          setSort({ item: detail.sortingColumn.sortingField === 'sort_user_group_nm' && tab === 'users' ? 'sort_user_group_nm' : 'sort_user_nm', flg: detail.isDescending ? 2 : 1 })
        }
        ariaLabels={{
          tableLabel: tab === 'groups' ? t('picker.tabs.groups') : t('picker.tabs.users'),
          selectionGroupLabel: t('collection.selectionGroup'),
          allItemsSelectionLabel: () => t('collection.selectAll'),
          itemSelectionLabel: (_, item) => t('collection.selectItem', { name: isGroupEntry(item) ? item.user_group_nm : item.user_nm }),
        }}
        header={
          <Box variant="p" color="text-body-secondary">
            {listCounter(total, 0, exact)}
          </Box>
        }
        empty={
          <Box textAlign="center" color="inherit" padding={{ vertical: 's' }} data-testid="picker-empty">
            {error !== undefined ? t('notice.networkError') : selectedOnly ? t('picker.emptySelected') : t('picker.empty')}
            {error !== undefined && (
              <Box padding={{ top: 's' }}>
                <Button onClick={() => void mutate()}>{t('common.refresh')}</Button>
              </Box>
            )}
          </Box>
        }
        pagination={<ListPagination page={page} pageSize={PICKER_PAGE_SIZE} total={total} openEnd={!exact} onChange={(next) => setPageState({ scope, page: next })} />}
      />
    </SpaceBetween>
  );

  return (
    <Modal
      visible
      size="large"
      data-testid="picker-modal"
      onDismiss={onDismiss}
      header={header ?? (tabs.length === 1 && tabs[0] === 'users' ? t('picker.titleUsers') : t('picker.title'))}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss} nativeButtonAttributes={{ 'data-testid': 'picker-cancel' }}>
              {t('common.cancel')}
            </Button>
            <Button variant="primary" onClick={() => onConfirm(selectedItems)} nativeButtonAttributes={{ 'data-testid': 'picker-submit' }}>
              {submitLabel ?? t('picker.submit')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <div data-testid="picker-selected">
          <FormField label={t('picker.selected', { count: selected.length })}>
            {selected.length === 0 ? (
              <Box color="text-body-secondary">{t('picker.noneSelected')}</Box>
            ) : (
              <TokenGroup
                items={selected.map((id) => {
                  const item = known.get(id);
                  const label = item ? entryLabel(item) : id;
                  return {
                    label,
                    tags: [item && isGroupEntry(item) ? t('picker.groupTag') : t('picker.userTag')],
                    dismissLabel: t('picker.deselect', { name: label }),
                  };
                })}
                onDismiss={({ detail }) => {
                  const id = selected[detail.itemIndex];
                  if (id) setSelected((previous) => removeSelected(previous, id));
                }}
                limit={10}
                i18nStrings={{ limitShowMore: t('picker.showMore'), limitShowFewer: t('picker.showFewer') }}
              />
            )}
          </FormField>
        </div>
        <Toggle checked={selectedOnly} onChange={({ detail }) => setSelectedOnly(detail.checked)} nativeInputAttributes={{ 'data-testid': 'picker-selected-only' }}>
          {t('picker.selectedOnly')}
        </Toggle>
        {tabs.length > 1 ? (
          <Tabs
            data-testid="picker-tabs"
            activeTabId={tabIds[tab]}
            ariaLabel={t('picker.tabsLabel')}
            onChange={({ detail }) => setTab(detail.activeTabId === tabIds.groups ? 'groups' : 'users')}
            tabs={tabs.map((key) => ({ id: tabIds[key], label: t(`picker.tabs.${key}`), content: key === tab ? table : null }))}
          />
        ) : (
          table
        )}
      </SpaceBetween>
    </Modal>
  );
}
