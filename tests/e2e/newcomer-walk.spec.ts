import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { MULTIPART_THRESHOLD_BYTES } from '#shared/drive-limits.ts';
import { demoPassword } from './playwright.config.ts';
import { DrivePage } from './pages/drive-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { DEMO_KYK_ID } from './pages/admin-api.ts';
import { expectAccessible } from './pages/a11y.ts';
import { shotsIn } from './pages/shots.ts';

const shot = shotsIn(join(import.meta.dirname, '.artifacts', 'screenshots'));

/**
 * The newcomer's walk of issue 2 against `npm start`: sign in to the seeded demo contract, create a
 * folder, upload a file with a progress bar, see it listed, download it back byte for byte,
 * switch to Japanese, sign out.
 */
test('a newcomer signs in, creates a folder, uploads, downloads, switches to Japanese and signs out', async ({ page }) => {
  const login = new LoginPage(page);
  const drive = new DrivePage(page);

  await login.open();
  await login.submit();
  await expect(login.fieldError('This field is required')).toHaveCount(3);
  await shot(page, 'login-required-en');

  await login.signIn(DEMO_KYK_ID, 'admin', 'wrong-password');
  await expect(login.errorModal()).toContainText('The contract ID, user ID or password is incorrect.');
  await login.closeErrorModal();

  await login.signInEndingOtherSessions(DEMO_KYK_ID, 'admin', demoPassword);
  await drive.expectLoaded();
  // The UI follows the user's saved language: start from English whatever an earlier walk left.
  await drive.switchLanguage('en');

  const folderName = `Invoices ${Date.now()}`;
  await drive.createFolder(folderName);
  await expect(drive.row(folderName)).toBeVisible();
  await drive.createFolder(folderName.toUpperCase());
  await expect(drive.createFolderModal()).toContainText('An item with the same name already exists. Please rename it.');
  await drive.cancelCreateFolder();
  await drive.openFolder(folderName);
  await expect(drive.breadcrumbs()).toContainText(folderName);

  // 8 MiB: large enough that the progress bar is seen before the upload completes.
  const bytes = randomBytes(8 * 1024 * 1024);
  const fileName = '請求書 2026年4月.pdf';
  // Loopback uploads finish in milliseconds: throttle the browser's uploads to 2 MB/s, as a real
  // office link would, so the progress bar is there to be seen.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 2 * 1024 * 1024 });
  await drive.upload({ name: fileName, mimeType: 'application/pdf', buffer: bytes });
  await expect(drive.uploadProgress().first()).toBeVisible();
  await expect(drive.row(fileName, 'ready')).toBeVisible({ timeout: 30_000 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await shot(page, 'drive-uploaded-en');

  // The saved name must come from S3's Content-Disposition (readable through the bucket's CORS),
  // not from the API's answer: make the API's name wrong to prove it.
  await page.route('**/api/com_drive/download', async (route) => {
    const response = await route.fetch();
    const envelope = await response.json();
    await route.fulfill({ response, json: { ...envelope, data: { ...envelope.data, file_name: 'not-the-name.bin' } } });
  });
  await drive.select(fileName);
  const downloadStarted = page.waitForEvent('download');
  await drive.download();
  const download = await downloadStarted;
  expect(download.suggestedFilename()).toBe(fileName);
  await page.unroute('**/api/com_drive/download');
  const downloaded = await readFile((await download.path())!);
  expect(downloaded.equals(bytes)).toBe(true);

  await drive.switchLanguage('ja');
  await expect(drive.table()).toContainText('名前');
  await expect(drive.documentLanguage()).toHaveAttribute('lang', 'ja');
  await shot(page, 'drive-ja');
  await expectAccessible(page, '/storage (ja)');

  await drive.signOut();
  await expect(page).toHaveURL(/\/login/);
  await expect(login.submitButton()).toBeVisible();
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'atk')).toBeUndefined();
  await shot(page, 'login-after-sign-out-ja');

  // The old session is gone server-side: the drive redirects to sign-in.
  await page.goto('/storage');
  await expect(page).toHaveURL(/\/login/);
});

test('a file above the multipart threshold goes up in parts from the browser and downloads intact', async ({ page }, testInfo) => {
  const login = new LoginPage(page);
  const drive = new DrivePage(page);
  await login.open();
  await login.signInEndingOtherSessions(DEMO_KYK_ID, 'admin', demoPassword);
  await drive.expectLoaded();

  const bytes = randomBytes(MULTIPART_THRESHOLD_BYTES + 3 * 1024 * 1024);
  const fileName = `archive-${Date.now()}.zip`;
  const path = testInfo.outputPath(fileName);
  await writeFile(path, bytes);
  await drive.upload(path);
  await expect(drive.row(fileName, 'ready')).toBeVisible({ timeout: 60_000 });

  await drive.select(fileName);
  const downloadStarted = page.waitForEvent('download');
  await drive.download();
  const downloaded = await readFile((await (await downloadStarted).path())!);
  expect(downloaded.equals(bytes)).toBe(true);
  await drive.signOut();
});
