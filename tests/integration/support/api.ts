import { request } from 'node:http';
import { inject } from 'vitest';
import { bearer, readBearer, TOKEN_HEADER, type Envelope } from '#shared/envelope.ts';
import type { RoutePath, RouteRequest, RouteResponse } from '#shared/routes.ts';

export interface ApiResult<T> {
  status: number;
  body: Envelope<T>;
  /** The token the response header carried, if any. */
  token?: string;
}

export const baseUrl = (): string => inject('stack').url;

/** Raw call: any path, any body (string bodies are sent as-is, to test malformed JSON). */
export async function post<T = unknown>(path: string, body: unknown, token?: string, headers: Record<string, string> = {}): Promise<ApiResult<T>> {
  const response = await fetch(`${baseUrl()}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { [TOKEN_HEADER]: bearer(token) } : {}), ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Envelope<T>, token: readBearer(response.headers.get(TOKEN_HEADER)) };
}

/** Typed call of a manifest route. */
export const call = <P extends RoutePath>(path: P, body: RouteRequest<P>, token?: string): Promise<ApiResult<RouteResponse<P>>> =>
  post<RouteResponse<P>>(path, body, token);

export async function signIn(kykId: string, userId: string, password: string, forceFlag: 0 | 1 = 0): Promise<string> {
  const result = await call('login/login_btn', { kyk_id: kykId, user_id: userId, password, force_flg: forceFlag });
  if (result.body.code !== 0 || !result.token) throw new Error(`sign-in failed: ${JSON.stringify(result.body)}`);
  return result.token;
}

/** A call whose TCP connection starts from `localAddress` (any 127.x.x.x), with optional extra headers. */
export function postFrom<P extends RoutePath>(localAddress: string, path: P, body: RouteRequest<P> | Record<string, unknown>, token?: string, headers: Record<string, string> = {}): Promise<ApiResult<RouteResponse<P>>> {
  const url = new URL(`${baseUrl()}/api/${path}`);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request({
      host: url.hostname, port: url.port, path: url.pathname, method: 'POST', localAddress,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...(token ? { [TOKEN_HEADER]: bearer(token) } : {}), ...headers },
    }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const header = response.headers[TOKEN_HEADER];
        resolve({
          status: response.statusCode ?? 0,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Envelope<RouteResponse<P>>,
          token: readBearer(Array.isArray(header) ? header[0] : header),
        });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * Waits, when the throttles' fixed window (`windowSeconds`, aligned to the epoch) ends within
 * `needed` seconds, for the next one: attempts that straddle two windows are counted in both halves.
 */
export async function inOneWindow(windowSeconds: number, needed = 60): Promise<void> {
  const left = windowSeconds - (Math.floor(Date.now() / 1000) % windowSeconds);
  if (left < needed) await new Promise((resolve) => setTimeout(resolve, (left + 1) * 1000));
}
