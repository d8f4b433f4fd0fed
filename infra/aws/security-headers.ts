import { createHash } from 'node:crypto';

/**
 * The security headers of every response the edge serves, in one place: CloudFront's response
 * headers policies (web-stack.ts) are built from these values, and the local stand-in for CloudFront
 * (infra/local/static-files.ts) sends the same headers, so the e2e walks run the SPA under the exact
 * Content-Security-Policy of AWS. No CDK import here: the local stack loads this module.
 *
 * What the SPA needs (checked by the walks, which fail on any CSP violation: tests/e2e/fixtures.ts):
 * its own scripts, styles, fonts and translation files ('self'); the inline language-preload script
 * of index.html, allowed by its hash (never 'unsafe-inline'); the API on the same origin; the files
 * bucket's presigned URLs for upload (XHR PUT) and download (fetch), another origin; the TOTP QR
 * code as a data: image; previews fetched from the bucket and shown as blob: images; pdfjs-dist's
 * worker, a script file of the SPA's own origin (worker-src falls back to script-src 'self').
 */

/** Two years, with subdomains (no preload: that is the domain owner's decision). */
export const hstsMaxAgeSeconds = 63_072_000;

/**
 * Pages whose URL carries a link's secret, the share links' (`/share/<kyk>/<token>`) and the
 * file-request links' (`/request/<kyk>/<token>`): they send no Referer at all.
 */
export const secretPathPatterns = ['/share/*', '/request/*'] as const;
export const isSecretPath = (urlPath: string): boolean => secretPathPatterns.some((pattern) => urlPath.startsWith(pattern.slice(0, -1)));

export const referrerPolicies = { app: 'strict-origin-when-cross-origin', share: 'no-referrer' } as const;
export type PageKind = keyof typeof referrerPolicies;

/** Browser features the app never uses. */
export const permissionsPolicy = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

export interface CspSources {
  /** Origins of the presigned file URLs: the files bucket in AWS, s3rver locally. */
  readonly fileOrigins: readonly string[];
  /** `'sha256-…'` of each inline script of the built index.html (inlineScriptHashes). */
  readonly inlineScriptHashes: readonly string[];
}

/** The SPA's Content-Security-Policy. */
export const contentSecurityPolicy = ({ fileOrigins, inlineScriptHashes }: CspSources): string =>
  [
    "default-src 'self'",
    `script-src 'self'${inlineScriptHashes.map((hash) => ` ${hash}`).join('')}`,
    "style-src 'self'",
    // blob: previews and thumbnails, fetched from the presigned URL (connect-src) and shown from memory.
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${fileOrigins.map((origin) => ` ${origin}`).join('')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

/** The files bucket's presigned URLs in AWS (virtual-hosted style, in the stacks' region). */
export const s3FileOrigins = (region: string): string[] => [`https://*.s3.${region}.amazonaws.com`];

/** CSP source expressions for the inline `<script>` elements (without src) of an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(match[1]!)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(match[2]!, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The headers as an HTTP response carries them (lower-case names), as CloudFront adds them. */
export const securityHeaders = (kind: PageKind, csp: string): Record<string, string> => ({
  'content-security-policy': csp,
  'strict-transport-security': `max-age=${hstsMaxAgeSeconds}; includeSubDomains`,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': referrerPolicies[kind],
  'permissions-policy': permissionsPolicy,
});
