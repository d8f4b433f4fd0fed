import type { TFunction } from 'i18next';
import Link from '@cloudscape-design/components/link';
import type { TableProps } from '@cloudscape-design/components/table';
import type { corpSortItems } from '@shared/schemas/legal.ts';
import { formatDateTime, type DisplayLanguage } from '@/lib/format.ts';
import type { Corp } from '../../api/list-corps.ts';

export type CorpSortItem = (typeof corpSortItems)[number];

export const PAGE_SIZE_KEY = 'corp_list.page_size';
/** Shown until the user chooses columns: fits 1280 px with the side navigation open. */
export const DEFAULT_COLUMNS = ['corp_cd', 'corp_nm', 'address', 'tel', 'user_count', 'regist_date'];
export const LIST_HREF = '/legal';
export const ADD_HREF = '/legal/add';
export const detailHref = (id: string, tab?: 'restriction'): string => `/legal/${encodeURIComponent(id)}${tab ? `?tab=${tab}` : ''}`;

/** Columns of the legal-entity list: code, name and creation date sort on the server. */
export function corpColumns(t: TFunction, language: DisplayLanguage, open: (id: string) => void): TableProps.ColumnDefinition<Corp>[] {
  return [
    {
      id: 'corp_cd',
      header: t('legal.columns.code'),
      sortingField: 'corp_cd',
      isRowHeader: true,
      minWidth: 130,
      cell: (corp) => (
        <span data-testid="corp-row" data-corp-id={corp.corp_id} data-corp-code={corp.corp_cd}>
          <Link
            href={detailHref(corp.corp_id)}
            onFollow={(event) => {
              event.preventDefault();
              open(corp.corp_id);
            }}
          >
            {corp.corp_cd}
          </Link>
        </span>
      ),
    },
    { id: 'corp_nm', header: t('legal.columns.name'), sortingField: 'corp_nm', cell: (corp) => corp.corp_nm },
    { id: 'address', header: t('legal.columns.address'), cell: (corp) => corp.address || t('common.notAvailable') },
    { id: 'tel', header: t('legal.columns.tel'), minWidth: 140, cell: (corp) => corp.tel || t('common.notAvailable') },
    { id: 'user_count', header: t('legal.columns.users'), minWidth: 110, cell: (corp) => corp.user_count },
    {
      id: 'regist_date',
      header: t('legal.columns.registered'),
      sortingField: 'regist_date',
      cell: (corp) => formatDateTime(corp.regist_date, language),
    },
    {
      id: 'update_date',
      header: t('legal.columns.updated'),
      cell: (corp) => formatDateTime(corp.update_date, language),
    },
  ];
}
