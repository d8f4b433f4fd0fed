import { expect, test } from './fixtures.ts';
import { LoginPage } from './pages/login-page.ts';

/**
 * The local server sends CloudFront's security headers (infra/aws/security-headers.ts), and the
 * fixture fails a test on a CSP violation: here both are shown, the walks rely on them.
 */
test.describe('security headers', () => {
  test('the SPA, its assets and the API carry the edge headers; share pages send no referrer', async ({ page, request }) => {
    const response = await page.goto('/login');
    const headers = response!.headers();
    expect(headers['content-security-policy']).toMatch(/^default-src 'self'; script-src 'self' 'sha256-[A-Za-z0-9+/=]+'; /);
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).toMatch(/connect-src 'self' http:\/\/127\.0\.0\.1:\d+;/);
    expect(headers).toMatchObject({
      'strict-transport-security': 'max-age=63072000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
    });
    await expect(new LoginPage(page).form()).toBeVisible();
    const api = await request.post('/api/login/login_btn', { data: {} });
    expect(api.headers()['x-frame-options']).toBe('DENY');
    const share = await request.get('/share/some-token');
    expect(share.headers()['referrer-policy']).toBe('no-referrer');
  });

  test('an inline script the page did not ship is refused and reported as a violation', async ({ page, cspViolations }) => {
    await page.goto('/login');
    await page.evaluate(`(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true;';
      document.body.append(script);
    })()`);
    await expect.poll(() => cspViolations.length).toBe(1);
    expect(await page.evaluate('window.injected')).toBeUndefined();
    expect(cspViolations[0]).toMatch(/^script-src-elem blocked inline/);
    cspViolations.length = 0; // seen: this test expects exactly this one
  });

  test('a context the test opens itself is guarded too', async ({ browser, baseURL, cspViolations }) => {
    const context = await browser.newContext({ baseURL });
    try {
      const page = await context.newPage();
      await page.goto('/login');
      await page.evaluate(`document.body.append(Object.assign(document.createElement('img'), { src: 'https://tracker.example/pixel.gif' }))`);
      await expect.poll(() => cspViolations.length).toBe(1);
      expect(cspViolations[0]).toMatch(/^img-src blocked https:\/\/tracker\.example\/pixel\.gif/);
      cspViolations.length = 0;
    } finally {
      await context.close();
    }
  });
});
