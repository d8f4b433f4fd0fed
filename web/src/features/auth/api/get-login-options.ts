import useSWR from 'swr';
import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';
import { useIsAuthenticated } from '@/lib/session.ts';

export type GetLoginOptionsRequest = RouteRequest<'com/get_login_options'>;
export type GetLoginOptionsResponse = RouteResponse<'com/get_login_options'>;

export const loginOptionsKey = ['com/get_login_options', {}] as const;

export const getLoginOptions = (options?: CallOptions): Promise<GetLoginOptionsResponse> =>
  callApi('com/get_login_options', {} satisfies GetLoginOptionsRequest, options);

/** Client-stored module flags of SPEC.md §3 (opt_property, ...), kept for the sibling-module links. */
const optionKeys = {
  property: 'opt_property',
  knowledge: 'opt_knowledge',
  commerce: 'opt_commerce',
  workflow: 'opt_workflow',
  dashboard: 'opt_dashboard',
  workorder: 'opt_workorder',
} as const;

export function storeLoginOptions(data: GetLoginOptionsResponse): void {
  try {
    for (const [module, key] of Object.entries(optionKeys)) localStorage.setItem(key, String(data.options[module as keyof typeof optionKeys] ?? 0));
  } catch {
    // storage unavailable: nothing cached
  }
}

/** The contract's modules, read once per signed-in session (no revalidation on focus). */
export function useLoginOptions() {
  const authenticated = useIsAuthenticated();
  return useSWR(authenticated ? loginOptionsKey : null, () => getLoginOptions({ silent: true }), {
    revalidateOnFocus: false,
    revalidateIfStale: false,
    onSuccess: storeLoginOptions,
  });
}
