import { createApiHandler } from '#lib/api-handler.ts';
import { changePassword } from './change-password.ts';
import { getPasswordConditions } from './get-password-conditions.ts';
import { getSecurityInfo } from './get-security-info.ts';
import { saveSecurityInfo } from './save-security-info.ts';

/**
 * Security policy (SPEC.md §3 "Password policy", §5, §8): administrators read and save the
 * contract's password policy; every signed-in user reads the conditions in force and changes their
 * own password under them.
 */
export const handler = createApiHandler('security', {
  'com/security_info': getSecurityInfo,
  'com/security_info_save_btn': saveSecurityInfo,
  'com/password_conditions': getPasswordConditions,
  'com/passchange_btn': changePassword,
});
