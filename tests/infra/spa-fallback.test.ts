import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { spaFallbackCode, viewerAddressCode } from '#infra/aws/web-stack.ts';

/** Runs the CloudFront Function's code as CloudFront would, on one viewer request. */
const rewrite = (uri: string): string => {
  const handler = runInNewContext(`${spaFallbackCode}; handler`) as (event: unknown) => { uri: string };
  return handler({ request: { uri, method: 'GET', headers: {} } }).uri;
};

describe('SPA fallback function', () => {
  it('sends client-side routes to /index.html', () => {
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/login')).toBe('/index.html');
    expect(rewrite('/drive/folder/123')).toBe('/index.html');
    // A share link's token is base64url without a dot, so its page is a route too.
    expect(rewrite('/share/demo/AbCdEfGhIjKlMnOp_-0123456789abcdefghijklmnopqrstuvwxyzABCDEFGH')).toBe('/index.html');
  });

  it('leaves files alone', () => {
    expect(rewrite('/index.html')).toBe('/index.html');
    expect(rewrite('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(rewrite('/favicon.ico')).toBe('/favicon.ico');
  });
});

describe('viewer address function', () => {
  it("writes the viewer's IP over whatever the client sent", () => {
    const handler = runInNewContext(`${viewerAddressCode}; handler`) as (event: unknown) => { headers: Record<string, { value: string }> };
    const request = handler({ viewer: { ip: '198.51.100.7' }, request: { uri: '/api/login/login_btn', method: 'POST', headers: { 'x-viewer-address': { value: '10.0.0.1' } } } });
    expect(request.headers['x-viewer-address']).toEqual({ value: '198.51.100.7' });
  });
});
