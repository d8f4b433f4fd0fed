import { expect, test as base, type BrowserContext } from '@playwright/test';

/**
 * The `test` of every spec: Playwright's, plus a guard that fails the test when a page reports a
 * Content-Security-Policy violation (the local server sends CloudFront's CSP, infra/aws/security-headers.ts),
 * so every walk proves the SPA works under it. Specs import `test` and `expect` from here. The guard
 * covers the test's own context and any context the test opens with `browser.newContext()`.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context, browser }, use, testInfo) => {
      const violations: string[] = [];
      const guard = async (guarded: BrowserContext) => {
        await guarded.exposeBinding('__reportCspViolation', (_source, violation: string) => {
          violations.push(violation);
        });
        // Runs in the page (a string: this project's TypeScript has no DOM types outside web/).
        await guarded.addInitScript({
          content: `document.addEventListener('securitypolicyviolation', (event) => {
            void window.__reportCspViolation(event.effectiveDirective + ' blocked ' + (event.blockedURI || '(inline)') + ' at ' + event.sourceFile + ':' + event.lineNumber + ' on ' + location.pathname);
          });`,
        });
      };
      await guard(context);
      const newContext = browser.newContext;
      browser.newContext = async (...args: Parameters<typeof newContext>) => {
        const opened = await newContext.apply(browser, args);
        await guard(opened);
        return opened;
      };
      try {
        await use(violations);
      } finally {
        browser.newContext = newContext;
      }
      expect(violations, `Content-Security-Policy violations in "${testInfo.title}"`).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
export type { APIRequestContext, Browser, Page } from '@playwright/test';
