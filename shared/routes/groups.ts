import * as groups from '../schemas/groups.ts';
import * as picker from '../schemas/picker.ts';
import { route, type RouteDef } from './define.ts';

export const groupsRoutes = {
  'com/user_usergroup_sel': route({
    group: 'groups', access: 'user', summary: 'The user-or-group picker: search groups or users, page size 0 answers all',
    request: picker.pickerRequest, response: picker.pickerResponse,
  }),
  'com/user_group_list': route({
    group: 'groups', access: 'admin', summary: 'User groups of a product area, paged, sorted by name',
    request: groups.userGroupListRequest, response: groups.userGroupListResponse,
  }),
  'com/user_group_list_upd_btn': route({
    group: 'groups', access: 'admin', summary: 'Save permission changes of several groups at once (all or nothing)',
    request: groups.userGroupListUpdateRequest, response: groups.userGroupListUpdateResponse,
  }),
  'com/user_group': route({
    group: 'groups', access: 'admin', summary: 'One user group with its members',
    request: groups.userGroupRequest, response: groups.userGroupResponse,
  }),
  'com/user_group_reg_btn': route({
    group: 'groups', access: 'admin', summary: 'Create a user group, optionally with members',
    request: groups.userGroupRegisterRequest, response: groups.groupResponse,
  }),
  'com/user_group_upd_btn': route({
    group: 'groups', access: 'admin', summary: 'Update a user group and add or remove members (optimistic lock)',
    request: groups.userGroupUpdateRequest, response: groups.groupResponse,
  }),
  'com/user_group_del_btn': route({
    group: 'groups', access: 'admin', summary: 'Delete a user group that has no members (optimistic lock)',
    request: groups.userGroupDeleteRequest, response: groups.emptyResponse,
  }),
} as const satisfies Record<string, RouteDef>;
