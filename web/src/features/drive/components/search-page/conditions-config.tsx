import type { DocumentStyle, SearchSortItem } from '@shared/schemas/drive.ts';
import type { SearchItemsRequest } from '../../api/search-items.ts';

type PropertyConditionRequest = NonNullable<SearchItemsRequest['properties']>[number];

export const SEARCH_HREF = '/search-result';
export const DOCUMENT_STYLES: DocumentStyle[] = ['general', 'e_document', 'e_bookkeeping', 'e_trading', 'scanner'];
export const SORT_ITEMS: SearchSortItem[] = ['name', 'update_date', 'transaction_date', 'transaction_amount'];

/** The search form as typed (strings), kept in the page's URL so a search can be linked, reloaded and gone back to. */
export interface ConditionsForm {
  name: string;
  tag_ids: string[];
  document_styles: DocumentStyle[];
  date_from: string;
  date_to: string;
  amount_min: string;
  amount_max: string;
  partner: string;
  /** The qualified invoice issuer's registration number as typed (the server normalises and checks it). */
  invoice_number: string;
  /** Property-item conditions by item number, as typed (docs/property-items.md "Search"). */
  properties: Record<string, PropertyConditionDraft>;
  /** The folder the search started from (the drive page's folder), and whether to search in it only. */
  folder: string;
  folder_name: string;
  in_folder: boolean;
  sort_item: SearchSortItem;
  sort_flg: 1 | 2;
}

/**
 * One property item's condition as typed: `text` a part of a text item's value, `value_id` a fixed
 * or dropdown value, `from` / `to` bound a number or date item.
 */
export interface PropertyConditionDraft {
  text: string;
  value_id: string;
  from: string;
  to: string;
}

const DRAFT_PARTS = ['text', 'value_id', 'from', 'to'] as const;
export const emptyPropertyCondition: PropertyConditionDraft = { text: '', value_id: '', from: '', to: '' };

export const emptyForm = (folder = '', folderName = ''): ConditionsForm => ({
  name: '', tag_ids: [], document_styles: [], date_from: '', date_to: '', amount_min: '', amount_max: '', partner: '', invoice_number: '', properties: {},
  folder, folder_name: folderName, in_folder: folder !== '', sort_item: 'name', sort_flg: 1,
});

/** The form read from the URL's query (`?name=…&folder=…`): what the drive page's search field sends. */
export function formFromParams(params: URLSearchParams): ConditionsForm {
  const form = emptyForm(params.get('folder') ?? '', params.get('folder_name') ?? '');
  form.name = params.get('name') ?? '';
  form.tag_ids = params.getAll('tag');
  form.document_styles = params.getAll('style').filter((style): style is DocumentStyle => (DOCUMENT_STYLES as string[]).includes(style));
  form.date_from = params.get('date_from') ?? '';
  form.date_to = params.get('date_to') ?? '';
  form.amount_min = params.get('amount_min') ?? '';
  form.amount_max = params.get('amount_max') ?? '';
  form.partner = params.get('partner') ?? '';
  form.invoice_number = params.get('invoice') ?? '';
  // Property conditions: `p<no>_text`, `p<no>_value_id`, `p<no>_from`, `p<no>_to`.
  for (const [key, value] of params) {
    const match = /^p(\d{1,4})_(text|value_id|from|to)$/.exec(key);
    if (!match) continue;
    (form.properties[match[1]!] ??= { ...emptyPropertyCondition })[match[2] as keyof PropertyConditionDraft] = value;
  }
  form.in_folder = form.folder !== '' && params.get('scope') !== 'drive';
  const sort = params.get('sort') as SearchSortItem | null;
  form.sort_item = sort && SORT_ITEMS.includes(sort) ? sort : 'name';
  form.sort_flg = params.get('order') === 'desc' ? 2 : 1;
  return form;
}

export function paramsFromForm(form: ConditionsForm): URLSearchParams {
  const params = new URLSearchParams();
  const put = (key: string, value: string) => { if (value.trim() !== '') params.set(key, value.trim()); };
  put('name', form.name);
  for (const tag of form.tag_ids) params.append('tag', tag);
  for (const style of form.document_styles) params.append('style', style);
  put('date_from', form.date_from);
  put('date_to', form.date_to);
  put('amount_min', form.amount_min);
  put('amount_max', form.amount_max);
  put('partner', form.partner);
  put('invoice', form.invoice_number);
  for (const [no, draft] of Object.entries(form.properties)) for (const part of DRAFT_PARTS) put(`p${no}_${part}`, draft[part]);
  put('folder', form.folder);
  put('folder_name', form.folder_name);
  if (form.folder && !form.in_folder) params.set('scope', 'drive');
  if (form.sort_item !== 'name') params.set('sort', form.sort_item);
  if (form.sort_flg === 2) params.set('order', 'desc');
  // Every search is a new URL (a repeated search reads again).
  params.set('q', Date.now().toString(36));
  return params;
}

const amount = (text: string): number | string | undefined => {
  const trimmed = text.trim().replace(/[,，¥￥]/g, '');
  if (trimmed === '') return undefined;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : text;
};

/** A range bound as sent: a date as typed (`YYYY-MM-DD`), a number as its number; anything else as typed, for the server to refuse. */
const bound = (text: string): string | number | undefined => {
  const trimmed = text.trim().normalize('NFKC').replace(/,/g, '');
  if (trimmed === '') return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) return trimmed;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : text;
};

/**
 * The property conditions to send with their item numbers, in the order sent (the server's field
 * errors name a condition by its position: `properties.<index>`).
 */
export function propertyConditionsOf(form: ConditionsForm): { no: string; condition: PropertyConditionRequest }[] {
  const text = (value: string) => (value.trim() === '' ? undefined : value.trim());
  return Object.entries(form.properties)
    .map(([no, draft]) => {
      const condition: Record<string, unknown> = {
        item_no: Number(no), text: text(draft.text), value_id: text(draft.value_id), from: bound(draft.from), to: bound(draft.to),
      };
      return { no, condition: Object.fromEntries(Object.entries(condition).filter(([, part]) => part !== undefined)) as PropertyConditionRequest };
    })
    .filter(({ condition }) => Object.keys(condition).length > 1)
    .sort((a, b) => Number(a.no) - Number(b.no));
}

/**
 * The request of a form. A value the server would refuse (an amount that is not a number) is still
 * sent, so the server's -4 answers it with the catalogue's message on its field.
 */
export function requestFromForm(form: ConditionsForm, pageSize: 50 | 100 | 1000): SearchItemsRequest {
  const properties = propertyConditionsOf(form).map(({ condition }) => condition);
  const text = (value: string) => (value.trim() === '' ? undefined : value.trim());
  const request: Record<string, unknown> = {
    name: text(form.name),
    tag_ids: form.tag_ids.length ? form.tag_ids : undefined,
    document_styles: form.document_styles.length ? form.document_styles : undefined,
    date_from: text(form.date_from),
    date_to: text(form.date_to),
    amount_min: amount(form.amount_min),
    amount_max: amount(form.amount_max),
    partner: text(form.partner),
    invoice_number: text(form.invoice_number),
    properties: properties.length ? properties : undefined,
    folder_id: form.folder && form.in_folder ? form.folder : undefined,
    sort_item: form.sort_item,
    sort_flg: form.sort_flg,
    page_size: pageSize,
  };
  return Object.fromEntries(Object.entries(request).filter(([, value]) => value !== undefined)) as SearchItemsRequest;
}
