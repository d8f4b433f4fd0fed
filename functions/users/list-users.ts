import type { Operation } from '#lib/api-handler.ts';
import { detailsOf } from '#domain/user-records.ts';
import { listUsers } from '#data/user-directory.ts';

const blankToUndefined = (value: string | undefined): string | undefined => (value?.trim() ? value.trim() : undefined);

/**
 * The user list (SPEC.md §3 paged list): sorted by user ID or name, both directions, the search key
 * a prefix of the sort key, filtered by group, legal entity, department, post (parts of them) and
 * status. Page N reads the N-1 pages before it and drops them (numbered pages): its cost grows
 * with N; see functions/users/data/users.ts `listUsers` for each path's cost.
 */
export const listUserInfo: Operation<'com/user_info_list'> = async ({ caller, input }) => {
  const page = await listUsers(caller.kykId, {
    sortItem: input.sort_item,
    ascending: input.sort_flg === 1,
    pageSize: input.page_size,
    page: input.current_page,
    search: blankToUndefined(input.search_key),
    groupId: input.user_group_id,
    corpId: input.corp_id,
    department: blankToUndefined(input.department),
    post: blankToUndefined(input.post),
    status: input.status,
  });
  return {
    sort_item: input.sort_item,
    sort_flg: input.sort_flg,
    page_size: input.page_size,
    current_page: input.current_page,
    total_size: page.total,
    ...(page.exact ? {} : { total_exact: 0 as const }),
    return_list: await detailsOf(caller.kykId, page.users),
  };
};
