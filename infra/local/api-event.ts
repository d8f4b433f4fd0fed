import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';

/** Content types API Gateway passes as text; anything else arrives base64-encoded. */
const TEXT_TYPES = /^(text\/|application\/(json|xml|x-www-form-urlencoded|javascript)|[^;]*\+(json|xml))/i;

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** API Gateway's `requestContext.time` format: 12/Mar/2020:19:03:58 +0000. */
const gatewayTime = (date: Date): string => {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getUTCDate())}/${monthNames[date.getUTCMonth()]}/${date.getUTCFullYear()}:${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`;
};

/** The request's URL; "//x" stays a path (new URL would read it as a host). */
export const requestUrl = (request: IncomingMessage): URL => {
  const raw = request.url ?? '/';
  return new URL(raw.startsWith('/') ? `http://localhost${raw}` : raw);
};

/** The HTTP API (payload format 2.0) event for a request, as API Gateway would build it. */
export function toApiEvent(request: IncomingMessage, body: Buffer): APIGatewayProxyEventV2 {
  const url = requestUrl(request);
  const method = request.method ?? 'GET';
  const headers: Record<string, string> = {};
  let cookies: string[] | undefined;
  // rawHeaders keeps duplicates: API Gateway joins them with commas and moves cookies to their own list.
  for (let i = 0; i + 1 < request.rawHeaders.length; i += 2) {
    const name = request.rawHeaders[i]!.toLowerCase();
    const value = request.rawHeaders[i + 1]!;
    if (name === 'cookie') (cookies ??= []).push(...value.split(/;\s*/).filter(Boolean));
    else headers[name] = name in headers ? `${headers[name]},${value}` : value;
  }
  const query: Record<string, string> = {};
  for (const [key, value] of url.searchParams) query[key] = key in query ? `${query[key]},${value}` : value;

  const isText = body.length === 0 || TEXT_TYPES.test(headers['content-type'] ?? 'application/json');
  const now = new Date();
  const routeKey = `${method} ${url.pathname}`;
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(cookies ? { cookies } : {}),
    headers,
    ...(url.search ? { queryStringParameters: query } : {}),
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0]!,
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: request.socket.remoteAddress ?? '',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: gatewayTime(now),
      timeEpoch: now.getTime(),
    },
    ...(body.length ? { body: isText ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: !isText,
  };
}

/** Writes a Lambda result the way API Gateway turns it into an HTTP response. */
export function writeApiResult(response: ServerResponse, result: APIGatewayProxyResultV2): void {
  // A bare value is "the body": API Gateway answers it as JSON with status 200.
  const structured = typeof result === 'object' && result !== null && 'statusCode' in result
    ? result
    : { statusCode: 200, headers: { 'content-type': 'application/json' }, body: typeof result === 'string' ? result : JSON.stringify(result) };
  const body = structured.body === undefined ? Buffer.alloc(0) : Buffer.from(structured.body, structured.isBase64Encoded ? 'base64' : 'utf8');
  for (const [name, value] of Object.entries(structured.headers ?? {})) response.setHeader(name, String(value));
  if (structured.cookies?.length) response.setHeader('set-cookie', structured.cookies);
  response.setHeader('content-length', body.length);
  response.writeHead(structured.statusCode ?? 200);
  response.end(body);
}

/** The JSON errors API Gateway itself answers (not the app's envelope). */
export function writeGatewayError(response: ServerResponse, statusCode: 413 | 500, message: string): void {
  const body = JSON.stringify({ message });
  // After a 413 the rest of the upload is unread: close rather than reuse the connection.
  response.writeHead(statusCode, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...(statusCode === 413 ? { connection: 'close' } : {}) });
  response.end(body);
}
