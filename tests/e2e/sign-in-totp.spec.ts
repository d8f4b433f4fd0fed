import { expect, test } from './fixtures.ts';
import { generate } from 'otplib';
import { AdminApi, DEMO_KYK_ID } from './pages/admin-api.ts';
import { DrivePage } from './pages/drive-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { shot, uniqueUserId } from './pages/shots.ts';
import { AuthenticatorPage } from './pages/authenticator-page.ts';
import { ChangePasswordPage } from './pages/change-password-page.ts';
import { expectAccessible } from './pages/a11y.ts';

/**
 * Issue 4, authenticator: a member of a group with two_step 2 activates an authenticator from the
 * generation key on the page (the code computed here with otplib), lands signed in; the next sign-in
 * asks for a code without the activation, and a wrong one shows the message.
 */
test('an authenticator is activated with the generation key, and a wrong code is refused', async ({ page, request }) => {
  const admin = new AdminApi(request);
  await admin.signIn();
  const userId = uniqueUserId('totp');
  const password = `Kn-${Math.random().toString(36).slice(2, 10)}-Pw7!`;
  const group = await admin.createTwoStepGroup(`E2E totp ${userId}`, 2, 30);
  await admin.createUser(userId, { password, ataGroup: group.user_group_id });
  await admin.signOut();

  const login = new LoginPage(page);
  const authenticator = new AuthenticatorPage(page);
  const changePassword = new ChangePasswordPage(page);
  const drive = new DrivePage(page);

  await login.open();
  await login.signIn(DEMO_KYK_ID, userId, password);
  await authenticator.expectShown(true);
  await expect(authenticator.qrCode()).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  await expect
    .poll(() => authenticator.qrCode().evaluate((image) => (image as unknown as { complete: boolean; naturalWidth: number }).complete && (image as unknown as { naturalWidth: number }).naturalWidth > 0))
    .toBe(true);
  await shot(page, 'otp-multi-part-en');
  await expectAccessible(page, '/otp-multi-part (activation)');
  await login.switchLanguage('ja');
  await expect(authenticator.activation()).toContainText('生成キー');
  await shot(page, 'otp-multi-part-ja');
  await login.switchLanguage('en');

  const secret = await authenticator.generationKey();
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await authenticator.enterCode(await generate({ secret }));
  // A user registered by an administrator chooses a password after the second step.
  await changePassword.expectShown('sign-in');
  const newPassword = `Nw-${Math.random().toString(36).slice(2, 10)}-Pw9!`;
  await changePassword.change(newPassword);
  await drive.expectLoaded();

  await drive.signOut();
  await expect(page).toHaveURL(/\/login/);
  await login.signIn(DEMO_KYK_ID, userId, newPassword);
  await authenticator.expectShown(false);
  const valid = await generate({ secret });
  const wrong = `${(Number(valid[0]) + 5) % 10}${valid.slice(1)}`;
  await authenticator.enterCode(wrong);
  await expect(authenticator.error('The authentication code is incorrect.')).toBeVisible();
  await shot(page, 'otp-multi-part-wrong-en');
});
