import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { demoPassword } from './playwright.config.ts';
import { ImportPages, UserListPage } from './pages/admin-pages.ts';
import { DEMO_KYK_ID } from './pages/admin-api.ts';
import { expectAccessible } from './pages/a11y.ts';
import { AppShell } from './pages/app-shell.ts';
import { control, locate, within } from './pages/cloudscape.ts';
import { LoginPage } from './pages/login-page.ts';
import { MailViewer } from './pages/mail-viewer.ts';
import { shotsIn, uniqueUserId } from './pages/shots.ts';

const shot = shotsIn(join(import.meta.dirname, '.artifacts', 'screenshots'));

const COLUMNS = ['user_id', 'user_nm', 'email', 'phone', 'language', 'corp_cd', 'department', 'post',
  'group_ata', 'group_atp', 'group_atk', 'group_atc', 'group_atw', 'group_atd', 'group_ato',
  'ata_admin_permission', 'atp_admin_permission', 'atk_admin_permission', 'atc_admin_permission',
  'atc_lapse_flg', 'atk_lapse_flg', 'atp_lapse_flg', 'ata_corp_permission', 'file_regist_method', 'status'];

/**
 * Issue 28 item 19: an administrator imports one user with the invitation option; the result says
 * created and invited; the user opens the mailed link, sets a password under the policy shown, and
 * signs in with it.
 */
test('an imported user is invited by mail, sets a password through the link and signs in', async ({ page }, testInfo) => {
  const login = new LoginPage(page);
  const users = new UserListPage(page);
  const imports = new ImportPages(page);
  const userId = uniqueUserId('inv');
  const address = `${userId}@example.com`;
  const since = Math.floor(Date.now() / 1000) - 1;

  await login.open();
  await login.signInEndingOtherSessions(DEMO_KYK_ID, 'admin', demoPassword);
  const file = testInfo.outputPath('invite.csv');
  const row = Object.fromEntries(COLUMNS.map((column) => [column, '']));
  Object.assign(row, { user_id: userId, user_nm: 'Invited User', email: address, language: 'en' });
  await writeFile(file, `${COLUMNS.join(',')}\r\n${COLUMNS.map((column) => row[column]).join(',')}\r\n`);

  await users.open();
  // The administrator's language is kept per user: an earlier walk may have left Japanese.
  await users.switchLanguage('en');
  await users.importExport('import-open');
  await expect(imports.modal()).toBeVisible();
  await control(page, 'import-invite').check();
  await control(page, 'import-file-input').setInputFiles(file);
  await shot(page, 'import-invite-form-en');
  await control(page, 'import-submit').click();
  await control(page, 'import-started-link').click();
  await expect(imports.detail()).toHaveAttribute('data-status', 'normal', { timeout: 30_000 });
  await expect(control(page, 'import-detail-invite')).toHaveAttribute('data-invite', '1');
  await expect(imports.resultRow(userId)).toContainText('Created');
  await expect(imports.resultRow(userId)).toContainText('Invitation sent');
  await shot(page, 'import-invite-result-en');

  // The mail: a link, never a password.
  let link = '';
  await expect.poll(async () => {
    const [mail] = await new MailViewer().mailsTo(address, since);
    link = /https?:\/\/\S+\/invitation\?\S+/.exec(mail?.body.text ?? '')?.[0] ?? '';
    return link;
  }, { timeout: 15_000, message: `an invitation mailed to ${address}` }).toBeTruthy();

  // The invited user, in a browser of their own.
  const invited = await page.context().browser()!.newPage({ viewport: { width: 1366, height: 768 } });
  await invited.goto(link);
  const form = control(invited, 'invitation-form');
  await expect(form).toBeVisible();
  await expect(control(invited, 'invitation-account')).toContainText(userId);
  // The policy in force, as the change-password screen lists it.
  await expect(control(invited, 'password-conditions')).toHaveAttribute('data-state', 'ready');
  await control(invited, 'invitation-new-password').fill('short');
  await control(invited, 'invitation-confirm-password').fill('short');
  await control(invited, 'invitation-submit').click();
  await expect(locate(invited, within('invitation-form').findFormField().findError())).toBeVisible();
  await shot(invited, 'invitation-page-en');
  await expectAccessible(invited, '/invitation');
  const password = `Inv-${Date.now().toString(36)}-Pw9`;
  await control(invited, 'invitation-new-password').fill(password);
  await control(invited, 'invitation-confirm-password').fill(password);
  await control(invited, 'invitation-submit').click();
  await expect(control(invited, 'invitation-done')).toBeVisible();
  await control(invited, 'invitation-sign-in').click();

  const invitedLogin = new LoginPage(invited);
  await expect(invitedLogin.form()).toBeVisible();
  await expect(invitedLogin.contractIdInput()).toHaveValue(DEMO_KYK_ID);
  await invitedLogin.signIn(DEMO_KYK_ID, userId, password);
  // Signed in: the signed-in frame's user menu.
  await expect(new AppShell(invited).topNav().getByRole('button', { name: /^User menu/ })).toBeVisible();
  await expect(invited).not.toHaveURL(/\/login/);
  await invited.close();
});
