import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { e2eDataDir } from './playwright.config.ts';
import { InfoChangePage } from './pages/info-change-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { shot, uniqueUserId } from './pages/shots.ts';
import { expectAccessible } from './pages/a11y.ts';

const repoRoot = join(import.meta.dirname, '../..');
const password = 'Gate-Passw0rd!x';

/** A contract made the operator's way (`npm run tenant -- create`) in the stack under test. */
function createContract(kykId: string, extra: string[]): void {
  execFileSync('npx', ['tsx', 'bin/tenant.ts', 'create', kykId, '--admin', 'boss', '--password', password, ...extra], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: e2eDataDir },
    stdio: 'pipe',
  });
}

/**
 * Issue 4, module gating and locations: a contract without the drive signs in (completing the
 * administrator's missing e-mail address on the way), is signed out by the SPA and sees why; a
 * contract served by another site shows the message and goes there after 3 s.
 */
test('a contract without the drive is signed out with the message', async ({ page }) => {
  const kykId = uniqueUserId('np');
  createContract(kykId, ['--modules', 'property']);
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(kykId, 'boss', password);

  // The operator gave the administrator no e-mail address: the sign-in asks for it first.
  const infoChange = new InfoChangePage(page);
  await infoChange.expectShown();
  await expect(infoChange.nameInput()).toHaveValue('Administrator');
  await infoChange.submit();
  await expect(infoChange.fieldError('This field is required')).toBeVisible();
  await shot(page, 'info-change-en');
  await expectAccessible(page, '/login/info-change');
  await infoChange.emailInput().fill(`boss-${kykId}@example.com`);
  await infoChange.submit();

  // Signed in, the shell finds the drive is not in the contract: signed out, with the reason.
  await expect(login.redirectMessage()).toContainText(
    "This service cannot be used with your contract ID. Please contact your company's administrator.",
  );
  await expect(page).toHaveURL(/\/login/);
  await expect(login.contractIdInput()).toHaveValue(kykId);
  await shot(page, 'contract-not-allowed-en');
  // Signed out for real: the drive sends back to /login.
  await page.goto('/storage');
  await expect(page).toHaveURL(/\/login/);
});

test('an account of a different location is sent there after 3 seconds', async ({ page }) => {
  const kykId = uniqueUserId('far');
  const farAway = 'https://far.example.com/login';
  createContract(kykId, ['--home-url', farAway]);
  await page.route('https://far.example.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Far away</h1>' }));
  const login = new LoginPage(page);
  await login.open();
  const started = Date.now();
  await login.signIn(kykId, 'boss', password);
  await expect(login.differentLocation()).toContainText('This account belongs to a different location. We will redirect you within 3 seconds.');
  await shot(page, 'different-location-en');
  await page.waitForURL(farAway, { timeout: 10_000 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(2_500);
});
