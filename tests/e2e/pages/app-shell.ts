import { expect, type Locator, type Page } from '@playwright/test';
import { byTestId, cloudscape, control, locate, within } from './cloudscape.ts';

/** The signed-in frame around every page: top navigation, breadcrumbs, flashbar, error modal. */
export class AppShell {
  constructor(readonly page: Page) {}

  topNav(): Locator {
    // The app's #top-nav wraps Cloudscape's TopNavigation (whose hidden measuring copies have the same buttons).
    return locate(this.page, within('top-nav').findTopNavigation());
  }

  async switchLanguage(code: 'en' | 'ja') {
    await this.topNav().getByRole('button', { name: /^Language \/ 言語/ }).click();
    await control(this.page, `language-${code}`).click();
  }

  async signOut() {
    await this.topNav().getByRole('button', { name: /^(User menu|ユーザーメニュー)/ }).click();
    await control(this.page, 'sign-out').click();
  }

  breadcrumbs(): Locator {
    return locate(this.page, cloudscape.findBreadcrumbGroup(byTestId('breadcrumbs')));
  }

  /** A message in the notification area (the flashbar stack shows the newest on top). */
  flash(text: string | RegExp): Locator {
    return locate(this.page, cloudscape.findFlashbar()).getByText(text);
  }

  /** The warning flash after a sign-in within the password policy's warning period (`data-days`). */
  passwordExpiryWarning(): Locator {
    return locate(this.page, cloudscape.findFlashbar().find(byTestId('password-expiry-warning')));
  }

  /** Its link to /change-password. */
  async followPasswordExpiryLink() {
    await locate(this.page, cloudscape.findFlashbar().find(byTestId('password-expiry-change'))).click();
  }

  /** The language the document is shown in (`<html lang>`). */
  documentLanguage(): Locator {
    return this.page.locator('html');
  }

  errorModal(): Locator {
    return locate(this.page, cloudscape.findModal(byTestId('error-modal')));
  }

  async closeErrorModal() {
    await control(this.page, 'error-modal-close').click();
  }

  async expectUrl(pattern: RegExp) {
    await expect(this.page).toHaveURL(pattern);
  }
}
