import type { Operation } from '#lib/api-handler.ts';
import { listCorps } from '#data/corps.ts';

/**
 * The selection dialog (any signed-in user picks a legal entity, e.g. on their profile): code and
 * name only, so no restriction or audit detail reaches non-administrators.
 */
export const selectCorps: Operation<'com/corp_sel'> = async ({ caller, input }) => {
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
    return_list: page.corps.map((corp) => ({ corp_id: corp.corp_id, corp_cd: corp.corp_cd, corp_nm: corp.corp_nm })),
  };
};
