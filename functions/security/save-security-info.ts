import { auditActor, type Operation } from '#lib/api-handler.ts';
import type { PasswordPolicy } from '#shared/schemas/security.ts';
import { savePolicy } from '#data/password-policy.ts';

/**
 * Saves the password policy (administrators). Ranges are checked by the schema; the save is
 * conditional on the row_version read (-201 when someone saved in between) and audited as
 * `security.password_policy`. A field not sent keeps its saved value.
 */
export const saveSecurityInfo: Operation<'com/security_info_save_btn'> = async (context) => {
  const { row_version: expected, ...sent } = context.input;
  return savePolicy(auditActor(context), sent satisfies Partial<PasswordPolicy>, expected);
};
