import useSWR from 'swr';
import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type GetPasswordConditionsRequest = RouteRequest<'com/password_conditions'>;
export type GetPasswordConditionsResponse = RouteResponse<'com/password_conditions'>;

const PATH = 'com/password_conditions';
export const passwordConditionsKey = [PATH, {}] as const;

export const getPasswordConditions = (options?: CallOptions): Promise<GetPasswordConditionsResponse> =>
  callApi(PATH, {} satisfies GetPasswordConditionsRequest, options);

/** The password conditions in force (any signed-in user), for the change-password screen. */
export function usePasswordConditions() {
  return useSWR(passwordConditionsKey, () => getPasswordConditions({ silent: true }), { revalidateOnFocus: false });
}
