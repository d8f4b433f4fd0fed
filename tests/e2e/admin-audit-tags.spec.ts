import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { e2eDataDir } from './playwright.config.ts';
import { DrivePage } from './pages/drive-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { shotsIn, uniqueUserId } from './pages/shots.ts';
import { downloadedCsvLines } from './pages/downloads.ts';
import { AuditLogPage, TagsAdminPage } from './pages/audit-tags-pages.ts';
import { expectAccessible } from './pages/a11y.ts';

/**
 * Issue 13 items 2 and 4: an administrator manages the common tags (create, a refused duplicate,
 * rename, delete) on /tags, then reads those changes on /audit-log: narrowed to changes and to
 * renames, the rename's difference, the CSV export; both screens in English and Japanese.
 */
const repoRoot = join(import.meta.dirname, '../..');
const password = 'Audit-Passw0rd!x';
const shot = shotsIn('/tmp/shots/audit-tags');
const tenant = (...args: string[]) => execFileSync('npx', ['tsx', 'bin/tenant.ts', ...args], { cwd: repoRoot, env: { ...process.env, DATA_DIR: e2eDataDir }, stdio: 'pipe' });

test('manage common tags, then find the changes in the audit log with their difference and export them', async ({ page }) => {
  test.setTimeout(120_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const kykId = uniqueUserId('au');
  tenant('create', kykId, '--admin', 'boss', '--password', password, '--email', `boss-${kykId}@example.com`, '--admin-name', 'Audit Boss');
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(kykId, 'boss', password);
  await expect(page).toHaveURL(/\/storage/, { timeout: 30_000 });
  const drive = new DrivePage(page);
  await drive.expectLoaded();
  await drive.switchLanguage('en');

  const tags = new TagsAdminPage(page);
  await tags.openFromNavigation();
  await expect(tags.heading()).toHaveText('Common tags');
  await tags.create('Invoices');
  await expect(tags.flash('The tag "Invoices" was created.')).toBeVisible();
  await tags.create('Contracts');
  await expect(tags.names()).toHaveText(['Contracts', 'Invoices']);
  // A duplicate, ignoring case: the spec's message in the dialog, nothing created.
  await tags.create('invoices');
  await expect(tags.nameDialog()).toContainText('A common tag with the same name already exists.');
  await shot(page, 'tags-duplicate-en');
  await tags.nameDialog().getByRole('button', { name: 'Cancel' }).click();
  await tags.rename('Contracts', 'Agreements');
  await expect(tags.names()).toHaveText(['Agreements', 'Invoices']);
  await tags.delete('Invoices');
  await expect(tags.flash('The tag "Invoices" was deleted.')).toBeVisible();
  await expect(tags.names()).toHaveText(['Agreements']);
  await shot(page, 'tags-en');
  await expectAccessible(page, '/tags');

  const log = new AuditLogPage(page);
  await log.openFromNavigation();
  await expect(log.heading()).toHaveText('Audit log');
  await expect(log.records().first()).toHaveAttribute('data-action', 'tag.delete');
  await expect(log.records().filter({ hasText: 'signin.success' })).toHaveCount(1);
  await log.kind('Changes');
  // Actions in words, each item by the name recorded with it (the deleted tag keeps its own).
  await expect(log.actions()).toHaveText(['Deleted a tag', 'Renamed a tag', 'Created a tag', 'Created a tag']);
  await expect(log.items().first()).toContainText('Invoices');
  await expect(log.items().nth(1)).toContainText('Agreements');
  await log.filterBy('Action (starts with)', '^', 'tag.rename');
  await expect(log.actions()).toHaveText(['Renamed a tag']);
  await log.openFirstChanges();
  await expect(log.diffDialog()).toContainText('Renamed a tag: Agreements');
  await expect(log.diffDialog().getByTestId('audit-diff-row')).toHaveText(['Name']);
  await expect(log.diffDialog().getByTestId('audit-diff-before')).toHaveText('Contracts');
  await expect(log.diffDialog().getByTestId('audit-diff-after')).toHaveText('Agreements');
  await shot(page, 'audit-diff-en');
  await log.diffDialog().getByRole('button', { name: 'Close', exact: true }).click();
  await shot(page, 'audit-log-filtered-en');
  await expectAccessible(page, '/audit-log');

  // The export: the filter's one record, UTF-8 with a BOM, with the difference and the raw JSON.
  const lines = await downloadedCsvLines(page, log.exportButton());
  expect(lines[0]).toBe('Time,User ID,User name,Action,Item type,Item ID,Item name,IP address,Changes,Before (JSON),After (JSON)');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(',boss,Audit Boss,tag.rename,tag,');
  expect(lines[1]).toContain('name: Contracts → Agreements');

  // Japanese: both screens.
  await log.switchLanguage('ja');
  await expect(log.heading()).toHaveText('監査ログ');
  await expect(log.actions()).toHaveText(['タグの名前を変更']);
  await log.openFirstChanges();
  await expect(log.diffDialog()).toContainText('変更前');
  await shot(page, 'audit-diff-ja');
  await log.diffDialog().getByRole('button', { name: '閉じる', exact: true }).click();
  await shot(page, 'audit-log-ja');
  await tags.openFromNavigation();
  await expect(tags.heading()).toHaveText('共通タグ');
  await shot(page, 'tags-ja');
});
