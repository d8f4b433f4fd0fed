import type { Locator } from '@playwright/test';
import { AppShell } from './app-shell.ts';
import { byTestId, cloudscape, control, locate } from './cloudscape.ts';

/** The "Sign-in activity" container of an administrator's user page: the session and the latest sign-ins. */
export class SignInActivity extends AppShell {
  async openUser(userId: string) {
    await this.page.goto(`/user?user_id=${encodeURIComponent(userId)}`);
    await this.container().waitFor();
  }

  container(): Locator {
    return locate(this.page, cloudscape.findContainer(byTestId('user-sign-ins')));
  }

  sessionState(): Locator {
    return control(this.page, 'user-session-state');
  }

  rows(): Locator {
    return locate(this.page, cloudscape.findTable(byTestId('user-sign-ins-table')).findRows());
  }

  async endSession() {
    await control(this.page, 'user-end-session-button').click();
  }
}
