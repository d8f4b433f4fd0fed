import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test as base, type BrowserContext } from '@playwright/test';
import { DEMO_KYK_ID } from './pages/admin-api.ts';
import { demoPassword, e2eDataDir } from './playwright.config.ts';

/**
 * The `test` of every spec: Playwright's, plus a guard that fails the test when a page reports a
 * Content-Security-Policy violation (the local server sends CloudFront's CSP, infra/aws/security-headers.ts),
 * so every walk proves the SPA works under it. Specs import `test` and `expect` from here. The guard
 * covers the test's own context and any context the test opens with `browser.newContext()`.
 */
export const test = base.extend<{ cspViolations: string[] }, { workerContract: string }>({
  /**
   * Every worker after the first walks in a contract of its own, made once the operator's way
   * (`npm run tenant -- create`) with the seeded demo contract's administrator; the first uses `demo`.
   */
  workerContract: [
    // Playwright reads a fixture's dependencies from this destructuring pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      if (DEMO_KYK_ID !== 'demo') {
        try {
          execFileSync('npx', ['tsx', 'bin/tenant.ts', 'create', DEMO_KYK_ID, '--admin', 'admin', '--password', demoPassword, '--name', 'Demo', '--admin-name', 'Demo Administrator', '--email', `admin@${DEMO_KYK_ID}.example`], {
            cwd: join(import.meta.dirname, '../..'),
            env: { ...process.env, DATA_DIR: e2eDataDir },
            stdio: 'pipe',
          });
        } catch (error) {
          // A restarted worker finds its contract made: anything else fails the walk.
          if (!String((error as { stderr?: Buffer }).stderr ?? '').includes('exists')) throw error;
        }
      }
      await use(DEMO_KYK_ID);
    },
    { scope: 'worker', auto: true },
  ],
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
