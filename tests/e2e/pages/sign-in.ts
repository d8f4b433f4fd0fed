import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_KYK_ID } from './admin-api.ts';
import { UserApi } from './drive-api.ts';
import { LoginPage } from './login-page.ts';

/**
 * A user the API made (with a temporary password) signed in in the browser: the first password
 * change done through the API, then the login page, landing on the drive.
 */
export async function signInInBrowser(page: Page, request: APIRequestContext, userId: string, temporaryPassword: string): Promise<void> {
  const password = `Br-${Math.random().toString(36).slice(2, 10)}-Pw9!`;
  const user = new UserApi(request);
  await user.signInAs(DEMO_KYK_ID, userId, temporaryPassword, password);
  await user.signOut();
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(DEMO_KYK_ID, userId, password);
  await expect(page).toHaveURL(/\/storage/);
}
