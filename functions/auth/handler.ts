import { authRoutes } from '#shared/routes/auth.ts';
import { createApiHandler } from '#lib/api-handler.ts';
import { changeLanguage } from './change-language.ts';
import { deleteOwnDevice, listOwnDevices } from './devices.ts';
import { changeFileRegistMethod } from './file-regist-change.ts';
import { loginInfoChange } from './info-change.ts';
import { invitationInfo, invitationPasswordSet } from './invitation.ts';
import { getLocationInfo } from './location-info.ts';
import { login } from './login.ts';
import { getLoginOptions } from './login-options.ts';
import { logout } from './logout.ts';
import { manualDownload, manualDownloadInfo } from './manual.ts';
import { passwordChangeLink } from './password-change-link.ts';
import { getDxAuthKey, linkToAtp } from './sibling-modules.ts';
import { checkLoginInfo, getLoginUserInfo } from './session-info.ts';
import { translateStrings } from './translate.ts';
import { loginTwoStepMail, loginTwoStepResend, loginTwoStepTotp } from './two-step.ts';
import { getUserSettings, saveUserSettings } from './user-settings.ts';

export const handler = createApiHandler(authRoutes, {
  'login/login_btn': login,
  'login/login_two_step': loginTwoStepMail,
  'login/login_two_step_resend': loginTwoStepResend,
  'login/login_two_step_totp': loginTwoStepTotp,
  'com/passchange_lnk': passwordChangeLink,
  'login/login_info_change': loginInfoChange,
  'com/invitation_info': invitationInfo,
  'com/invitation_password_set': invitationPasswordSet,
  'com/get_kyoten_info': getLocationInfo,
  'com/translate': translateStrings,
  'login/logout_btn': logout,
  'com/check_login_info': checkLoginInfo,
  'com/get_login_user_info': getLoginUserInfo,
  'com/get_login_options': getLoginOptions,
  'com/chang_language': changeLanguage,
  'com/user_info_file_regist_change': changeFileRegistMethod,
  'com/device_list': listOwnDevices,
  'com/device_del_btn': deleteOwnDevice,
  'com/user_setting_info': getUserSettings,
  'com/user_setting_save_btn': saveUserSettings,
  'com/get_dx_auth_key': getDxAuthKey,
  'com/link_to_atp': linkToAtp,
  'com/manual_download_info': manualDownloadInfo,
  'com/manual_download': manualDownload,
});
