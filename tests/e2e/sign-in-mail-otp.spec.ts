import { expect, test } from './fixtures.ts';
import { AdminApi, DEMO_KYK_ID } from './pages/admin-api.ts';
import { demoPassword } from './playwright.config.ts';
import { DrivePage } from './pages/drive-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { MailViewer } from './pages/mail-viewer.ts';
import { shot, uniqueUserId } from './pages/shots.ts';
import { UserDetailPage } from './pages/admin-pages.ts';
import { ChangePasswordPage } from './pages/change-password-page.ts';
import { MailCodePage } from './pages/mail-code-page.ts';
import { ProfilePage } from './pages/profile-page.ts';
import { expectAccessible } from './pages/a11y.ts';

/**
 * Issue 4, mail one-time code: a member of an account-area group with two_step 1 signs in, reads the
 * code in the SES emulator's store (a wrong one is refused), chooses a password (registered by an
 * administrator), signs in again trusting the browser, sees it in the profile's device list, and
 * signs in a third time without a code.
 */
test('a mail code signs in, and a trusted browser skips it next time', async ({ browser, page, request }) => {
  const admin = new AdminApi(request);
  await admin.signIn();
  const userId = uniqueUserId('mail');
  const password = `Kn-${Math.random().toString(36).slice(2, 10)}-Pw7!`;
  const group = await admin.createTwoStepGroup(`E2E mail ${userId}`, 1, 30);
  await admin.createUser(userId, { password, ataGroup: group.user_group_id });
  await admin.signOut();
  const address = `${userId}@example.com`;
  const mail = new MailViewer();

  const login = new LoginPage(page);
  const mailCode = new MailCodePage(page);
  const changePassword = new ChangePasswordPage(page);
  const profile = new ProfilePage(page);
  const drive = new DrivePage(page);

  const since = Math.floor(Date.now() / 1000) - 1;
  await login.open();
  await login.signIn(DEMO_KYK_ID, userId, password);
  await mailCode.expectShown();
  await expect(mailCode.sentTo()).toContainText('@example.com');
  await expect(mailCode.trustCheckbox()).toBeVisible();
  await shot(page, 'otp-mail-en');
  await expectAccessible(page, '/otp-mail');
  await login.switchLanguage('ja');
  await expect(mailCode.submitButton()).toHaveText('認証');
  await shot(page, 'otp-mail-ja');
  await login.switchLanguage('en');

  // Empty and malformed codes are refused on the page; a reload keeps the step.
  await mailCode.submit();
  await expect(mailCode.error('Please enter the authentication code.')).toBeVisible();
  await page.reload();
  await mailCode.expectShown();
  // A new code so soon is refused with the server's message; the page stays.
  await mailCode.requestNewCode();
  await expect(mailCode.resendError()).toContainText('Please wait');
  await mailCode.expectShown();

  const code = await mail.latestCode(address, since);
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await mailCode.enterCode(wrong);
  await expect(mailCode.error('The authentication code is incorrect.')).toBeVisible();

  // A user registered by an administrator chooses a password after the second step.
  await mailCode.enterCode(code);
  await changePassword.expectShown('sign-in');
  const newPassword = `Nw-${Math.random().toString(36).slice(2, 10)}-Pw9!`;
  await changePassword.change(newPassword);
  await drive.expectLoaded();

  // Next sign-in: a fresh code, this time trusting the browser.
  await drive.signOut();
  await expect(page).toHaveURL(/\/login/);
  const again = Math.floor(Date.now() / 1000) - 1;
  await login.signIn(DEMO_KYK_ID, userId, newPassword);
  await mailCode.expectShown();
  await mailCode.enterCode(await mail.latestCode(address, again), { trust: true });
  await drive.expectLoaded();

  // The administrator sees the device on the user's details page (another browser context).
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  const adminLogin = new LoginPage(adminPage);
  await adminLogin.open();
  await adminLogin.signInEndingOtherSessions(DEMO_KYK_ID, 'admin', demoPassword);
  await new DrivePage(adminPage).expectLoaded();
  const userDetail = new UserDetailPage(adminPage);
  await userDetail.open(userId);
  await expect(userDetail.devices('mail')).toHaveCount(1);
  await adminContext.close();

  // The profile lists this browser as a trusted device.
  await profile.open();
  await expect(profile.currentDevice()).toHaveAttribute('data-kind', 'mail');
  await shot(page, 'profile-devices-en');
  await drive.switchLanguage('ja');
  await expect(profile.devices()).toContainText('この端末');
  await shot(page, 'profile-devices-ja');
  await drive.switchLanguage('en');

  // Signed out and in again: the trusted browser skips the code.
  await drive.signOut();
  await expect(page).toHaveURL(/\/login/);
  await login.signIn(DEMO_KYK_ID, userId, newPassword);
  await drive.expectLoaded();

  // The profile: the file-registration method is saved; removing the device asks for the code again.
  await profile.open();
  await profile.fileMethodOption('1').check();
  await expect(profile.fileMethodSaved()).toBeVisible();
  await page.reload();
  await expect(profile.fileMethodOption('1')).toBeChecked();
  await profile.removeFirstDevice();
  await expect(profile.noDevices()).toBeVisible();
  await drive.signOut();
  await expect(page).toHaveURL(/\/login/);
  await login.signIn(DEMO_KYK_ID, userId, newPassword);
  await mailCode.expectShown();
});
