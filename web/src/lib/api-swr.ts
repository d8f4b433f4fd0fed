import useSWR, { mutate, type SWRConfiguration } from 'swr';
import type { RoutePath, RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from './api-client.ts';
import { sameRequest } from './paging.ts';

/**
 * SWR keys of API reads: one convention for every hook. The key is `[route path, request body]`
 * and the cached data is always the route's answer as the API client returns it, so two hooks that
 * read the same route with the same body share one cache entry (never two shapes under one key),
 * and a write revalidates every entry of a route by its path.
 */
export type ApiKey<P extends RoutePath> = readonly [P, RouteRequest<P>];

export const apiKey = <P extends RoutePath>(path: P, request: RouteRequest<P>): ApiKey<P> => [path, request] as const;

export const isApiKey = <P extends RoutePath>(key: unknown, path: P): key is ApiKey<P> => Array.isArray(key) && key.length === 2 && key[0] === path;

/** Which request each cached answer answers (every call makes a new answer object). */
const answered = new WeakMap<object, unknown>();

async function fetchApi<P extends RoutePath>([path, request]: ApiKey<P>, options?: CallOptions): Promise<RouteResponse<P>> {
  const response = await callApi(path, request, options);
  if (response !== null && typeof response === 'object') answered.set(response, request);
  return response;
}

/** One API read: `request` null (or undefined) waits without calling. */
export function useApi<P extends RoutePath>(
  path: P,
  request: RouteRequest<P> | null | undefined,
  config?: SWRConfiguration<RouteResponse<P>>,
  options?: CallOptions,
) {
  return useSWR(request ? apiKey(path, request) : null, (key: ApiKey<P>) => fetchApi(key, options), config);
}

/**
 * One page of a server-paged list. While the next page (or another filter) loads, `data` still holds
 * the last answer shown (keepPreviousData) and `answeredRequest` the request it answered; `current`
 * is the answer to exactly `request`, undefined until it arrives, so rows of another page or filter
 * are never shown as this one's. A `null` request waits without calling.
 */
export function usePagedApi<P extends RoutePath>(path: P, request: RouteRequest<P> | null, config?: SWRConfiguration<RouteResponse<P>>, options?: CallOptions) {
  const swr = useApi(path, request, { keepPreviousData: true, ...config }, options);
  const { data } = swr;
  const answeredRequest = data !== undefined && data !== null && typeof data === 'object' ? (answered.get(data) as RouteRequest<P> | undefined) : undefined;
  const current = data !== undefined && sameRequest(answeredRequest, request) ? data : undefined;
  return { data, current, answeredRequest, error: swr.error as unknown, isValidating: swr.isValidating, isLoading: swr.isLoading, mutate: swr.mutate };
}

/** Revalidates every cached read of a route (optionally only those whose request matches). */
export const revalidateApi = <P extends RoutePath>(path: P, where?: (request: RouteRequest<P>) => boolean): Promise<unknown> =>
  mutate((key) => isApiKey(key, path) && (!where || where(key[1])));
