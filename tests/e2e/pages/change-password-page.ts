import { expect, type Locator, type Page } from '@playwright/test';
import { byTestId, cloudscape, control, locate, within } from './cloudscape.ts';

/**
 * /change-password: the password the sign-in asks for (`data-mode="sign-in"`, with the reason) or
 * the signed-in user's own change (`data-mode="own"`), with the policy's conditions beside it.
 */
export class ChangePasswordPage {
  constructor(readonly page: Page) {}

  form(): Locator {
    return control(this.page, 'change-password-form');
  }

  /** The form in the sign-in's forced change, or the own change from the profile and the expiry warning. */
  async expectShown(mode: 'sign-in' | 'own') {
    if (mode === 'sign-in') await expect(this.page).toHaveURL(/\/change-password$/);
    await expect(locate(this.page, cloudscape.find(`${byTestId('change-password-form')}[data-mode="${mode}"]`))).toBeVisible();
  }

  /** The conditions panel (`data-state` ready once the policy is read). */
  conditions(): Locator {
    return control(this.page, 'password-conditions');
  }

  /** One listed condition (`length`, `upper`, ...). */
  condition(name: string): Locator {
    return locate(this.page, within('password-conditions').find(`li[data-condition="${name}"]`));
  }

  async change(password: string, confirm = password) {
    await control(this.page, 'change-password-new').fill(password);
    await control(this.page, 'change-password-confirm').fill(confirm);
    await control(this.page, 'change-password-submit').click();
  }

  /** The signed-in user's own change: the current password first. */
  async changeOwn(current: string, password: string, confirm = password) {
    await this.input('current').fill(current);
    await this.change(password, confirm);
  }

  async submit() {
    await control(this.page, 'change-password-submit').click();
  }

  input(name: 'current' | 'new' | 'confirm'): Locator {
    return control(this.page, `change-password-${name}`);
  }

  /** The strength meter under the new password: `data-score` 0-4, `data-enough` against the policy's minimum. */
  strength(): Locator {
    return control(this.page, 'password-strength');
  }

  /** zxcvbn's warning (and the level the policy needs), under the meter. */
  strengthFeedback(): Locator {
    return control(this.page, 'password-strength-feedback');
  }

  /** A message of the form (under a field). */
  error(text: string): Locator {
    return this.form().getByText(text);
  }
}
