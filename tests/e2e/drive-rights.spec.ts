import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import { AdminApi, DEMO_KYK_ID } from './pages/admin-api.ts';
import { DrivePage } from './pages/drive-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { shot, uniqueUserId } from './pages/shots.ts';
import { ChangePasswordPage } from './pages/change-password-page.ts';
import { NoPermissionPage } from './pages/no-permission-page.ts';
import { expectAccessible } from './pages/a11y.ts';

/**
 * The access model in the SPA (docs/architecture.md "Who may do what"): a user with drive level
 * view sees the drive without the create and upload actions and no administration menu; a user
 * whose drive level is none gets a page that says why, in English and Japanese.
 */
async function signInAs(page: Page, request: APIRequestContext, prefix: string, drive: 1 | 2 | 3 | undefined) {
  const admin = new AdminApi(request);
  await admin.signIn();
  const userId = uniqueUserId(prefix);
  const { temporary_password } = await admin.createUser(userId, drive ? { drive } : {});
  await admin.signOut();
  const login = new LoginPage(page);
  const changePassword = new ChangePasswordPage(page);
  await login.open();
  await login.signIn(DEMO_KYK_ID, userId, temporary_password!);
  await changePassword.expectShown('sign-in');
  await changePassword.change(`Nw-${Math.random().toString(36).slice(2, 10)}-Pw9!`);
}

test('a view-only user browses the drive without create or upload, and sees no administration', async ({ page, request }) => {
  await signInAs(page, request, 'view', 1);
  const drive = new DrivePage(page);
  await drive.expectLoaded();
  await expect(drive.refreshButton()).toBeVisible();
  await expect(drive.downloadButton()).toBeVisible();
  await expect(drive.createFolderButton()).toHaveCount(0);
  await expect(drive.uploadButtons().header).toHaveCount(0);
  await expect(drive.uploadButtons().empty).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Accounts' })).toHaveCount(0);
  await shot(page, 'drive-view-only-en');
  await page.goto('/list-user');
  await expect(new NoPermissionPage(page).notice()).toBeVisible();
});

test('a user without drive rights is told why, in both languages', async ({ page, request }) => {
  await signInAs(page, request, 'none', undefined);
  const shell = new NoPermissionPage(page);
  await expect(shell.notice()).toBeVisible();
  await expect(page.getByText('Your account has no access to the common drive. Ask your administrator if you need it.')).toBeVisible();
  await shot(page, 'drive-none-en');
  await expectAccessible(page, 'no-permission page');
  await shell.switchLanguage('ja');
  await expect(page.getByText('このアカウントには共通ドライブの利用権限がありません。利用が必要な場合は管理者にお問い合わせください。')).toBeVisible();
  await shot(page, 'drive-none-ja');
  await page.getByRole('button', { name: 'プロフィールへ' }).click();
  await expect(page).toHaveURL(/\/profile/);
});
