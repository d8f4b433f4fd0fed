import { groupsRoutes } from '#shared/routes/groups.ts';
import { createApiHandler } from '#lib/api-handler.ts';
import { deleteGroup } from './delete-group.ts';
import { getGroupInfo } from './get-group.ts';
import { listGroups } from './list-groups.ts';
import { pickUsersOrGroups } from './pick-users-or-groups.ts';
import { registerGroup } from './register-group.ts';
import { updateGroupList } from './update-group-list.ts';
import { updateGroup } from './update-group.ts';

/** User groups (SPEC.md §3, §6): administrators only; every change writes an audit record. */
export const handler = createApiHandler(groupsRoutes, {
  'com/user_group_list': listGroups,
  'com/user_group_list_upd_btn': updateGroupList,
  'com/user_group': getGroupInfo,
  'com/user_group_reg_btn': registerGroup,
  'com/user_group_upd_btn': updateGroup,
  'com/user_group_del_btn': deleteGroup,
  'com/user_usergroup_sel': pickUsersOrGroups,
});
