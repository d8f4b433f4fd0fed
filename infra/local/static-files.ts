import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { contentSecurityPolicy, inlineScriptHashes, isSecretPath, securityHeaders } from '#infra/aws/security-headers.ts';
import { requestUrl } from './api-event.ts';

/**
 * Serves the built SPA the way CloudFront does: files, long caching for hashed assets, index.html for
 * app routes, and on every answer the security headers of CloudFront's response headers policy
 * (infra/aws/security-headers.ts), the CSP allowing the S3 front's origin for the presigned URLs.
 */

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
};

/** Vite puts content-hashed files under /assets: they never change, everything else must revalidate. */
const cacheControl = (urlPath: string): string =>
  urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';

const isFile = async (path: string): Promise<number | undefined> => {
  try {
    const info = await stat(path);
    return info.isFile() ? info.size : undefined;
  } catch {
    return undefined;
  }
};

/** The inline script hashes of the served index.html, read again when the file changes (a rebuild). */
let hashed: { key: string; hashes: string[] } | undefined;
async function indexScriptHashes(webDir: string): Promise<string[]> {
  const index = join(webDir, 'index.html');
  try {
    const info = await stat(index);
    const key = `${index}:${info.mtimeMs}:${info.size}`;
    if (hashed?.key !== key) hashed = { key, hashes: inlineScriptHashes(await readFile(index, 'utf8')) };
    return hashed.hashes;
  } catch {
    return [];
  }
}

/** What CloudFront's response headers policy of this path adds. */
const edgeHeaders = async (urlPath: string, webDir: string, fileOrigins: readonly string[]): Promise<Record<string, string>> =>
  securityHeaders(isSecretPath(urlPath) ? 'share' : 'app', contentSecurityPolicy({ fileOrigins, inlineScriptHashes: await indexScriptHashes(webDir) }));

function sendFile(request: IncomingMessage, response: ServerResponse, path: string, size: number, urlPath: string, headers: Record<string, string>): void {
  response.writeHead(200, {
    ...headers,
    'content-type': contentTypes[extname(path).toLowerCase()] ?? 'application/octet-stream',
    'content-length': size,
    'cache-control': cacheControl(urlPath),
  });
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  createReadStream(path)
    .on('error', () => response.destroy())
    .pipe(response);
}

const sendText = (response: ServerResponse, statusCode: number, text: string, headers: Record<string, string> = {}): void => {
  response.writeHead(statusCode, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
  response.end(text);
};

export async function serveStatic(request: IncomingMessage, response: ServerResponse, webDir: string, fileOrigins: readonly string[]): Promise<void> {
  const rawPath = requestUrl(request).pathname;
  const headers = await edgeHeaders(rawPath, webDir, fileOrigins);
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    sendText(response, 405, 'Method Not Allowed', { ...headers, allow: 'GET, HEAD' });
    return;
  }
  let urlPath: string;
  try {
    urlPath = decodeURIComponent(rawPath);
  } catch {
    sendText(response, 400, 'Bad Request', headers);
    return;
  }
  const root = normalize(webDir + sep);
  const candidate = normalize(join(root, urlPath.endsWith('/') ? `${urlPath}index.html` : urlPath));
  if (urlPath.includes('\0') || !candidate.startsWith(root)) {
    sendText(response, 404, 'Not Found', headers);
    return;
  }
  const size = await isFile(candidate);
  if (size !== undefined) {
    sendFile(request, response, candidate, size, urlPath, headers);
    return;
  }
  // An app route (/storage, /users/42) has no extension: the SPA's router handles it.
  if (extname(urlPath) === '') {
    const index = join(root, 'index.html');
    const indexSize = await isFile(index);
    if (indexSize !== undefined) sendFile(request, response, index, indexSize, '/index.html', headers);
    else sendText(response, 503, `The web app is not built yet (no ${index}): run npm run build:web`, headers);
    return;
  }
  sendText(response, 404, 'Not Found', headers);
}
