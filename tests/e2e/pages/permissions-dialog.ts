import { expect, type Locator, type Page } from '@playwright/test';
import { byTestId, cloudscape, control, locate } from './cloudscape.ts';

const dialog = cloudscape.findModal(byTestId('permissions-dialog'));
const picker = cloudscape.findModal(byTestId('picker-modal'));

/** The folder permissions dialog of the drive page and the user-or-group picker it opens. */
export class PermissionsDialog {
  constructor(private readonly page: Page) {}

  root(): Locator {
    return locate(this.page, dialog);
  }

  async expectOpen(folderName: string) {
    await expect(locate(this.page, dialog.findHeader())).toHaveText(`Permissions of "${folderName}"`);
  }

  /** "Same as the folders above" or "Settings of this folder". */
  async chooseMode(mode: 'inherit' | 'own') {
    await locate(this.page, cloudscape.findRadioGroup(byTestId('permissions-mode')).findInputByValue(mode)).check();
  }

  async choosePolicy(policy: 'allow' | 'deny') {
    await locate(this.page, cloudscape.findRadioGroup(byTestId('permissions-policy')).findInputByValue(policy)).check();
  }

  /** Adds users (found by their name, "E2E <user ID>", through the picker's search on its Users tab) to one side. */
  async addUsers(side: 'update' | 'view', userIds: string[]) {
    await control(this.page, `permissions-add-${side}`).click();
    await expect(locate(this.page, picker)).toBeVisible();
    await locate(this.page, cloudscape.findTabs(byTestId('picker-tabs')).findTabLinkByIndex(2)).click();
    for (const userId of userIds) {
      await locate(this.page, cloudscape.findTextFilter(byTestId('picker-search')).findInput().findNativeInput()).fill(`E2E ${userId}`);
      const row = this.page.locator(`[data-testid="picker-row"][data-id="${userId}"]`);
      await expect(row).toHaveCount(1);
      await row.locator('xpath=ancestor::tr').getByRole('checkbox').check();
    }
    await control(this.page, 'picker-submit').click();
    await expect(locate(this.page, picker)).toHaveCount(0);
  }

  side(side: 'update' | 'view'): Locator {
    return this.page.getByTestId(`permissions-side-${side}`);
  }

  inherited(): Locator {
    return this.page.getByTestId('permissions-inherited');
  }

  async save() {
    await control(this.page, 'permissions-save').click();
  }

  error(side: 'update' | 'view'): Locator {
    return locate(this.page, cloudscape.findFormField(byTestId(`permissions-side-${side}`)).findError());
  }
}
