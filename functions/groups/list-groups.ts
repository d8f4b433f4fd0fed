import type { Operation } from '#lib/api-handler.ts';
import { countGroups, countGroupsByPrefix, groupNameKey, listGroupsPage, toUserGroup } from '#data/groups.ts';

/**
 * A product's groups by name, paged by page number (SPEC.md §3). Without a search the total is the
 * product's group counter; with one, a COUNT query over the matching key range.
 */
export const listGroups: Operation<'com/user_group_list'> = async ({ caller, input }) => {
  const search = input.search_key?.trim();
  const prefix = search ? groupNameKey(search) : undefined;
  const [rows, total] = await Promise.all([
    listGroupsPage(caller.kykId, input.product, { prefix, ascending: input.sort_flg === 1, pageSize: input.page_size, page: input.current_page }),
    prefix === undefined ? countGroups(caller.kykId, input.product) : countGroupsByPrefix(caller.kykId, input.product, prefix),
  ]);
  return {
    sort_item: input.sort_item,
    sort_flg: input.sort_flg,
    page_size: input.page_size,
    current_page: input.current_page,
    total_size: total,
    return_list: rows.map(toUserGroup),
  };
};
