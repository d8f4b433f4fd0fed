import { expect, test } from './fixtures.ts';
import { AdminApi, DEMO_KYK_ID } from './pages/admin-api.ts';
import { demoPassword } from './playwright.config.ts';
import { DrivePage } from './pages/drive-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { MailViewer } from './pages/mail-viewer.ts';
import { shot, uniqueUserId } from './pages/shots.ts';
import { SignInSteps } from './pages/sign-in-steps.ts';

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
  const steps = new SignInSteps(page);
  const drive = new DrivePage(page);

  const since = Math.floor(Date.now() / 1000) - 1;
  await login.open();
  await login.signIn(DEMO_KYK_ID, userId, password);
  await steps.expectMailStep();
  await expect(page.getByTestId('otp-mail-email')).toContainText('@example.com');
  await expect(page.getByTestId('otp-mail-trust')).toBeVisible();
  await shot(page, 'otp-mail-en');
  await login.switchLanguage('ja');
  await expect(page.getByTestId('otp-mail-submit')).toHaveText('認証');
  await shot(page, 'otp-mail-ja');
  await login.switchLanguage('en');

  // Empty and malformed codes are refused on the page; a reload keeps the step.
  await page.getByTestId('otp-mail-submit').click();
  await expect(steps.codeError('otp-mail', 'Please enter the authentication code.')).toBeVisible();
  await page.reload();
  await steps.expectMailStep();
  // A new code so soon is refused with the server's message; the page stays.
  await page.getByTestId('otp-mail-resend').click();
  await expect(page.getByTestId('otp-mail-resend-error')).toContainText('Please wait');
  await steps.expectMailStep();

  const code = await mail.latestCode(address, since);
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await steps.enterMailCode(wrong);
  await expect(steps.codeError('otp-mail', 'The authentication code is incorrect.')).toBeVisible();

  // A user registered by an administrator chooses a password after the second step.
  await steps.enterMailCode(code);
  await steps.expectForcedPasswordChange();
  const newPassword = `Nw-${Math.random().toString(36).slice(2, 10)}-Pw9!`;
  await steps.changePassword(newPassword);
  await drive.expectLoaded();

  // Next sign-in: a fresh code, this time trusting the browser.
  await drive.signOut();
  await expect(page).toHaveURL(/\/login/);
  const again = Math.floor(Date.now() / 1000) - 1;
  await login.signIn(DEMO_KYK_ID, userId, newPassword);
  await steps.expectMailStep();
  await steps.enterMailCode(await mail.latestCode(address, again), { trust: true });
  await drive.expectLoaded();

  // The administrator sees the device on the user's details page (another browser context).
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  const adminLogin = new LoginPage(adminPage);
  await adminLogin.open();
  await adminLogin.signInEndingOtherSessions(DEMO_KYK_ID, 'admin', demoPassword);
  await new DrivePage(adminPage).expectLoaded();
  await adminPage.goto(`/user?user_id=${userId}`);
  await expect(adminPage.locator('[data-testid="user-devices"] [data-testid="user-device-row"][data-kind="mail"]')).toHaveCount(1);
  await adminContext.close();

  // The profile lists this browser as a trusted device.
  await page.goto('/profile');
  const current = page.locator('[data-testid="device-row"][data-current="true"]');
  await expect(current).toHaveAttribute('data-kind', 'mail');
  await shot(page, 'profile-devices-en');
  await drive.switchLanguage('ja');
  await expect(page.getByTestId('profile-devices')).toContainText('この端末');
  await shot(page, 'profile-devices-ja');
  await drive.switchLanguage('en');

  // Signed out and in again: the trusted browser skips the code.
  await drive.signOut();
  await expect(page).toHaveURL(/\/login/);
  await login.signIn(DEMO_KYK_ID, userId, newPassword);
  await drive.expectLoaded();

  // The profile: the file-registration method is saved; removing the device asks for the code again.
  await page.goto('/profile');
  await page.locator('#profile-file-method-1').check();
  await expect(page.getByTestId('profile-file-method-saved')).toBeVisible();
  await page.reload();
  await expect(page.locator('#profile-file-method-1')).toBeChecked();
  await page.locator('[data-testid="device-remove"]').first().click();
  await expect(page.getByTestId('device-remove-modal')).toBeVisible();
  await page.getByTestId('device-remove-submit').click();
  await expect(page.getByTestId('profile-devices-empty')).toBeVisible();
  await drive.signOut();
  await expect(page).toHaveURL(/\/login/);
  await login.signIn(DEMO_KYK_ID, userId, newPassword);
  await steps.expectMailStep();
});
