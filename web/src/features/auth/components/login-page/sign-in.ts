import type { TFunction } from 'i18next';
import type { NavigateFunction } from 'react-router';
import { codes, type MsgLevel } from '@shared/codes.ts';
import { loginRequest } from '@shared/schemas/auth.ts';
import { reportApiError } from '@/lib/api-client.ts';
import { fieldErrors } from '@/lib/form-validation.ts';
import { currentLanguage } from '@/lib/i18n/index.ts';
import { login } from '../../api/login.ts';
import { readDeviceToken } from '../../utils/device-token.ts';
import { signInFlow } from '../sign-in/use-sign-in-flow.ts';

/** What the login page still has to show after a sign-in with the password (undefined: nothing, the flow went on or reported it). */
export type PasswordSignInRefusal =
  | { kind: 'signed-in-elsewhere'; message: string; level: MsgLevel }
  | { kind: 'fields'; fields: Record<string, string> };

type LoginValues = { kyk_id: string; user_id: string; password: string };

/** The form's own check, with the shared schema. */
export const loginErrors = (values: LoginValues, t: TFunction): Record<string, string> => fieldErrors(loginRequest, values, t);

/**
 * The login page's sign-in call and the handling of its answer: the shared schema (and zod), the API
 * client and the sign-in flow load with this module, on the page's first keystroke or submit, not
 * with the page.
 */
export async function signInWithPassword(
  values: LoginValues,
  force: 0 | 1,
  next: string,
  navigate: NavigateFunction,
  t: TFunction,
): Promise<PasswordSignInRefusal | undefined> {
  const kyk_id = values.kyk_id.trim();
  const user_id = values.user_id.trim();
  const device_token = readDeviceToken(kyk_id, user_id);
  const refusal = await signInFlow(navigate, t).run(
    () => login({ ...values, force_flg: force, language: currentLanguage(), ...(device_token ? { device_token } : {}) }, { silent: true }),
    { kyk_id, user_id, next },
    { restartInPlace: true },
  );
  if (!refusal) return undefined;
  const { error } = refusal;
  if (error.code === codes.loginSameUser.code) return { kind: 'signed-in-elsewhere', message: error.message, level: error.msgLevel };
  if (error.code === codes.input.code && Object.keys(error.fields).length > 0) return { kind: 'fields', fields: error.fields };
  reportApiError(error);
  return undefined;
}
