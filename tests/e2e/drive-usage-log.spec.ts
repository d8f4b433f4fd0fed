import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { e2eDataDir } from './playwright.config.ts';
import { DrivePage } from './pages/drive-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { shot, uniqueUserId } from './pages/shots.ts';
import { downloadedCsvLines } from './pages/downloads.ts';
import { AccessLogPage, DataUsagePage } from './pages/usage-pages.ts';
import { expectAccessible } from './pages/a11y.ts';

/**
 * Issue 7, data usage and the access log (docs/drive.md): an administrator of a contract with a
 * quota uploads and downloads a file in the drive, finds both events on /access-log, narrows the
 * list to downloads, exports it as CSV, and sees the data usage near the quota; the screens in
 * English and Japanese.
 */
const repoRoot = join(import.meta.dirname, '../..');
const password = 'Usage-Passw0rd!x';

/** The operator's tools (`npm run tenant -- ...`) against the stack under test. */
const tenant = (...args: string[]) => execFileSync('npx', ['tsx', 'bin/tenant.ts', ...args], { cwd: repoRoot, env: { ...process.env, DATA_DIR: e2eDataDir }, stdio: 'pipe' });

test('upload and download a file, see both in the access log, filter and export it, and the data usage near the quota', async ({ page }) => {
  // Two languages, two screens, an upload and two downloads: longer than one screen's walk.
  test.setTimeout(120_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const kykId = uniqueUserId('ul');
  tenant('create', kykId, '--admin', 'boss', '--password', password, '--email', `boss-${kykId}@example.com`, '--admin-name', 'Usage Boss');
  // 1 KB: a 950-byte file takes 92% of it.
  tenant('quota', kykId, '1KB');

  const login = new LoginPage(page);
  await login.open();
  await login.signIn(kykId, 'boss', password);
  // A sign-in hashes the password with a memory-hard KDF: slow when the machine is busy.
  await expect(page).toHaveURL(/\/storage/, { timeout: 30_000 });
  const drive = new DrivePage(page);
  await drive.expectLoaded();
  await drive.switchLanguage('en');

  const fileName = `report ${Date.now().toString(36)}.txt`;
  const bytes = Buffer.alloc(950, 'a');
  await drive.upload({ name: fileName, mimeType: 'text/plain', buffer: bytes });
  await expect(drive.row(fileName, 'ready')).toBeVisible({ timeout: 30_000 });
  await drive.select(fileName);
  const downloadStarted = page.waitForEvent('download');
  await drive.download();
  expect((await downloadStarted).suggestedFilename()).toBe(fileName);

  // The access log: the download on top of the upload, by this administrator.
  const log = new AccessLogPage(page);
  await log.openFromNavigation();
  await expect(log.breadcrumbs()).toContainText('Access log');
  await expect(log.scope()).toHaveAttribute('data-scope', 'contract');
  await expect(log.events().first()).toHaveAttribute('data-action', 'download');
  await expect(log.events().first()).toHaveAttribute('data-item-name', fileName);
  await expect(log.rowsOf(fileName).filter({ hasText: 'Uploaded' })).toHaveCount(1);
  await expect(log.rowsOf(fileName).first()).toContainText('Usage Boss (boss)');
  await shot(page, 'access-log-en');
  await expectAccessible(page, '/access-log');

  await log.filterBy('Action', 'Downloaded');
  await expect(log.tokens()).toHaveCount(1);
  await expect(log.tokens().first()).toContainText('Downloaded');
  await expect(log.events()).toHaveCount(1);
  await expect(log.events().first()).toHaveAttribute('data-action', 'download');
  await shot(page, 'access-log-filtered-en');

  // The export has the filter's events only: UTF-8 with a BOM, a header, one row.
  const lines = await downloadedCsvLines(page, log.exportButton());
  expect(lines[0]).toBe('Date and time,User ID,User name,Action,Type,Name,Item ID,Size (bytes),Detail');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`,boss,Usage Boss,Downloaded,File,${fileName},`);
  expect(lines[1]).toContain(',950,');

  // The data usage: one file of 950 bytes, 92% of the 1 KB quota, with the warning.
  const usage = new DataUsagePage(page);
  await usage.openFromNavigation();
  await expect(usage.figure('usage')).toHaveText('950 B');
  await expect(usage.figure('files')).toHaveText('1');
  await expect(usage.figure('trash')).toHaveText('0 (0 B)');
  await expect(usage.figure('quota')).toHaveText('1 KB');
  await expect(usage.progress()).toHaveAttribute('data-status', 'near');
  await expect(usage.progress()).toContainText('950 B of 1 KB used (92%)');
  await expect(usage.nearWarning()).toContainText('The drive is nearly full (92% of the quota).');
  await shot(page, 'data-usage-en');
  await expectAccessible(page, '/data-usage');

  // Japanese: both screens.
  await usage.switchLanguage('ja');
  await expect(usage.heading()).toHaveText('データ使用量');
  await expect(usage.nearWarning()).toContainText('ドライブの容量が残りわずかです（上限の92%）。');
  await expect(usage.figure('trash')).toHaveText('0件（0 B）');
  await shot(page, 'data-usage-ja');
  await log.openFromNavigation();
  await expect(log.scope()).toContainText('イベントは1年間保存されます。');
  await expect(log.rowsOf(fileName).filter({ hasText: 'ダウンロード' })).toHaveCount(1);
  await expect(log.rowsOf(fileName).filter({ hasText: 'アップロード' })).toHaveCount(1);
  await shot(page, 'access-log-ja');
  await log.filterBy('操作', 'アップロード');
  await expect(log.events()).toHaveCount(1);
  await expect(log.events().first()).toHaveAttribute('data-action', 'upload');
  await shot(page, 'access-log-filtered-ja');
});
