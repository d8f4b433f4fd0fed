import * as groups from '../schemas/groups.ts';
import * as legal from '../schemas/legal.ts';
import { route, type RouteDef } from './define.ts';

export const legalRoutes = {
  'com/corp_info_list': route({
    group: 'legal', access: 'admin', summary: 'Legal entities, paged, sorted by code, name or creation date',
    request: legal.corpListRequest, response: legal.corpListResponse,
  }),
  'com/corp_info': route({
    group: 'legal', access: 'admin', summary: 'One legal entity',
    request: legal.corpRequest, response: legal.corpResponse,
  }),
  'com/corp_info_reg_btn': route({
    group: 'legal', access: 'admin', summary: 'Register a legal entity (the corporate code is unique in the contract)',
    request: legal.corpRegisterRequest, response: legal.corpResponse,
  }),
  'com/corp_info_upd_btn': route({
    group: 'legal', access: 'admin', summary: 'Update a legal entity (optimistic lock)',
    request: legal.corpUpdateRequest, response: legal.corpResponse,
  }),
  'com/corp_info_del_btn': route({
    group: 'legal', access: 'admin', summary: 'Delete a legal entity no user references (optimistic lock)',
    request: legal.corpDeleteRequest, response: groups.emptyResponse,
  }),
  'com/corp_sel': route({
    group: 'legal', access: 'user', summary: 'Legal entities for the selection dialog (code and name)',
    request: legal.corpSelectRequest, response: legal.corpSelectResponse,
  }),
  'com/corp_info_limited_save_btn': route({
    group: 'legal', access: 'admin', summary: 'Save the reference restrictions of a legal entity (optimistic lock)',
    request: legal.corpLimitedSaveRequest, response: legal.corpResponse,
  }),
} as const satisfies Record<string, RouteDef>;
