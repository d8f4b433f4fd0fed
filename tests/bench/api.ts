import { bearer, readBearer, TOKEN_HEADER, type Envelope } from '#shared/envelope.ts';
import type { RoutePath, RouteRequest, RouteResponse } from '#shared/routes.ts';

/** The API of the stack at `url`, called as the SPA calls it; a refusal throws with its code and message. */
export const benchCall = (url: string) => async <P extends RoutePath>(path: P, body: RouteRequest<P>, token?: string) => {
  const response = await fetch(`${url}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { [TOKEN_HEADER]: bearer(token) } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope<RouteResponse<P>>;
  if (envelope.code !== 0) throw new Error(`${path}: ${envelope.code} ${envelope.message}`);
  return { data: envelope.data!, token: readBearer(response.headers.get(TOKEN_HEADER)) };
};
