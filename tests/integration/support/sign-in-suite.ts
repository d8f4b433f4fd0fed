import { expect, inject } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '#lib/clients.ts';
import { userKey } from '#data/users.ts';
import type { SignInResponse } from '#shared/schemas/auth.ts';
import { call, post, type ApiResult } from './api.ts';

/** What the sign-in test files share: messages, factories and readers of stored state. */
export const TABLE = () => process.env.TABLE_NAME!;
export const WRONG_DATA = 'The contract ID, user ID or password is incorrect.';
export const LOCKED = 'User has been locked, please contact your administrator.';
export const EXPIRED = 'Your password has expired. Please change your password.';
export const NOT_ALLOWED = "This service cannot be used with your contract ID. Please contact your company's administrator.";
export const DIFFERENT_LOCATION = 'This account belongs to a different location. We will redirect you within 3 seconds.';
export const TICKET_INVALID = 'The sign-in has expired. Please sign in again.';
export const CHANGED = 'Change password success';

export type SignInResult = ApiResult<SignInResponse>;

export const login = (kykId: string, userId: string, password: string, extra: { force_flg?: 0 | 1; device_token?: string } = {}, headers: Record<string, string> = {}) =>
  post<SignInResponse>('login/login_btn', { kyk_id: kykId, user_id: userId, password, ...extra }, undefined, headers);

export const setUser = (kykId: string, userId: string, values: Record<string, unknown>) => {
  const names = Object.keys(values);
  return db().send(new UpdateCommand({
    TableName: TABLE(), Key: userKey(kykId, userId),
    UpdateExpression: `SET ${names.map((_, i) => `#n${i} = :v${i}`).join(', ')}`,
    ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#n${i}`, name])),
    ExpressionAttributeValues: Object.fromEntries(names.map((name, i) => [`:v${i}`, values[name]])),
  }));
};

export interface StoredMail { destination: { to: string[] }; subject: string; body: { text?: string } }

/** The newest sign-in code the SES stand-in received for an address. */
export async function mailedCode(address: string): Promise<string> {
  const response = await fetch(new URL('store', inject('stack').mailViewer));
  const { emails } = (await response.json()) as { emails: StoredMail[] };
  const codes = emails.filter((mail) => mail.destination.to.includes(address) && mail.subject === 'Your sign-in code')
    .map((mail) => /code for .* is (\d{6})/.exec(mail.body.text ?? '')?.[1]).filter((code): code is string => !!code);
  expect(codes.length, `a code mailed to ${address}`).toBeGreaterThan(0);
  return codes.at(-1)!;
}

export const expectStep = (result: SignInResult, code: number, step: string) => {
  expect(result.body.code, JSON.stringify(result.body)).toBe(code);
  expect(result.body.msg_level).toBe('WARN');
  expect(result.token).toBeUndefined();
  expect(result.body.data?.next?.step).toBe(step);
  return result.body.data!.next!;
};

export const expectSignedIn = async (result: SignInResult) => {
  expect([0, 990000210002]).toContain(result.body.code);
  expect(result.body.msg_level, JSON.stringify(result.body)).toBe('INFO');
  expect(result.token).toBeTruthy();
  expect((await call('com/check_login_info', {}, result.token)).body.data).toEqual({ logged_in: true });
  return result.token!;
};

/** Everything a caller could compare between two refusals (the request id differs by nature). */
export const visible = ({ status, body }: ApiResult<unknown>) => ({ status, code: body.code, level: body.msg_level, message: body.message, data: body.data, fields: (body.info as { fields?: unknown } | null)?.fields });
