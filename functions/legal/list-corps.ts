import type { Operation } from '#lib/api-handler.ts';
import { listCorps, toCorp } from '#data/corps.ts';

/** The legal-entity list: numbered pages sorted by code, name or creation date, with a prefix search. */
export const listCorpInfo: Operation<'com/corp_info_list'> = async ({ caller, input }) => {
  const page = await listCorps(caller.kykId, {
    sortItem: input.sort_item,
    ascending: input.sort_flg === 1,
    pageSize: input.page_size,
    page: input.current_page,
    searchKey: input.search_key,
  });
  return {
    sort_item: input.sort_item,
    sort_flg: input.sort_flg,
    page_size: input.page_size,
    current_page: input.current_page,
    total_size: page.total,
    return_list: page.corps.map(toCorp),
  };
};
