import { expect, type Locator, type Page } from '@playwright/test';
import { control, locate, within } from './cloudscape.ts';

/** /login/info-change: the sign-in asks for a missing name or e-mail address before going on. */
export class InfoChangePage {
  constructor(readonly page: Page) {}

  async expectShown() {
    await expect(this.page).toHaveURL(/\/login\/info-change$/);
  }

  nameInput(): Locator {
    return control(this.page, 'info-change-name');
  }

  emailInput(): Locator {
    return control(this.page, 'info-change-email');
  }

  async submit() {
    await control(this.page, 'info-change-submit').click();
  }

  /** A message under one of the form's fields. */
  fieldError(text: string): Locator {
    return locate(this.page, within('info-change-form').findFormField().findError()).getByText(text);
  }
}
