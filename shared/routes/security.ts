import * as groups from '../schemas/groups.ts';
import * as ipPolicy from '../schemas/ip-policy.ts';
import * as propertyItems from '../schemas/property-items.ts';
import * as security from '../schemas/security.ts';
import * as settings from '../schemas/settings.ts';
import * as sso from '../schemas/sso.ts';
import { route, type RouteDef } from './define.ts';

export const securityRoutes = {
  'com/security_info': route({
    group: 'security', access: 'admin', summary: "The contract's password policy",
    request: security.securityInfoRequest, response: security.securityInfoResponse,
  }),
  'com/security_info_save_btn': route({
    group: 'security', access: 'admin', summary: 'Save the password policy (optimistic lock)',
    request: security.securityInfoSaveRequest, response: security.securityInfoResponse,
  }),
  'com/common_setting_info': route({
    group: 'security', access: 'admin', summary: "The contract's common settings: trash retention, sharing and links, fiscal year",
    request: settings.commonSettingsRequest, response: settings.commonSettingsResponse,
  }),
  'com/common_setting_save_btn': route({
    group: 'security', access: 'admin', summary: 'Save the common settings (fields not sent keep their values; optimistic lock; audited)',
    request: settings.commonSettingsSaveRequest, response: settings.commonSettingsResponse,
  }),
  'com/password_conditions': route({
    group: 'security', access: 'user', summary: 'The password conditions in force, for the change-password screen',
    request: security.securityInfoRequest, response: security.passwordConditionsResponse,
  }),
  'com/passchange_btn': route({
    group: 'security', access: 'user', summary: 'Change your own password (990000210002)',
    request: security.passwordChangeRequest, response: groups.emptyResponse,
  }),
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
  'com/sso_attrib_save_btn': route({
    group: 'security', access: 'admin', summary: 'Save which SAML attributes carry the user ID and the e-mail address (optimistic lock)',
    request: sso.ssoAttribSaveRequest, response: sso.ssoInfoResponse,
  }),
  // Property items (docs/property-items.md): every signed-in user reads the definitions (the drive's
  // registration and details forms are made from them); administrators save and delete.
  'com/property_item': route({
    group: 'security', access: 'user', summary: "The contract's property items (definitions, numbered), for the drive's forms and the settings screen",
    request: propertyItems.propertyItemListRequest, response: propertyItems.propertyItemListResponse,
  }),
  'com/property_item_save_btn': route({
    group: 'security', access: 'admin', summary: 'Create (no item_no) or change a property item (optimistic lock; unique names, fixed and dropdown values; refused while files are linked to a value it removes; audited)',
    request: propertyItems.propertyItemSaveRequest, response: propertyItems.propertyItemSaveResponse,
  }),
  'com/property_item_del_btn': route({
    group: 'security', access: 'admin', summary: 'Delete a property item (optimistic lock; refused while files are linked to any of its values; audited)',
    request: propertyItems.propertyItemDeleteRequest, response: propertyItems.propertyItemDeleteResponse,
  }),
} as const satisfies Record<string, RouteDef>;
