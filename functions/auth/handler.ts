import { createApiHandler } from '#lib/api-handler.ts';
import { changeLanguage } from './change-language.ts';
import { login } from './login.ts';
import { logout } from './logout.ts';
import { checkLoginInfo, getLoginUserInfo } from './session-info.ts';

export const handler = createApiHandler('auth', {
  'login/login_btn': login,
  'login/logout_btn': logout,
  'com/check_login_info': checkLoginInfo,
  'com/get_login_user_info': getLoginUserInfo,
  'com/chang_language': changeLanguage,
});
