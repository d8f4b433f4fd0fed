import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { demoPassword } from './playwright.config.ts';
import { GroupFormPage, GroupListPage, ImportPages, UserFormPage, UserListPage } from './pages/admin-pages.ts';
import { DrivePage } from './pages/drive-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { DEMO_KYK_ID } from './pages/admin-api.ts';
import { expectAccessible } from './pages/a11y.ts';
import { shotsIn } from './pages/shots.ts';

const shot = shotsIn(join(import.meta.dirname, '.artifacts', 'screenshots'));

/**
 * Issue 3's walk: an administrator registers a user, puts it in a group, suspends and unsuspends
 * it, exports the users, edits the CSV, imports it and reads the import result detail.
 */
test('an administrator registers, groups, suspends, exports and re-imports a user', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const login = new LoginPage(page);
  const shell = new DrivePage(page);
  const groupForm = new GroupFormPage(page);
  const groups = new GroupListPage(page);
  const users = new UserListPage(page);
  const userForm = new UserFormPage(page);
  const imports = new ImportPages(page);
  await login.open();
  await login.signInEndingOtherSessions(DEMO_KYK_ID, 'admin', demoPassword);
  await shell.expectLoaded();
  await shell.switchLanguage('en');

  const stamp = Date.now().toString(36).slice(-6);
  const userId = `e2e${stamp}`;
  const groupName = `Sales ${stamp}`;

  // A group of the account area.
  await groupForm.openCreate('ata');
  await groupForm.fillName(groupName);
  await groupForm.submit();
  await expect(shell.flash(`User group "${groupName}" was created.`)).toBeVisible();

  // A user, registered without a password: the temporary one is shown once.
  await users.open();
  await users.register();
  await userForm.fill({ userId, name: 'Hanako Yamada', email: `${userId}@example.com` });
  await userForm.submit();
  await expect(userForm.tempPasswordModal()).toBeVisible();
  await expect(userForm.tempPassword()).not.toBeEmpty();
  await userForm.closeTempPassword();

  // Into the group, from the group's edit page.
  await groups.open();
  await groups.openGroup(groupName);
  await groupForm.addMember(userId);
  await expectAccessible(page, '/user-group/edit/:id');
  await groupForm.submit();
  await groups.open();
  await expect(groups.row(groupName)).toContainText('1');

  // Suspend, then lift the suspension with a forced password change.
  await users.open();
  await users.suspend(userId);
  await expect(users.rowCell(userId)).toHaveAttribute('data-user-status', 'suspended');
  await users.unsuspend(userId, { requirePasswordChange: true });
  await expect(shell.flash('The suspension has been lifted. The user must change the password at the next sign-in.')).toBeVisible();
  await expect(users.rowCell(userId)).toHaveAttribute('data-user-status', 'available');
  await shot(page, 'users-en');
  await expectAccessible(page, '/list-user');

  // Export, edit the user's name in the CSV, import it back.
  const exported = page.waitForEvent('download');
  await users.importExport('export-utf-8');
  const csv = (await readFile((await (await exported).path())!)).toString('utf8');
  const lines = csv.split(/\r?\n/);
  const index = lines.findIndex((line) => line.startsWith(`${userId},`));
  expect(index).toBeGreaterThan(0);
  lines[index] = lines[index]!.replace('Hanako Yamada', 'Hanako Suzuki');
  const edited = testInfo.outputPath('users.csv');
  await writeFile(edited, lines.join('\r\n'));

  await users.importExport('import-open');
  await imports.importFile(edited);
  const detail = imports.detail();
  await expect(detail).not.toHaveAttribute('data-status', 'running', { timeout: 60_000 });
  await expect(detail).toHaveAttribute('data-status', 'normal');
  await expect(imports.resultCell(userId)).toHaveAttribute('data-result', 'ok');
  await expect(imports.resultRow(userId)).toContainText(/updated/i);
  await shot(page, 'import-detail-en');
  await expectAccessible(page, '/import-history/:id');

  await users.open();
  await expect(users.row(userId)).toContainText('Hanako Suzuki');

  await shell.switchLanguage('ja');
  await expect(users.table()).toContainText('ユーザーID');
  await shot(page, 'users-ja');
  await page.goBack();
  await imports.openHistory();
  await expect(imports.historyTable()).toBeVisible();
  await shot(page, 'import-history-ja');
  await expectAccessible(page, '/import-history (ja)');
  await shell.signOut();
});
