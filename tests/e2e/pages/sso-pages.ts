import { expect, type Locator } from '@playwright/test';
import { AppShell } from './app-shell.ts';
import { byTestId, cloudscape, control, locate } from './cloudscape.ts';

/** /com_drive/sso: "Sign in with single sign-on" by contract ID, before the IdP. */
export class SsoSignInPage extends AppShell {
  async open() {
    await this.page.goto('/com_drive/sso');
    await expect(control(this.page, 'sso-page')).toBeVisible();
  }

  async start(kykId: string) {
    await control(this.page, 'sso-kyk-id').fill(kykId);
    await control(this.page, 'sso-submit').click();
  }
}

/** /com_drive/sso-fail?reason=…: why the single sign-on did not go through, and the way back. */
export class SsoFailPage extends AppShell {
  /** The alert with the reason (`data-reason`: the message key). */
  reason(): Locator {
    return locate(this.page, cloudscape.findAlert(byTestId('sso-fail-reason')));
  }

  async backToSignIn() {
    await locate(this.page, cloudscape.findLink(byTestId('sso-fail-back'))).click();
  }
}
