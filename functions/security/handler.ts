import { securityRoutes } from '#shared/routes/security.ts';
import { createApiHandler } from '#lib/api-handler.ts';
import { changePassword } from './change-password.ts';
import { getCommonSettingsInfo } from './get-common-settings.ts';
import { getIpPolicy } from './get-ip-policy.ts';
import { getPasswordConditions } from './get-password-conditions.ts';
import { getSecurityInfo } from './get-security-info.ts';
import { saveCommonSettingsInfo } from './save-common-settings.ts';
import { deletePropertyItemOperation } from './delete-property-item.ts';
import { getPropertyItems } from './get-property-items.ts';
import { savePropertyItem } from './save-property-item.ts';
import { saveIpGroupPolicy } from './save-ip-group-policy.ts';
import { saveIpPolicy } from './save-ip-policy.ts';
import { saveSecurityInfo } from './save-security-info.ts';
import { generateSpKey } from './sso/generate-sp-key.ts';
import { getSsoInfo } from './sso/get-sso-info.ts';
import { saveSsoAttributes } from './sso/save-sso-attributes.ts';
import { saveSsoInfo } from './sso/save-sso-info.ts';

/**
 * Security policy (SPEC.md §3 "Password policy", §5, §8): administrators read and save the
 * contract's password policy; every signed-in user reads the conditions in force and changes their
 * own password under them. Administrators also keep the IP allow-list (SPEC.md §3 "IP policy";
 * docs/architecture.md "IP allow-list"), the common settings (trash retention, sharing, links, fiscal year)
 * and the property items (docs/property-items.md).
 */
export const handler = createApiHandler(securityRoutes, {
  'com/security_info': getSecurityInfo,
  'com/security_info_save_btn': saveSecurityInfo,
  'com/common_setting_info': getCommonSettingsInfo,
  'com/common_setting_save_btn': saveCommonSettingsInfo,
  'com/password_conditions': getPasswordConditions,
  'com/passchange_btn': changePassword,
  'com/sso_info': getSsoInfo,
  'com/sso_info_save_btn': saveSsoInfo,
  'com/sso_info_spkey_btn': generateSpKey,
  'com/sso_attrib_save_btn': saveSsoAttributes,
  'com/allow_ipadr_info': getIpPolicy,
  'com/allow_ipadr_info_save_btn': saveIpPolicy,
  'com/allow_ipadr_info_ugrp_save_btn': saveIpGroupPolicy,
  'com/property_item': getPropertyItems,
  'com/property_item_save_btn': savePropertyItem,
  'com/property_item_del_btn': deletePropertyItemOperation,
});
