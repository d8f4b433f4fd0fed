import { expect, type Page } from '@playwright/test';

/** The sign-in screen (/login), driven through the selectors documented in web/README.md. */
export class LoginPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/login');
    await expect(this.page.getByTestId('login-form')).toBeVisible();
  }

  async signIn(kykId: string, userId: string, password: string) {
    await this.page.getByTestId('login-kyk-id').fill(kykId);
    await this.page.getByTestId('login-user-id').fill(userId);
    await this.page.getByTestId('login-password').fill(password);
    await this.page.getByTestId('login-submit').click();
  }

  /**
   * Signs in and, when the account still holds a session (a previous test stopped half-way), confirms
   * the force-login the page offers for -990000010003.
   */
  async signInEndingOtherSessions(kykId: string, userId: string, password: string) {
    await this.signIn(kykId, userId, password);
    const confirm = this.page.getByTestId('error-modal-confirm');
    const signedIn = this.page.waitForURL(/\/storage/, { timeout: 15_000 }).then(() => 'signed-in' as const);
    const asked = confirm.waitFor({ timeout: 15_000 }).then(() => 'asked' as const);
    if ((await Promise.race([signedIn, asked])) === 'asked') await confirm.click();
  }

  fieldError(text: string) {
    return this.page.getByTestId('login-form').getByText(text);
  }

  errorModal() {
    return this.page.getByTestId('error-modal');
  }

  /** The language switch of the top navigation (also before sign-in). */
  async switchLanguage(code: 'en' | 'ja') {
    await this.page.getByTestId('top-nav').getByRole('button', { name: /^Language \/ 言語/ }).click();
    await this.page.getByTestId(`language-${code}`).click();
  }
}
