import type * as z from 'zod';
import * as auth from './schemas/auth.ts';
import * as drive from './schemas/drive.ts';
import * as groups from './schemas/groups.ts';
import * as imports from './schemas/imports.ts';
import * as ipPolicy from './schemas/ip-policy.ts';
import * as legal from './schemas/legal.ts';
import * as picker from './schemas/picker.ts';
import * as security from './schemas/security.ts';
import * as sso from './schemas/sso.ts';
import * as users from './schemas/users.ts';

/**
 * The route manifest: every API endpoint, declared once. CDK creates one Lambda per group and one
 * API Gateway route per entry from it, the local adapter serves it, the SPA's API client takes its
 * paths and types from it and docs/openapi.json is generated from it.
 */
export const endpointGroups = ['auth', 'sso', 'drive', 'users', 'groups', 'legal', 'imports', 'security'] as const;
export type EndpointGroup = (typeof endpointGroups)[number];

/** `public` needs no token; `user` needs a live session; `admin` needs an administrator's session. */
export type Access = 'public' | 'user' | 'admin';

export interface RouteDef<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  readonly group: EndpointGroup;
  readonly access: Access;
  readonly summary: string;
  readonly request: Req;
  readonly response: Res;
  /** The call can end a sign-in: the SPA keeps the token its answer carries. */
  readonly startsSession?: true;
  /** `form`: the body is an HTML form post (application/x-www-form-urlencoded), not JSON (the SAML ACS). */
  readonly body?: 'form';
}

const route = <Req extends z.ZodType, Res extends z.ZodType>(def: RouteDef<Req, Res>) => def;

export const routes = {
  'login/login_btn': route({
    group: 'auth', access: 'public', startsSession: true,
    summary: 'Sign in with contract ID, user ID and password; the code says whether a further step is needed (docs/sign-in.md)',
    request: auth.loginRequest, response: auth.signInResponse,
  }),
  'login/login_two_step': route({
    group: 'auth', access: 'public', startsSession: true, summary: 'Second step: the one-time code sent by e-mail',
    request: auth.twoStepRequest, response: auth.signInResponse,
  }),
  'login/login_two_step_resend': route({
    group: 'auth', access: 'public', summary: 'Send a new e-mail code for a pending sign-in (the earlier code stops working)',
    request: auth.ticketRequest, response: auth.stepResponse,
  }),
  'login/login_two_step_totp': route({
    group: 'auth', access: 'public', startsSession: true, summary: 'Second step: the authenticator (TOTP) code; the first one also activates the authenticator',
    request: auth.twoStepRequest, response: auth.signInResponse,
  }),
  'com/passchange_lnk': route({
    group: 'auth', access: 'public', startsSession: true, summary: 'The password change a sign-in requires (first sign-in, reset, expired, policy not met)',
    request: auth.passwordChangeLinkRequest, response: auth.signInResponse,
  }),
  'login/login_info_change': route({
    group: 'auth', access: 'public', startsSession: true, summary: 'Complete missing user information a sign-in requires (-990000010008)',
    request: auth.infoChangeRequest, response: auth.signInResponse,
  }),
  'com/get_kyoten_info': route({
    group: 'auth', access: 'public', summary: 'Where a contract is served: null for this site, else the URL to sign in at',
    request: auth.locationRequest, response: auth.locationResponse,
  }),
  'login/logout_btn': route({
    group: 'auth', access: 'user', summary: 'Sign out and end the session',
    request: auth.emptyRequest, response: auth.emptyRequest,
  }),
  'com/check_login_info': route({
    group: 'auth', access: 'user', summary: 'Confirm that the session is alive (refreshes the token)',
    request: auth.emptyRequest, response: auth.checkLoginResponse,
  }),
  'com/get_login_user_info': route({
    group: 'auth', access: 'user', summary: 'The signed-in user',
    request: auth.emptyRequest, response: auth.sessionUserResponse,
  }),
  'com/get_login_options': route({
    group: 'auth', access: 'user', summary: "The modules the contract may use, and whether this product is one of them",
    request: auth.emptyRequest, response: auth.loginOptionsResponse,
  }),
  'com/chang_language': route({
    group: 'auth', access: 'user', summary: "Save the signed-in user's language (en or ja)",
    request: auth.changeLanguageRequest, response: auth.sessionUserResponse,
  }),
  'com/user_info_file_regist_change': route({
    group: 'auth', access: 'user', summary: "Save the signed-in user's file-registration method (simple 0, detailed 1)",
    request: auth.fileRegistMethodRequest, response: auth.sessionUserResponse,
  }),
  'com/device_list': route({
    group: 'auth', access: 'user', summary: "The signed-in user's trusted second-step devices",
    request: auth.deviceListRequest, response: auth.deviceListResponse,
  }),
  'com/device_del_btn': route({
    group: 'auth', access: 'user', summary: 'Forget one of your trusted devices',
    request: auth.deviceDeleteRequest, response: auth.emptyRequest,
  }),
  'com_drive/drive_info': route({
    group: 'drive', access: 'user', summary: 'One page of a folder: folders first, sorted by name or update date',
    request: drive.driveInfoRequest, response: drive.driveInfoResponse,
  }),
  'com_drive/folder_reg_btn': route({
    group: 'drive', access: 'user', summary: 'Create a folder',
    request: drive.folderRegisterRequest, response: drive.itemResponse,
  }),
  'com_drive/file_reg_btn': route({
    group: 'drive', access: 'user', summary: 'Register a file and receive a presigned upload URL',
    request: drive.fileRegisterRequest, response: drive.fileRegisterResponse,
  }),
  'com_drive/file_upload_parts': route({
    group: 'drive', access: 'user', summary: 'Fresh presigned URLs for parts of a multipart upload in progress',
    request: drive.fileUploadPartsRequest, response: drive.fileUploadPartsResponse,
  }),
  'com_drive/file_upload_complete': route({
    group: 'drive', access: 'user', summary: 'Complete a multipart upload once every part is stored',
    request: drive.fileUploadCompleteRequest, response: drive.itemResponse,
  }),
  'com_drive/file_info': route({
    group: 'drive', access: 'user', summary: 'One file or folder by id (poll after upload until ready)',
    request: drive.itemRequest, response: drive.itemResponse,
  }),
  'com_drive/download': route({
    group: 'drive', access: 'user', summary: 'A presigned download URL for a ready file',
    request: drive.itemRequest, response: drive.downloadResponse,
  }),
  'com/user_info_list': route({
    group: 'users', access: 'admin', summary: 'Users of the contract, filtered, sorted and paged',
    request: users.userListRequest, response: users.userListResponse,
  }),
  'com/user_info': route({
    group: 'users', access: 'admin', summary: 'One user',
    request: users.userRequest, response: users.userResponse,
  }),
  'com/user_info_reg_btn': route({
    group: 'users', access: 'admin', summary: 'Register a user (simple or detailed mode); answers 990000210001',
    request: users.userRegisterRequest, response: users.userWithPasswordResponse,
  }),
  'com/user_info_upd_btn': route({
    group: 'users', access: 'admin', summary: 'Update a user (optimistic lock)',
    request: users.userUpdateRequest, response: users.userResponse,
  }),
  'com/user_info_lapse_btn': route({
    group: 'users', access: 'admin', summary: 'Suspend a user: sessions end and the responsible person is mailed',
    request: users.userVersionRequest, response: users.userResponse,
  }),
  'com/user_info_unlapse_btn': route({
    group: 'users', access: 'admin', summary: 'Lift a suspension or lock (990000210003 with forced password change, else 990000210004)',
    request: users.userUnlapseRequest, response: users.userResponse,
  }),
  'com/user_info_passchge_btn': route({
    group: 'users', access: 'admin', summary: 'Reset a password to a short-lived temporary one (shown once or mailed)',
    request: users.passwordResetRequest, response: users.userWithPasswordResponse,
  }),
  'com/user_info_del_btn': route({
    group: 'users', access: 'admin', summary: 'Delete a user with its memberships and sessions (optimistic lock)',
    request: users.userVersionRequest, response: users.emptyResponse,
  }),
  'com/user_info_totpdel_btn': route({
    group: 'users', access: 'admin', summary: "Remove the user's authenticator (TOTP) registration",
    request: users.userVersionRequest, response: users.userResponse,
  }),
  'com/user_info_reset_twostep_key_btn': route({
    group: 'users', access: 'admin', summary: "Forget the user's trusted devices, so the second step is asked again",
    request: users.userVersionRequest, response: users.userResponse,
  }),
  'com/user_device_list': route({
    group: 'users', access: 'admin', summary: "A user's trusted second-step devices",
    request: auth.userDeviceListRequest, response: auth.deviceListResponse,
  }),
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
  'com/corp_import_template_download': route({
    group: 'imports', access: 'admin', summary: 'A presigned download of the legal-entity CSV template',
    request: imports.templateRequest, response: imports.fileDownload,
  }),
  'com/corp_export': route({
    group: 'imports', access: 'admin', summary: 'Export legal entities as CSV (UTF-8 or Shift_JIS) and answer a presigned download',
    request: imports.corpExportRequest, response: imports.fileDownload,
  }),
  'com/corp_import': route({
    group: 'imports', access: 'admin', summary: 'Start a legal-entity import: answers a presigned PUT; the upload starts the job',
    request: imports.importStartRequest, response: imports.importStartResponse,
  }),
  'com/user_import_template_download': route({
    group: 'imports', access: 'admin', summary: 'A presigned download of the user CSV template',
    request: imports.templateRequest, response: imports.fileDownload,
  }),
  'com/user_export': route({
    group: 'imports', access: 'admin', summary: 'Export users as CSV (the columns the import reads back)',
    request: imports.userExportRequest, response: imports.fileDownload,
  }),
  'com/user_export_atp': route({
    group: 'imports', access: 'admin', summary: 'Export users with their property-module (atp) settings as CSV',
    request: imports.userExportRequest, response: imports.fileDownload,
  }),
  'com/user_import': route({
    group: 'imports', access: 'admin', summary: 'Start a user import: answers a presigned PUT; the upload starts the job',
    request: imports.importStartRequest, response: imports.importStartResponse,
  }),
  'com/import_history': route({
    group: 'imports', access: 'admin', summary: 'Import jobs, newest first',
    request: imports.importHistoryRequest, response: imports.importHistoryResponse,
  }),
  'com/import_history_detail': route({
    group: 'imports', access: 'admin', summary: 'One import job with its per-row results',
    request: imports.importDetailRequest, response: imports.importDetailResponse,
  }),
  'com/import_history_file_download': route({
    group: 'imports', access: 'admin', summary: 'A presigned download of the file an import job read',
    request: imports.importRequest, response: imports.fileDownload,
  }),
  'com/import_history_list_delete': route({
    group: 'imports', access: 'admin', summary: 'Delete finished import jobs with their files and results',
    request: imports.importDeleteRequest, response: groups.emptyResponse,
  }),
  'com/security_info': route({
    group: 'security', access: 'admin', summary: "The contract's password policy",
    request: security.securityInfoRequest, response: security.securityInfoResponse,
  }),
  'com/security_info_save_btn': route({
    group: 'security', access: 'admin', summary: 'Save the password policy (optimistic lock)',
    request: security.securityInfoSaveRequest, response: security.securityInfoResponse,
  }),
  'com/password_conditions': route({
    group: 'security', access: 'user', summary: 'The password conditions in force, for the change-password screen',
    request: security.securityInfoRequest, response: security.passwordConditionsResponse,
  }),
  'com/passchange_btn': route({
    group: 'security', access: 'user', summary: 'Change your own password (990000210002)',
    request: security.passwordChangeRequest, response: groups.emptyResponse,
  }),
  // --- IP allow-list (issue 4): com/allow_ipadr_info, _save_btn, _ugrp_save_btn go here.
  'com/allow_ipadr_info': route({
    group: 'security', access: 'admin', summary: "The IP allow-list: the contract-wide entry \"0\" and every account-area group's entry, with the caller's address",
    request: ipPolicy.allowIpInfoRequest, response: ipPolicy.allowIpInfoResponse,
  }),
  'com/allow_ipadr_info_save_btn': route({
    group: 'security', access: 'admin', summary: 'Save the contract-wide IP allow-list (comma-separated IPv4 addresses or ranges; empty allows all; optimistic lock)',
    request: ipPolicy.allowIpSaveRequest, response: ipPolicy.allowIpSaveResponse,
  }),
  'com/allow_ipadr_info_ugrp_save_btn': route({
    group: 'security', access: 'admin', summary: "Save one account-area group's IP allow-list, which takes precedence over the contract's (empty removes it; optimistic lock)",
    request: ipPolicy.allowIpGroupSaveRequest, response: ipPolicy.allowIpSaveResponse,
  }),
  // --- SAML single sign-on (issue 4): com/sso_info*, sso_attrib_save_btn and the sso/ calls go here.
  'com/sso_info': route({
    group: 'security', access: 'admin', summary: 'The SAML single sign-on settings, the SSO user groups and the SP facts for the IdP administrator',
    request: sso.ssoInfoRequest, response: sso.ssoInfoResponse,
  }),
  'com/sso_info_save_btn': route({
    group: 'security', access: 'admin', summary: 'Save the IdP/SP settings, signature and encryption flags and SSO user groups (optimistic lock)',
    request: sso.ssoInfoSaveRequest, response: sso.ssoInfoResponse,
  }),
  'com/sso_info_spkey_btn': route({
    group: 'security', access: 'admin', summary: 'Generate a new SP key pair and self-signed certificate (the private key goes to the secret store)',
    request: sso.ssoKeyRequest, response: sso.ssoInfoResponse,
  }),
  'com/sso_info_download_btn': route({
    group: 'security', access: 'admin', summary: 'The SP metadata XML for the IdP administrator',
    request: sso.ssoInfoRequest, response: sso.ssoMetadataResponse,
  }),
  'com/sso_attrib_save_btn': route({
    group: 'security', access: 'admin', summary: 'Save which SAML attributes carry the user ID and the e-mail address (optimistic lock)',
    request: sso.ssoAttribSaveRequest, response: sso.ssoInfoResponse,
  }),
  'sso/sso_start': route({
    group: 'sso', access: 'public', summary: "Start SAML sign-in: answers the contract's IdP URL with a (signed) AuthnRequest, redirect binding",
    request: sso.ssoStartRequest, response: sso.ssoStartResponse,
  }),
  'sso/acs': route({
    group: 'sso', access: 'public', body: 'form',
    summary: 'Assertion consumer service: the IdP posts the SAMLResponse form; answers 303 to /com_drive/sso-login?code= or /com_drive/sso-fail?reason=',
    request: sso.ssoAcsRequest, response: sso.ssoAcsResponse,
  }),
  'sso/sso_login': route({
    group: 'sso', access: 'public', startsSession: true, summary: 'Exchange the one-time code of a SAML sign-in (single use, 2 minutes) for a session',
    request: sso.ssoLoginRequest, response: auth.signInResponse,
  }),
} as const satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type RoutePath = keyof Routes;
export type RouteRequest<P extends RoutePath> = z.input<Routes[P]['request']>;
export type RouteResponse<P extends RoutePath> = z.infer<Routes[P]['response']>;

export const routePaths = Object.keys(routes) as RoutePath[];

export const isRoutePath = (path: string): path is RoutePath => Object.hasOwn(routes, path);

export const routesOfGroup = (group: EndpointGroup): RoutePath[] =>
  routePaths.filter((path) => routes[path].group === group);
