import { expect, test } from './fixtures.ts';
import { AdminApi, DEMO_KYK_ID } from './pages/admin-api.ts';
import { DrivePage } from './pages/drive-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { shot, uniqueUserId } from './pages/shots.ts';
import { ChangePasswordPage } from './pages/change-password-page.ts';
import { expectAccessible } from './pages/a11y.ts';

/**
 * Issue 4, first sign-in: an administrator registers a user without a password (the server makes a
 * temporary one); the user signs in with it, must choose a password (the conditions listed), and
 * lands in the drive. The new password then signs in directly.
 */
test('a first sign-in asks for a new password, then opens the drive', async ({ page, request }) => {
  const admin = new AdminApi(request);
  await admin.signIn();
  const userId = uniqueUserId('first');
  const { temporary_password } = await admin.createUser(userId, { drive: 2 });
  await admin.signOut();
  expect(temporary_password).toBeTruthy();

  const login = new LoginPage(page);
  const changePassword = new ChangePasswordPage(page);
  const drive = new DrivePage(page);

  await login.open();
  await expect(login.ssoLink()).toHaveAttribute('href', '/com_drive/sso');
  await shot(page, 'login-en');
  await login.switchLanguage('ja');
  await expect(login.submitButton()).toHaveText('ログイン');
  await shot(page, 'login-ja');
  await expectAccessible(page, '/login (ja)');
  await login.switchLanguage('en');

  await login.signIn(DEMO_KYK_ID, userId, temporary_password!);
  await changePassword.expectShown('sign-in');
  await expect(changePassword.form()).toHaveAttribute('data-reason', 'first');
  await expect(changePassword.conditions()).toHaveAttribute('data-state', 'ready');
  await expect(changePassword.condition('length')).toBeVisible();
  await expect(page.getByText('Your administrator sets these conditions.')).toBeVisible();
  await shot(page, 'forced-change-en');
  await expectAccessible(page, '/change-password (sign-in)');
  await login.switchLanguage('ja');
  await expect(page.getByText('管理者がこれらの条件を設定します。').or(changePassword.conditions())).toBeVisible();
  await shot(page, 'forced-change-ja');
  await login.switchLanguage('en');

  // A reload keeps the step (sessionStorage), and the confirmation must match.
  await page.reload();
  await changePassword.expectShown('sign-in');
  const password = `Nw-${Math.random().toString(36).slice(2, 10)}-Pw9!`;
  await changePassword.change(password, `${password}x`);
  await expect(changePassword.error('Password and confirmation password do not match.')).toBeVisible();

  await changePassword.change(password);
  await drive.expectLoaded();
  await expect(page.getByText('Change password success')).toBeVisible();

  // The new password signs in without another change.
  await drive.signOut();
  await expect(page).toHaveURL(/\/login/);
  await login.signIn(DEMO_KYK_ID, userId, password);
  await drive.expectLoaded();
  await expect(drive.passwordExpiryWarning()).toHaveCount(0);

  // With passwords valid 3 days (warning from 7 days before), the sign-in warns and links to the change.
  await drive.signOut();
  await admin.signIn();
  const { policy, row_version } = await admin.ok('com/security_info', {});
  await admin.ok('com/security_info_save_btn', { ...policy, row_version, pwd_expiry_days: 3, pwd_expiry_warning_days: 7 });
  try {
    await login.signIn(DEMO_KYK_ID, userId, password);
    await drive.expectLoaded();
    await expect(drive.passwordExpiryWarning()).toHaveAttribute('data-days', '3');
    await shot(page, 'password-expiry-en');
    await drive.followPasswordExpiryLink();
    await changePassword.expectShown('own');

    // The own change: checked before sending (focus on the first field left wrong), a wrong current
    // password answered under its field, then success empties the form.
    await changePassword.submit();
    await expect(changePassword.input('current')).toBeFocused();
    const renewed = `Rn-${Math.random().toString(36).slice(2, 10)}-Pw7!`;
    await changePassword.changeOwn(`${password}-wrong`, renewed);
    await expect(changePassword.error('The current password is incorrect.')).toBeVisible();
    await expect(changePassword.input('current')).toBeFocused();
    await shot(page, 'own-password-en');
    await expectAccessible(page, '/change-password (signed in)');
    await changePassword.changeOwn(password, renewed);
    await expect(page.getByText('Change password success')).toBeVisible();
    await expect(changePassword.input('current')).toHaveValue('');
    await expect(changePassword.input('new')).toHaveValue('');
  } finally {
    const current = await admin.ok('com/security_info', {});
    await admin.ok('com/security_info_save_btn', { ...policy, row_version: current.row_version });
    await admin.signOut();
  }
});
