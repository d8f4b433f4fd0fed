import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * e2e: Debian's Chromium (Playwright's own browser download is not possible here) against
 * `npm start` on its own port and a fresh data directory, so it never touches a developer's .local/.
 */
const port = Number(process.env.E2E_PORT ?? 3210);
export const demoPassword = 'e2e-Passw0rd!';
/**
 * The stack's data directory: made once by the runner and handed to the workers through the
 * environment (they load this file again), so a spec can read `<dataDir>/stack.json` — e.g. the mail
 * viewer's URL (tests/e2e/pages/mail-viewer.ts).
 */
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'com-drive-e2e-'));
export const e2eDataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: '.',
  outputDir: './.artifacts/results',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One walk at a time by default. E2E_WORKERS=2 runs two side by side, each in its own contract
  // (fixtures.ts); on a loaded 2-core machine that run saw the side navigation close and a version
  // upload's background check race a delete, so it is not the default until those are understood.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    acceptDownloads: true,
    locale: 'en-GB',
    viewport: { width: 1366, height: 860 },
    // Cloudscape honours prefers-reduced-motion: no transitions to render (the walks run on a busy
    // 2-core machine, where Chromium's rendering is most of their time) or to wait out.
    reducedMotion: 'reduce',
    // A trace snapshots the page at every step and costs a tenth of the walks' time: on request
    // (E2E_TRACE=1, to read a failure afterwards), not by default, since CI keeps no artifacts.
    // A failure prints its error, the page's accessibility snapshot and a screenshot path anyway.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  webServer: {
    command: 'npx tsx bin/start.ts',
    cwd: join(import.meta.dirname, '../..'),
    url: `http://127.0.0.1:${port}/login`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: e2eDataDir,
      DEMO_ADMIN_PASSWORD: demoPassword,
      // E2E_WEB_DIR: a build of one's own (`vite build --outDir`), so several people's walks never share web/dist.
      WEB_DIR: process.env.E2E_WEB_DIR ?? join(import.meta.dirname, '../../web/dist'),
      LOG_LEVEL: 'warn',
      // Every walk signs in from 127.0.0.1: the per-address throttle (tested in integration) would
      // count two workers' sign-ins as one guesser's.
      SIGN_IN_SOURCE_LIMIT: '100000',
      // Password hashes at scrypt 2^10 (functions/lib/table-design.ts): every walk signs in and sets passwords.
      PASSWORD_HASH_COST: '10',
    },
  },
});
