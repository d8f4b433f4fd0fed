import { expect, test } from './fixtures.ts';
import { API_PREFIX } from '#shared/envelope.ts';
import { AdminApi, DEMO_KYK_ID } from './pages/admin-api.ts';
import { LoginPage } from './pages/login-page.ts';
import { shot, uniqueUserId } from './pages/shots.ts';
import { SignInActivity } from './pages/sign-in-activity.ts';
import { demoPassword } from './playwright.config.ts';
import { expectAccessible } from './pages/a11y.ts';

/**
 * Support staff see who signed in (every outcome, with address and browser) and end a user's
 * session from the user page, in English and Japanese.
 */
test('an administrator sees a user\'s sign-ins and ends the session', async ({ page, request }) => {
  const admin = new AdminApi(request);
  await admin.signIn();
  const userId = uniqueUserId('act');
  const { temporary_password } = await admin.createUser(userId);
  await admin.signOut();
  // The user: one wrong password, then the first sign-in with its forced change.
  await request.post(`${API_PREFIX}/login/login_btn`, { data: { kyk_id: DEMO_KYK_ID, user_id: userId, password: 'not-the-password' } });
  const first = await (await request.post(`${API_PREFIX}/login/login_btn`, { data: { kyk_id: DEMO_KYK_ID, user_id: userId, password: temporary_password } })).json() as { data: { next: { ticket: string } } };
  const password = `Nw-${Math.random().toString(36).slice(2, 10)}-Pw9!`;
  const changed = await (await request.post(`${API_PREFIX}/com/passchange_lnk`, { data: { ticket: first.data.next.ticket, new_password: password, confirm_password: password } })).json() as { code: number };
  expect(changed.code).toBe(990000210002);

  const login = new LoginPage(page);
  await login.open();
  await login.signInEndingOtherSessions(DEMO_KYK_ID, 'admin', demoPassword);
  const activity = new SignInActivity(page);
  await activity.openUser(userId);
  // Another walk may have left the demo administrator in Japanese.
  await activity.switchLanguage('en');
  await expect(activity.sessionState()).toHaveText('Signed in');
  await expect(activity.rows()).toHaveCount(2);
  await expect(activity.rows().nth(0)).toContainText('Signed in');
  await expect(activity.rows().nth(1)).toContainText('Wrong ID or password');
  await expect(activity.rows().nth(1)).toContainText('127.0.0.1');
  await activity.container().scrollIntoViewIfNeeded();
  await shot(page, 'user-sign-ins-en');
  await expectAccessible(page, '/user?user_id=');

  await activity.endSession();
  await expect(activity.flash(`The session of "E2E ${userId}" was ended.`)).toBeVisible();
  await expect(activity.sessionState()).toHaveText('Not signed in');

  await activity.switchLanguage('ja');
  await expect(activity.container()).toContainText('サインイン履歴');
  await expect(activity.rows().nth(1)).toContainText('IDまたはパスワードの誤り');
  await expect(activity.sessionState()).toHaveText('サインインしていません');
  await shot(page, 'user-sign-ins-ja');
});
