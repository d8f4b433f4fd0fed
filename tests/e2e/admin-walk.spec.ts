import { readFile, writeFile } from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { demoPassword } from './playwright.config.ts';
import { DrivePage } from './pages/drive-page.ts';
import { LoginPage } from './pages/login-page.ts';

const screenshots = join(import.meta.dirname, '.artifacts', 'screenshots');
mkdirSync(screenshots, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true });

const userRow = (page: Page, userId: string) => page.locator('tr', { has: page.locator(`[data-testid="user-row"][data-user-id="${userId}"]`) });

/**
 * Issue 3's walk: an administrator registers a user, puts it in a group, suspends and unsuspends
 * it, exports the users, edits the CSV, imports it and reads the import result detail.
 */
test('an administrator registers, groups, suspends, exports and re-imports a user', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const login = new LoginPage(page);
  const shell = new DrivePage(page);
  await login.open();
  await login.signInEndingOtherSessions('demo', 'admin', demoPassword);
  await shell.expectLoaded();
  await shell.switchLanguage('en');

  const stamp = Date.now().toString(36).slice(-6);
  const userId = `e2e${stamp}`;
  const groupName = `Sales ${stamp}`;

  // A group of the account area.
  await page.goto('/user-group/create?product=ata');
  await page.getByTestId('group-form-name').fill(groupName);
  await page.getByTestId('group-form-submit').click();
  await expect(page.getByText(`User group "${groupName}" was created.`)).toBeVisible();

  // A user, registered without a password: the temporary one is shown once.
  await page.goto('/list-user');
  await page.getByTestId('user-register-button').or(page.getByTestId('user-register-button-empty')).first().click();
  await page.getByTestId('user-form-user-id').fill(userId);
  await page.getByTestId('user-form-name').fill('Hanako Yamada');
  await page.getByTestId('user-form-email').fill(`${userId}@example.com`);
  await page.getByTestId('user-form-submit').click();
  await expect(page.getByTestId('temp-password-modal')).toBeVisible();
  await expect(page.getByTestId('temp-password-value')).not.toBeEmpty();
  await page.getByTestId('temp-password-close').click();

  // Into the group, from the group's edit page.
  await page.goto('/list-user-group');
  await page.locator(`[data-testid="group-row"][data-group-name="${groupName}"]`).getByRole('link').click();
  await page.getByTestId('group-member-add-input').fill(userId);
  await page.getByTestId('group-member-add-input').press('Enter');
  await page.getByTestId('group-form-submit').click();
  await page.goto('/list-user-group');
  await expect(page.locator('tr', { has: page.locator(`[data-testid="group-row"][data-group-name="${groupName}"]`) })).toContainText('1');

  // Suspend, then lift the suspension with a forced password change.
  await page.goto('/list-user');
  await userRow(page, userId).getByRole('checkbox').check();
  await page.getByTestId('user-suspend-button').click();
  await page.getByTestId('user-suspend-modal-submit').click();
  await expect(page.locator(`[data-testid="user-row"][data-user-id="${userId}"]`)).toHaveAttribute('data-user-status', 'suspended');
  await userRow(page, userId).getByRole('checkbox').check();
  await page.getByTestId('user-unsuspend-button').click();
  await page.getByTestId('user-unsuspend-require-change').check();
  await page.getByTestId('user-unsuspend-modal-submit').click();
  await expect(page.getByText('The suspension has been lifted. The user must change the password at the next sign-in.')).toBeVisible();
  await expect(page.locator(`[data-testid="user-row"][data-user-id="${userId}"]`)).toHaveAttribute('data-user-status', 'available');
  await shot(page, 'users-en');

  // Export, edit the user's name in the CSV, import it back.
  await page.getByTestId('import-export-button').click();
  const exported = page.waitForEvent('download');
  await page.getByTestId('export-utf-8').click();
  const csv = (await readFile((await (await exported).path())!)).toString('utf8');
  const lines = csv.split(/\r?\n/);
  const index = lines.findIndex((line) => line.startsWith(`${userId},`));
  expect(index).toBeGreaterThan(0);
  lines[index] = lines[index]!.replace('Hanako Yamada', 'Hanako Suzuki');
  const edited = testInfo.outputPath('users.csv');
  await writeFile(edited, lines.join('\r\n'));

  await page.getByTestId('import-export-button').click();
  await page.getByTestId('import-open').click();
  await page.getByTestId('import-file-input').setInputFiles(edited);
  await page.getByTestId('import-submit').click();
  await page.getByTestId('import-started-link').click();
  const detail = page.getByTestId('import-detail');
  await expect(detail).not.toHaveAttribute('data-status', 'running', { timeout: 60_000 });
  await expect(detail).toHaveAttribute('data-status', 'normal');
  const row = page.locator(`[data-testid="import-result-row"][data-key="${userId}"]`);
  await expect(row).toHaveAttribute('data-result', 'ok');
  await expect(page.locator('tr', { has: row })).toContainText(/updated/i);
  await shot(page, 'import-detail-en');

  await page.goto(`/list-user`);
  await expect(userRow(page, userId)).toContainText('Hanako Suzuki');

  await shell.switchLanguage('ja');
  await expect(page.getByTestId('user-table')).toContainText('ユーザーID');
  await shot(page, 'users-ja');
  await page.goBack();
  await page.goto('/import-history');
  await expect(page.getByTestId('import-history-table')).toBeVisible();
  await shot(page, 'import-history-ja');
  await shell.signOut();
});
