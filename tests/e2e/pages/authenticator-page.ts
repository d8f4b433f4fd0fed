import { expect, type Locator, type Page } from '@playwright/test';
import { control, locate, within } from './cloudscape.ts';

/** The authenticator step of the sign-in (/otp-multi-part): QR code and generation key on activation, the code. */
export class AuthenticatorPage {
  constructor(readonly page: Page) {}

  /** The step, with the activation part (QR code, key) or without it. */
  async expectShown(activation: boolean) {
    await expect(this.page).toHaveURL(/\/otp-multi-part$/);
    await expect(control(this.page, 'otp-totp-form')).toBeVisible();
    await expect(this.activation()).toHaveCount(activation ? 1 : 0);
  }

  activation(): Locator {
    return control(this.page, 'otp-totp-activation');
  }

  qrCode(): Locator {
    return control(this.page, 'otp-totp-qr');
  }

  /** The generation key as shown (groups of four), without the spaces. */
  async generationKey(): Promise<string> {
    const shown = await control(this.page, 'otp-totp-key').innerText();
    return shown.replace(/\s+/g, '');
  }

  async enterCode(code: string) {
    await control(this.page, 'otp-totp-code').fill(code);
    await control(this.page, 'otp-totp-submit').click();
  }

  /** A message of the code form (under the field). */
  error(text: string): Locator {
    return locate(this.page, within('otp-totp-form')).getByText(text);
  }
}
