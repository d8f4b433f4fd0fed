import { expect, type Page } from '@playwright/test';

/** The sign-in steps after the password: /otp-mail, /otp-multi-part, the forced /change-password. */
export class SignInSteps {
  constructor(readonly page: Page) {}

  async expectMailStep() {
    await expect(this.page).toHaveURL(/\/otp-mail$/);
    await expect(this.page.getByTestId('otp-mail-form')).toBeVisible();
  }

  async enterMailCode(code: string, options: { trust?: boolean } = {}) {
    await this.page.getByTestId('otp-mail-code').fill(code);
    if (options.trust) await this.page.getByTestId('otp-mail-trust').check();
    await this.page.getByTestId('otp-mail-submit').click();
  }

  async expectTotpStep(activation: boolean) {
    await expect(this.page).toHaveURL(/\/otp-multi-part$/);
    await expect(this.page.getByTestId('otp-totp-form')).toBeVisible();
    await expect(this.page.getByTestId('otp-totp-activation')).toHaveCount(activation ? 1 : 0);
  }

  /** The generation key as shown (groups of four), without the spaces. */
  async generationKey(): Promise<string> {
    const shown = await this.page.getByTestId('otp-totp-key').innerText();
    return shown.replace(/\s+/g, '');
  }

  async enterTotpCode(code: string) {
    await this.page.getByTestId('otp-totp-code').fill(code);
    await this.page.getByTestId('otp-totp-submit').click();
  }

  codeError(prefix: 'otp-mail' | 'otp-totp', text: string) {
    return this.page.getByTestId(`${prefix}-form`).getByText(text);
  }

  async expectForcedPasswordChange() {
    await expect(this.page).toHaveURL(/\/change-password$/);
    await expect(this.page.locator('[data-testid="change-password-form"][data-mode="sign-in"]')).toBeVisible();
  }

  async changePassword(password: string, confirm = password) {
    await this.page.getByTestId('change-password-new').fill(password);
    await this.page.getByTestId('change-password-confirm').fill(confirm);
    await this.page.getByTestId('change-password-submit').click();
  }
}
