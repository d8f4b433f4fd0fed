import { expect, type Locator, type Page } from '@playwright/test';
import { byTestId, cloudscape, control, locate, within } from './cloudscape.ts';

/** The e-mail code step of the sign-in (/otp-mail): the code, "trust this browser", a new code. */
export class MailCodePage {
  constructor(readonly page: Page) {}

  async expectShown() {
    await expect(this.page).toHaveURL(/\/otp-mail$/);
    await expect(control(this.page, 'otp-mail-form')).toBeVisible();
  }

  /** "The code was sent to …" with the masked address. */
  sentTo(): Locator {
    return control(this.page, 'otp-mail-email');
  }

  trustCheckbox(): Locator {
    return control(this.page, 'otp-mail-trust');
  }

  submitButton(): Locator {
    return control(this.page, 'otp-mail-submit');
  }

  async submit() {
    await this.submitButton().click();
  }

  async enterCode(code: string, options: { trust?: boolean } = {}) {
    await control(this.page, 'otp-mail-code').fill(code);
    if (options.trust) await this.trustCheckbox().check();
    await this.submit();
  }

  async requestNewCode() {
    await control(this.page, 'otp-mail-resend').click();
  }

  /** The alert when a new code cannot be sent yet. */
  resendError(): Locator {
    return locate(this.page, cloudscape.findAlert(byTestId('otp-mail-resend-error')));
  }

  /** A message of the code form (under the field). */
  error(text: string): Locator {
    return locate(this.page, within('otp-mail-form')).getByText(text);
  }
}
