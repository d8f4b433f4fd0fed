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

  fieldError(text: string) {
    return this.page.getByTestId('login-form').getByText(text);
  }

  errorModal() {
    return this.page.getByTestId('error-modal');
  }
}
