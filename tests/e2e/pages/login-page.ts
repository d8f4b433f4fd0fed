import { expect, type Locator, type Page } from '@playwright/test';
import { byTestId, cloudscape, control, locate, within } from './cloudscape.ts';

/** The sign-in screen (/login), driven through the selectors documented in web/README.md. */
export class LoginPage {
  constructor(readonly page: Page) {}

  form(): Locator {
    return control(this.page, 'login-form');
  }

  async open() {
    await this.page.goto('/login');
    await expect(this.form()).toBeVisible();
  }

  async submit() {
    await control(this.page, 'login-submit').click();
  }

  submitButton(): Locator {
    return control(this.page, 'login-submit');
  }

  /** The contract ID field (kept filled after the SPA signs a user out). */
  contractIdInput(): Locator {
    return control(this.page, 'login-kyk-id');
  }

  /** The "Sign in with single sign-on" link. */
  ssoLink(): Locator {
    return control(this.page, 'login-sso-link');
  }

  /** The alert above the form that says why the user was sent back here (e.g. signed out by the SPA). */
  redirectMessage(): Locator {
    return locate(this.page, cloudscape.findAlert(byTestId('login-redirect-message')));
  }

  /** The alert of an account served by another site (it redirects there after 3 s). */
  differentLocation(): Locator {
    return locate(this.page, cloudscape.findAlert(byTestId('login-different-location')));
  }

  async signIn(kykId: string, userId: string, password: string) {
    await this.contractIdInput().fill(kykId);
    await control(this.page, 'login-user-id').fill(userId);
    await control(this.page, 'login-password').fill(password);
    await this.submit();
  }

  /**
   * Signs in and, when the account still holds a session (a previous test stopped half-way), confirms
   * the force-login the page offers for -990000010003.
   */
  async signInEndingOtherSessions(kykId: string, userId: string, password: string) {
    await this.signIn(kykId, userId, password);
    const confirm = control(this.page, 'error-modal-confirm');
    const signedIn = this.page.waitForURL(/\/storage/, { timeout: 15_000 }).then(() => 'signed-in' as const);
    // Settled either way, so the loser of the race never rejects unheard.
    const asked = confirm.waitFor({ timeout: 15_000 }).then(() => 'asked' as const, () => 'not asked' as const);
    const first = await Promise.race([signedIn, asked]);
    if (first === 'asked') await confirm.click();
    // Signed in only once the drive opens: a navigation before it would find no session.
    if (first !== 'signed-in') await signedIn;
  }

  /** A message under one of the form's fields (Cloudscape FormField error text). */
  fieldError(text: string): Locator {
    return locate(this.page, within('login-form').findFormField().findError()).getByText(text);
  }

  errorModal(): Locator {
    return locate(this.page, cloudscape.findModal(byTestId('error-modal')));
  }

  async closeErrorModal() {
    await control(this.page, 'error-modal-close').click();
  }

  /** The language switch of the top navigation (also before sign-in). */
  async switchLanguage(code: 'en' | 'ja') {
    await locate(this.page, within('top-nav').findTopNavigation()).getByRole('button', { name: /^Language \/ 言語/ }).click();
    await control(this.page, `language-${code}`).click();
  }
}
