import { usersRoutes } from '#shared/routes/users.ts';
import { createApiHandler } from '#lib/api-handler.ts';
import { deleteUser } from './delete-user.ts';
import { getUserInfo } from './get-user.ts';
import { lapseUser } from './lapse-user.ts';
import { listUserDevices } from './list-user-devices.ts';
import { listUserSignIns } from './list-user-sign-ins.ts';
import { endSession } from './end-user-session.ts';
import { listUserInfo } from './list-users.ts';
import { registerUser } from './register-user.ts';
import { resetPassword } from './reset-password.ts';
import { resetTotp } from './reset-totp.ts';
import { resetTwoStep } from './reset-two-step.ts';
import { unlapseUser } from './unlapse-user.ts';
import { updateUser } from './update-user.ts';

/** Users of a contract (SPEC.md §3, §4, §7): administrators only; every change writes an audit record. */
export const handler = createApiHandler(usersRoutes, {
  'com/user_info_list': listUserInfo,
  'com/user_info': getUserInfo,
  'com/user_info_reg_btn': registerUser,
  'com/user_info_upd_btn': updateUser,
  'com/user_info_lapse_btn': lapseUser,
  'com/user_info_unlapse_btn': unlapseUser,
  'com/user_info_passchge_btn': resetPassword,
  'com/user_info_del_btn': deleteUser,
  'com/user_info_totpdel_btn': resetTotp,
  'com/user_info_reset_twostep_key_btn': resetTwoStep,
  'com/user_device_list': listUserDevices,
  'com/user_signin_history': listUserSignIns,
  'com/user_session_end_btn': endSession,
});
