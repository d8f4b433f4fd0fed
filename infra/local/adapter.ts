import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_PREFIX } from '#shared/envelope.ts';
import { isRoutePath, routes, type EndpointGroup } from '#shared/routes.ts';
import type { ApiHandler } from '#lib/api-handler.ts';
import { envelopeResponse } from '#lib/envelope.ts';
import { requestUrl, toApiEvent, writeApiResult, writeGatewayError } from './api-event.ts';
import { functionModule } from './function-modules.ts';
import { lambdaContext } from './lambda-context.ts';
import { PortInUseError } from './ports.ts';
import { contentSecurityPolicy, securityHeaders } from '#infra/aws/security-headers.ts';
import { serveStatic } from './static-files.ts';

/** The API answers JSON: no inline script to allow, the same policy otherwise. */
const apiHeaders = (fileOrigins: readonly string[]) => securityHeaders('app', contentSecurityPolicy({ fileOrigins, inlineScriptHashes: [] }));

/**
 * The local stand-in for CloudFront + API Gateway on one port: `POST /api/<route>` runs the route's
 * group handler in-process with the event API Gateway would send; everything else is the SPA.
 */
export interface Adapter {
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface AdapterOptions {
  port: number;
  webDir: string;
  /** API calls wait for it: the port is bound first (fail fast when busy), the stand-ins come up after. */
  ready: Promise<void>;
  /** Origins of the presigned file URLs (the S3 front), for the Content-Security-Policy; known once the front runs. */
  fileOrigins: Promise<readonly string[]>;
  log: (line: string) => void;
}

/** HTTP API's payload limit. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

const handlers = new Map<EndpointGroup, Promise<ApiHandler>>();
/** One module per endpoint group, imported on first use like a Lambda cold start, then reused. */
const groupHandler = (group: EndpointGroup): Promise<ApiHandler> => {
  let handler = handlers.get(group);
  if (!handler) {
    handler = import(functionModule(group)).then((module: { handler: ApiHandler }) => module.handler);
    // A failed import (a group still being written) is retried on the next call.
    handler.catch(() => handlers.delete(group));
    handlers.set(group, handler);
  }
  return handler;
};

class BodyTooLarge extends Error {}

const readBody = (request: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    if (Number(request.headers['content-length'] ?? 0) > MAX_BODY_BYTES) {
      reject(new BodyTooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        request.removeAllListeners('data');
        request.resume();
        reject(new BodyTooLarge());
      } else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });

const isApiPath = (path: string): boolean => path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);

async function serveApi(request: IncomingMessage, response: ServerResponse, options: AdapterOptions): Promise<void> {
  const path = requestUrl(request).pathname;
  const route = path.slice(API_PREFIX.length + 1);
  if (request.method !== 'POST' || !isRoutePath(route)) {
    request.resume();
    writeApiResult(response, envelopeResponse({ codeName: 'address', language: 'en' }));
    return;
  }
  let body: Buffer;
  try {
    body = await readBody(request);
  } catch (error) {
    if (error instanceof BodyTooLarge) writeGatewayError(response, 413, 'Request Entity Too Large');
    else response.destroy();
    return;
  }
  await options.ready;
  const event = toApiEvent(request, body);
  const group = routes[route].group;
  try {
    const handler = await groupHandler(group);
    writeApiResult(response, await handler(event, lambdaContext(group, event.requestContext.requestId)));
  } catch (error) {
    // What API Gateway answers when the Lambda itself fails.
    options.log(`${group} handler failed on ${path}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    writeGatewayError(response, 500, 'Internal Server Error');
  }
}

export async function startAdapter(options: AdapterOptions): Promise<Adapter> {
  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    let path: string;
    try {
      path = requestUrl(request).pathname;
    } catch {
      response.writeHead(400).end();
      return;
    }
    if (isApiPath(path)) {
      // CloudFront's /api/* behaviour adds the same security headers as the SPA's.
      for (const [name, value] of Object.entries(apiHeaders(await options.fileOrigins))) response.setHeader(name, value);
      await serveApi(request, response, options);
    } else await serveStatic(request, response, options.webDir, await options.fileOrigins);
  };
  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      options.log(`request ${request.method} ${request.url} failed: ${String(error)}`);
      if (!response.headersSent) writeGatewayError(response, 500, 'Internal Server Error');
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => reject(error.code === 'EADDRINUSE' ? new PortInUseError(options.port) : error));
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
