import * as z from 'zod';
import { languages } from '../messages.ts';
import { flag, requiredText } from '../validation.ts';

export const CONTRACT_ID_MAX = 20;
export const USER_ID_MAX = 12;
export const LOGIN_PASSWORD_MAX = 128;

export const language = z.enum(languages, { error: 'validation.invalidValue' });

export const loginRequest = z.strictObject({
  kyk_id: requiredText(CONTRACT_ID_MAX),
  user_id: requiredText(USER_ID_MAX),
  password: requiredText(LOGIN_PASSWORD_MAX),
  force_flg: flag.default(0),
  language: language.optional(),
});
export type LoginRequest = z.input<typeof loginRequest>;

export const loginUser = z.object({
  kyk_id: z.string(),
  user_id: z.string(),
  user_nm: z.string(),
  email: z.string(),
  language,
  ata_admin_permission: flag,
});
export type LoginUser = z.infer<typeof loginUser>;

export const loginResponse = z.object({ user: loginUser });
export type LoginResponse = z.infer<typeof loginResponse>;

export const emptyRequest = z.strictObject({});

export const checkLoginResponse = z.object({ logged_in: z.boolean() });

export const changeLanguageRequest = z.strictObject({ language });
export type ChangeLanguageRequest = z.input<typeof changeLanguageRequest>;
