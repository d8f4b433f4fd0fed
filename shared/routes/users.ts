import * as auth from '../schemas/auth.ts';
import * as users from '../schemas/users.ts';
import { route, type RouteDef } from './define.ts';

export const usersRoutes = {
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
  'com/user_signin_history': route({
    group: 'users', access: 'admin', summary: "A user's latest sign-ins (every outcome, with address and browser) and live session",
    request: auth.userDeviceListRequest, response: auth.userSignInsResponse,
  }),
  'com/user_session_end_btn': route({
    group: 'users', access: 'admin', summary: "End a user's session (its tokens answer -102); the account stays available",
    request: auth.userSessionEndRequest, response: auth.userSessionEndResponse,
  }),
} as const satisfies Record<string, RouteDef>;
