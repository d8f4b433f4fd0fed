import * as auth from '../schemas/auth.ts';
import * as invitations from '../schemas/invitations.ts';
import * as manual from '../schemas/manual.ts';
import * as modules from '../schemas/modules.ts';
import * as translate from '../schemas/translate.ts';
import * as userSettings from '../schemas/user-settings.ts';
import { route, type RouteDef } from './define.ts';

export const authRoutes = {
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
  'com/invitation_info': route({
    group: 'auth', access: 'public', summary: 'The invitation of a link (a user created by a CSV import): whose account, until when, and the password conditions; -3 when unknown, used or expired',
    request: invitations.invitationRequest, response: invitations.invitationResponse,
  }),
  'com/invitation_password_set': route({
    group: 'auth', access: 'public', summary: "Set the invited user's first password (the change-password rules) and use the invitation up: once, within 72 hours",
    request: invitations.invitationPasswordRequest, response: invitations.invitationPasswordResponse,
  }),
  'login/login_info_change': route({
    group: 'auth', access: 'public', startsSession: true, summary: 'Complete missing user information a sign-in requires (-990000010008)',
    request: auth.infoChangeRequest, response: auth.signInResponse,
  }),
  'com/get_kyoten_info': route({
    group: 'auth', access: 'public', summary: 'Where a contract is served: null for this site, else the URL to sign in at',
    request: auth.locationRequest, response: auth.locationResponse,
  }),
  'com/translate': route({
    group: 'auth', access: 'public', summary: "The SPA's strings for a language (en or ja), the same file the SPA otherwise reads as a static asset: open before sign-in, since the sign-in page needs them",
    request: translate.translateRequest, response: translate.translateResponse,
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
    group: 'auth', access: 'user', summary: 'The signed-in user, with the days left before the password expires when within the policy\'s warning period',
    request: auth.emptyRequest, response: auth.loginUserInfoResponse,
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
  'com/user_setting_info': route({
    group: 'auth', access: 'user', summary: "The signed-in user's own settings: rows per page, visual mode and density (with language and file-registration method, read-only)",
    request: userSettings.userSettingsRequest, response: userSettings.userSettingsResponse,
  }),
  'com/user_setting_save_btn': route({
    group: 'auth', access: 'user', summary: "Save the signed-in user's own settings (fields not sent keep their values)",
    request: userSettings.userSettingsSaveRequest, response: userSettings.userSettingsResponse,
  }),
  'com/get_dx_auth_key': route({
    group: 'auth', access: 'user', summary: 'A 60-second key signed for one sibling module, which signs the user in there without a password (only modules of the contract)',
    request: modules.dxAuthKeyRequest, response: modules.dxAuthKeyResponse,
  }),
  'com/link_to_atp': route({
    group: 'auth', access: 'user', summary: "The property module's address with a fresh key (refused when the contract has no property option)",
    request: modules.linkToAtpRequest, response: modules.linkToAtpResponse,
  }),
  'com/manual_download_info': route({
    group: 'auth', access: 'user', summary: "The user manual's editions: language, title, updated date and size",
    request: manual.manualInfoRequest, response: manual.manualInfoResponse,
  }),
  'com/manual_download': route({
    group: 'auth', access: 'user', summary: "The user manual as a printable HTML document, in the caller's language or the one asked for",
    request: manual.manualDownloadRequest, response: manual.manualDownloadResponse,
  }),
} as const satisfies Record<string, RouteDef>;
