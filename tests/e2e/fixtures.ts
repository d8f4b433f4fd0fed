import { expect, test as base } from '@playwright/test';

/**
 * The `test` of every spec: Playwright's, plus a guard that fails the test when the page reports a
 * Content-Security-Policy violation (the local server sends CloudFront's CSP, infra/aws/security-headers.ts),
 * so every walk proves the SPA works under it. Specs import `test` and `expect` from here.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context }, use, testInfo) => {
      const violations: string[] = [];
      await context.exposeBinding('__reportCspViolation', (_source, violation: string) => {
        violations.push(violation);
      });
      // Runs in the page (a string: this project's TypeScript has no DOM types outside web/).
      await context.addInitScript({
        content: `document.addEventListener('securitypolicyviolation', (event) => {
          void window.__reportCspViolation(event.effectiveDirective + ' blocked ' + (event.blockedURI || '(inline)') + ' at ' + event.sourceFile + ':' + event.lineNumber + ' on ' + location.pathname);
        });`,
      });
      await use(violations);
      expect(violations, `Content-Security-Policy violations in "${testInfo.title}"`).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
export type { APIRequestContext, Browser, Page } from '@playwright/test';
