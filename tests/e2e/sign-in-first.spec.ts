import { expect, test } from './fixtures.ts';
import { AdminApi, DEMO_KYK_ID } from './pages/admin-api.ts';
import { DrivePage } from './pages/drive-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { shot, uniqueUserId } from './pages/shots.ts';
import { ChangePasswordPage } from './pages/change-password-page.ts';
import { expectAccessible } from './pages/a11y.ts';
import { byTestId, cloudscape, control, locate } from './pages/cloudscape.ts';
import { SecurityPolicyPage } from './pages/security-policy-page.ts';
import { demoPassword } from './playwright.config.ts';

/**
 * Issue 4, first sign-in: an administrator registers a user without a password (the server makes a
 * temporary one); the user signs in with it, must choose a password (the conditions listed, the
 * strength shown as it is typed, a password easy to guess refused), and lands in the drive. The new
 * password then signs in directly.
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
  // The meter scores as the user types; a weak password is refused by the server with its message.
  await expect(changePassword.condition('strength')).toHaveText('Hard to guess: rated at least “Strong”');
  await changePassword.input('new').fill('password1');
  await expect(changePassword.strength()).toHaveAttribute('data-score', '0');
  await expect(changePassword.strength()).toHaveAttribute('data-enough', 'false');
  await expect(changePassword.strength()).toContainText('Very weak');
  await expect(changePassword.strengthFeedback()).toContainText('Too easy to guess: at least “Strong” is required.');
  await expect(changePassword.strengthFeedback()).toContainText('This is a commonly used password.');
  await changePassword.change('password1');
  await expect(changePassword.error('This password is too easy to guess.')).toBeVisible();
  await shot(page, 'forced-change-weak-en');
  await login.switchLanguage('ja');
  await expect(changePassword.strength()).toContainText('非常に弱い');
  await expect(changePassword.strengthFeedback()).toContainText('よく使われるパスワードです');
  await shot(page, 'forced-change-weak-ja');
  await login.switchLanguage('en');
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
    await changePassword.changeOwn(password, 'password1');
    await expect(changePassword.error('This password is too easy to guess.')).toBeVisible();
    // The user's own name and ID count as guessable words: the meter rates them low before sending.
    await changePassword.input('new').fill(`${userId}2024`);
    await expect(changePassword.strength()).toHaveAttribute('data-enough', 'false');
    await changePassword.input('new').fill(renewed);
    await expect(changePassword.strength()).toHaveAttribute('data-enough', 'true');
    await shot(page, 'own-password-strong-en');
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

/**
 * Issue 31: the administrator picks the minimum strength on the Security policy page (each level
 * with what it refuses, in English and Japanese); the save is stored and the default put back.
 */
test('an administrator sets the minimum password strength', async ({ page, request }) => {
  page.on('dialog', (dialog) => void dialog.accept());
  const admin = new AdminApi(request);
  const login = new LoginPage(page);
  const drive = new DrivePage(page);
  const policyPage = new SecurityPolicyPage(page);
  const strength = cloudscape.findSelect(byTestId('policy-pwd-min-strength'));
  await login.open();
  await login.signInEndingOtherSessions(DEMO_KYK_ID, 'admin', demoPassword);
  await drive.expectLoaded();
  await drive.switchLanguage('en');
  await policyPage.open('password');
  await expect(locate(page, strength.findTrigger())).toHaveText('3 – Strong (recommended)');
  try {
    await locate(page, strength.findTrigger()).click();
    await expect(locate(page, strength.findDropdown().findOptions())).toHaveCount(5);
    await expect(locate(page, strength.findDropdown().findOptionByValue('0'))).toContainText('Any password that meets the other requirements.');
    await shot(page, 'policy-strength-en');
    await locate(page, strength.findDropdown().findOptionByValue('4')).click();
    await control(page, 'policy-save').click();
    await expect(page.getByText('The password policy has been saved.')).toBeVisible();
    // Stored: a reload reads it back, in Japanese too.
    await drive.switchLanguage('ja');
    await page.reload();
    await expect(locate(page, strength.findTrigger())).toHaveText('4 – 非常に強い');
    await locate(page, strength.findTrigger()).click();
    await expect(locate(page, strength.findDropdown().findOptionByValue('3'))).toContainText('よく使われる単語や名前に数字を付けたもの');
    await shot(page, 'policy-strength-ja');
    await page.keyboard.press('Escape');
    await drive.switchLanguage('en');
  } finally {
    // Back to the default for the other walks (the API sign-in ends this browser's session).
    await admin.signIn();
    const current = await admin.ok('com/security_info', {});
    await admin.ok('com/security_info_save_btn', { ...current.policy, pwd_min_strength: 3, row_version: current.row_version });
    await admin.signOut();
  }
});
