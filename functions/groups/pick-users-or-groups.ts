import type { Operation } from '#lib/api-handler.ts';
import { USER_ID_PATTERN } from '#data/users.ts';
import type { ProductArea } from '#shared/schemas/groups.ts';
import { PICKER_ALL_MAX, type PickerItem } from '#shared/schemas/picker.ts';
import { listCorps } from '#data/corps.ts';
import { countGroups, countGroupsByPrefix, getGroups, groupNameKey, listGroupsPage, type GroupRecord } from '#data/groups.ts';
import { forEachUserByName, getPickerUsers, memberIds, type PickerUser } from '#data/user-picker.ts';

/**
 * The user-or-group picker (SPEC.md §2, §3, §7 `user_usergroup_sel`): any signed-in user may search
 * the contract's groups of a product (search_kbn 1) or its users (search_kbn 2) to pick some.
 *
 * Groups: name prefix (`search_key` and/or `user_group_nm`, case-insensitive) on the product's name
 * index, sorted by name (`sort_flg`; `sort_item` has no other meaning for groups). Pages as the group
 * list does; the total is the product's counter, or a COUNT query over the prefix.
 *
 * Users: in name order on the users' name index (`<user_nm>#<user_id>`), `search_key` a prefix of
 * the name (as stored, so case-sensitive). Filters:
 * - `user_group_id`: the group's member partition, then a BatchGet of those profiles (the other
 *   filters and the name order are applied in memory; the set is bounded by the group's size);
 * - `corp_id`: FilterExpression; `corp_nm`: the legal entities whose name starts with it (case- and
 *   width-insensitive, the corp list's own search) are resolved first, then users of those;
 * - `dept_nm` / `post_nm`: a case- and width-insensitive "contains" match on the department / post
 *   (people type part of a department name: "Sales" finds "East Sales"), applied in memory;
 * - `lapse_flg` 0 (default): only available users (status 0); 1 includes suspended and locked ones.
 * The total is the number of matches among the items read: the index is read in name order until
 * the page is in hand and at least COUNT_EVALUATION_CAP items have been evaluated (bounded reads,
 * whatever the contract's size); when the range goes on, `total_exact: 0` says the total is a lower
 * bound (the matches counted, plus one) and the dialog pages open-ended.
 * `sort_item: sort_user_group_nm` orders users by the name of their group in the product (users
 * without one first when ascending), then by name: that needs the matching set in memory, so it
 * sorts the first PICKER_ALL_MAX matches in name order (total_size still counts every match).
 *
 * A user row's group is the user's group in `product`; its permission is that group's common-drive
 * permission, -1 when the user has no group there but an individual permission (SPEC.md §6), else 0.
 * Group names and permissions come from one BatchGet of the distinct groups involved.
 *
 * Paging: page_size 1-1000 with current_page; page_size 0 answers every match up to PICKER_ALL_MAX
 * (as page 1). `selected_ids` (group ids and user IDs) are resolved by BatchGet on every call and
 * answered as `selected_list` in the order given, whatever the page; unknown ids, and ids of other
 * contracts (every key carries the caller's tenant), are dropped. `disp_selected_data: 1` answers
 * as the page only the selected entries of the current kind that match the search, sorted and paged
 * the same way.
 */

type Input = Parameters<Operation<'com/user_usergroup_sel'>>[0]['input'];

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Text compared for "contains": width-folded (NFKC) and lower case. */
const fold = (text: string): string => text.normalize('NFKC').toLowerCase();

const trimmed = (text: string | undefined): string | undefined => {
  const value = text?.trim();
  return value ? value : undefined;
};

/** DynamoDB orders sort keys by their UTF-8 bytes; in-memory orders mirror the index exactly. */
const byteCompare = (a: string, b: string): number => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/** The users' name index order: `<user_nm>#<user_id>`. */
const userOrderKey = (user: PickerUser): string => `${user.user_nm}#${user.user_id}`;

interface UserCriteria {
  prefix?: string;
  groupId?: string;
  /** Undefined: no legal-entity filter; a set: the user's corp must be in it. */
  corpIds?: Set<string>;
  dept?: string;
  post?: string;
  activeOnly: boolean;
}

const matchesUser = (criteria: UserCriteria, user: PickerUser): boolean =>
  (criteria.prefix === undefined || user.user_nm.startsWith(criteria.prefix)) &&
  (criteria.groupId === undefined || Object.values(user.groups ?? {}).includes(criteria.groupId)) &&
  (criteria.corpIds === undefined || (!!user.corp_id && criteria.corpIds.has(user.corp_id))) &&
  (criteria.dept === undefined || fold(user.department ?? '').includes(criteria.dept)) &&
  (criteria.post === undefined || fold(user.post ?? '').includes(criteria.post)) &&
  (!criteria.activeOnly || user.status === 0);

/** Legal entities whose name starts with `corpNm` (and equal to `corpId` when both are given). */
async function corpFilter(kykId: string, corpId: string | undefined, corpNm: string | undefined): Promise<Set<string> | undefined> {
  if (corpNm === undefined) return corpId === undefined ? undefined : new Set([corpId]);
  const { corps } = await listCorps(kykId, { sortItem: 'corp_nm', ascending: true, pageSize: PICKER_ALL_MAX, page: 1, searchKey: corpNm });
  const ids = corps.map((corp) => corp.corp_id).filter((id) => corpId === undefined || id === corpId);
  return new Set(ids);
}

/** Keeps the matches of one page (offset, limit) while counting all of them. */
class Window<T> {
  total = 0;
  readonly rows: T[] = [];
  constructor(private readonly offset: number, private readonly limit: number) {}
  add(row: T): void {
    if (this.total >= this.offset && this.rows.length < this.limit) this.rows.push(row);
    this.total++;
  }
  get full(): boolean {
    return this.rows.length >= this.limit;
  }
}

interface Paging {
  offset: number;
  limit: number;
}

/** Users ordered by name (or all matching users, for the group-name sort), counted. */
async function searchUsers(kykId: string, input: Input, criteria: UserCriteria, paging: Paging, byGroup: boolean): Promise<{ total: number; exact: boolean; rows: PickerUser[] }> {
  const ascending = input.sort_flg === 1;
  // The group-name sort orders the matching set in memory: collect it (bounded), page afterwards.
  const window = new Window<PickerUser>(byGroup ? 0 : paging.offset, byGroup ? PICKER_ALL_MAX : paging.limit);
  if (criteria.corpIds?.size === 0) return { total: 0, exact: true, rows: [] };
  if (criteria.groupId !== undefined) {
    const profiles = await getPickerUsers(kykId, await memberIds(kykId, criteria.groupId));
    const matching = [...profiles.values()].filter((user) => matchesUser(criteria, user));
    matching.sort((a, b) => byteCompare(userOrderKey(a), userOrderKey(b)) * (ascending ? 1 : -1));
    for (const user of matching) window.add(user);
    return { total: window.total, exact: true, rows: window.rows };
  }
  const single = criteria.corpIds?.size === 1 ? [...criteria.corpIds][0] : undefined;
  const { complete } = await forEachUserByName(
    kykId,
    { prefix: criteria.prefix, ascending, filter: { activeOnly: criteria.activeOnly, corpId: single }, enough: () => window.full },
    (user) => {
      if (matchesUser(criteria, user)) window.add(user);
    },
  );
  // Stopped at the cap: the matches counted so far, plus one to say more follow.
  return complete ? { total: window.total, exact: true, rows: window.rows } : { total: window.total + 1, exact: false, rows: window.rows };
}

/** The user's group in the product, if it still exists. */
const groupOf = (user: PickerUser, product: ProductArea, groups: Map<string, GroupRecord>): GroupRecord | undefined => {
  const id = user.groups?.[product];
  return id ? groups.get(id) : undefined;
};

const userItem = (user: PickerUser, product: ProductArea, groups: Map<string, GroupRecord>): PickerItem => {
  const group = groupOf(user, product, groups);
  return {
    id: user.user_id,
    user_group_id: group?.user_group_id ?? null,
    user_id: user.user_id,
    user_group_nm: group?.user_group_nm ?? '',
    user_nm: user.user_nm,
    note: '',
    permission: group ? group.com_drive_permission : user.indiv_permission_flg === 1 ? -1 : 0,
    user_count: 0,
  };
};

const groupItem = (group: GroupRecord): PickerItem => ({
  id: group.user_group_id,
  user_group_id: group.user_group_id,
  user_id: null,
  user_group_nm: group.user_group_nm,
  user_nm: '',
  note: group.note,
  permission: group.com_drive_permission,
  user_count: group.user_count,
});

/** Orders users by their group's name in the product, then by name (the whole order reversed for descending). */
function sortByGroupName(users: PickerUser[], product: ProductArea, groups: Map<string, GroupRecord>, ascending: boolean): void {
  const key = (user: PickerUser) => groupOf(user, product, groups)?.name_key ?? '';
  users.sort((a, b) => (byteCompare(key(a), key(b)) || byteCompare(userOrderKey(a), userOrderKey(b))) * (ascending ? 1 : -1));
}

/** The group-name prefix of a search: the longer of the two given, or none when they disagree. */
function groupPrefix(input: Input): { prefix?: string; none: boolean } {
  const prefixes = [trimmed(input.search_key), trimmed(input.user_group_nm)].filter((value): value is string => value !== undefined).map(groupNameKey);
  if (prefixes.length === 0) return { none: false };
  const [shorter, longer] = prefixes.length === 2 && prefixes[0]!.length > prefixes[1]!.length ? [prefixes[1]!, prefixes[0]!] : [prefixes[0]!, prefixes.at(-1)!];
  return longer.startsWith(shorter) ? { prefix: longer, none: false } : { none: true };
}

export const pickUsersOrGroups: Operation<'com/user_usergroup_sel'> = async ({ caller, input }) => {
  const kykId = caller.kykId;
  const product = input.product;
  const ascending = input.sort_flg === 1;
  const all = input.page_size === 0;
  const currentPage = all ? 1 : input.current_page;
  const paging: Paging = all ? { offset: 0, limit: PICKER_ALL_MAX } : { offset: (currentPage - 1) * input.page_size, limit: input.page_size };
  const showSelected = input.disp_selected_data === 1;

  const selectedIds = [...new Set(input.selected_ids)];
  const selectedGroupIds = selectedIds.filter((id) => UUID_PATTERN.test(id));
  const selectedUserIds = selectedIds.filter((id) => !UUID_PATTERN.test(id) && USER_ID_PATTERN.test(id));

  let total = 0;
  let exact = true;
  let groupRows: GroupRecord[] = [];
  let userRows: PickerUser[] = [];
  let selectedUsers = new Map<string, PickerUser>();
  let groups = new Map<string, GroupRecord>();

  if (input.search_kbn === 1) {
    const { prefix, none } = groupPrefix(input);
    [selectedUsers, groups] = await Promise.all([getPickerUsers(kykId, selectedUserIds), getGroups(kykId, selectedGroupIds)]);
    if (showSelected) {
      const matching = selectedGroupIds
        .flatMap((id) => (groups.has(id) ? [groups.get(id)!] : []))
        .filter((group) => group.product === product && !none && (prefix === undefined || group.name_key.startsWith(prefix)))
        .sort((a, b) => byteCompare(a.name_key, b.name_key) * (ascending ? 1 : -1));
      total = matching.length;
      groupRows = matching.slice(paging.offset, paging.offset + paging.limit);
    } else if (!none) {
      const page = all ? { pageSize: PICKER_ALL_MAX, page: 1 } : { pageSize: input.page_size, page: currentPage };
      [groupRows, total] = await Promise.all([
        listGroupsPage(kykId, product, { prefix, ascending, ...page }),
        prefix === undefined ? countGroups(kykId, product) : countGroupsByPrefix(kykId, product, prefix),
      ]);
    }
    // The selected users' groups, for their rows in selected_list.
    const missing = [...selectedUsers.values()].map((user) => user.groups?.[product]).filter((id): id is string => !!id && !groups.has(id));
    if (missing.length > 0) for (const [id, group] of await getGroups(kykId, missing)) groups.set(id, group);
  } else {
    const criteria: UserCriteria = {
      prefix: trimmed(input.search_key),
      groupId: input.user_group_id,
      corpIds: await corpFilter(kykId, input.corp_id, trimmed(input.corp_nm)),
      dept: trimmed(input.dept_nm) === undefined ? undefined : fold(trimmed(input.dept_nm)!),
      post: trimmed(input.post_nm) === undefined ? undefined : fold(trimmed(input.post_nm)!),
      activeOnly: input.lapse_flg === 0,
    };
    const byGroup = input.sort_item === 'sort_user_group_nm';
    let found: { total: number; exact?: boolean; rows: PickerUser[] };
    if (showSelected) {
      selectedUsers = await getPickerUsers(kykId, selectedUserIds);
      const matching = selectedUserIds
        .flatMap((id) => (selectedUsers.has(id) ? [selectedUsers.get(id)!] : []))
        .filter((user) => matchesUser(criteria, user))
        .sort((a, b) => byteCompare(userOrderKey(a), userOrderKey(b)) * (ascending ? 1 : -1));
      found = { total: matching.length, rows: byGroup ? matching : matching.slice(paging.offset, paging.offset + paging.limit) };
    } else {
      [selectedUsers, found] = await Promise.all([getPickerUsers(kykId, selectedUserIds), searchUsers(kykId, input, criteria, paging, byGroup)]);
    }
    // One BatchGet: the selected groups and the groups of every user row and selected user.
    const wanted = new Set<string>(selectedGroupIds);
    for (const user of [...found.rows, ...selectedUsers.values()]) {
      const id = user.groups?.[product];
      if (id) wanted.add(id);
    }
    groups = await getGroups(kykId, [...wanted]);
    if (byGroup) {
      sortByGroupName(found.rows, product, groups, ascending);
      found = { ...found, rows: found.rows.slice(paging.offset, paging.offset + paging.limit) };
    }
    total = found.total;
    exact = found.exact !== false;
    userRows = found.rows;
  }

  const selectedList = selectedIds.flatMap((id): PickerItem[] => {
    if (UUID_PATTERN.test(id)) return groups.has(id) ? [groupItem(groups.get(id)!)] : [];
    return selectedUsers.has(id) ? [userItem(selectedUsers.get(id)!, product, groups)] : [];
  });

  return {
    sort_item: input.sort_item,
    sort_flg: input.sort_flg,
    page_size: input.page_size,
    current_page: currentPage,
    total_size: total,
    ...(exact ? {} : { total_exact: 0 as const }),
    return_list: input.search_kbn === 1 ? groupRows.map(groupItem) : userRows.map((user) => userItem(user, product, groups)),
    selected_list: selectedList,
  };
};
