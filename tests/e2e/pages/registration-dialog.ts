import { expect, type Locator, type Page } from '@playwright/test';
import { byTestId, cloudscape, control, locate, within } from './cloudscape.ts';

/** Detailed registration: the Upload menu's item, and the dialog of the files' fields (one section per file). */
export class RegistrationDialog {
  private readonly modal = cloudscape.findModal(byTestId('detailed-registration-modal'));

  constructor(readonly page: Page) {}

  dialog(): Locator {
    return locate(this.page, this.modal);
  }

  /** Opens the Upload menu (its item "Upload with details…" opens the file chooser). */
  async openUploadMenu() {
    await control(this.page, 'upload-menu').click();
  }

  /** An item of the open Upload menu: `detailed` (Upload with details…) or `simple` (for a user registering in detail by default). */
  menuItem(id: 'detailed' | 'simple'): Locator {
    return locate(this.page, cloudscape.findButtonDropdown().findItemById(id));
  }

  /** Chooses files through the Upload button (a user whose registration method is detailed). */
  async chooseThroughUpload(files: { name: string; mimeType: string; buffer: Buffer }[]) {
    const chooser = this.page.waitForEvent('filechooser');
    await control(this.page, 'upload-button').click();
    await (await chooser).setFiles(files);
    await expect(this.dialog()).toBeVisible();
  }

  /** Chooses files for detailed registration (the menu item's hidden input). */
  async choose(files: { name: string; mimeType: string; buffer: Buffer }[]) {
    await control(this.page, 'detailed-upload-input').setInputFiles(files);
    await expect(this.dialog()).toBeVisible();
  }

  private section(index: number) {
    return within(`detailed-file-${index}`);
  }

  file(index: number): Locator {
    return locate(this.page, this.section(index));
  }

  async setStyle(index: number, value: string) {
    const select = this.section(index).findSelect(byTestId('detailed-style'));
    await locate(this.page, select.findTrigger()).click();
    await locate(this.page, select.findDropdown().findOptionByValue(value)).click();
  }

  async setDate(index: number, typed: string) {
    const input = locate(this.page, this.section(index).findDatePicker(byTestId('detailed-date')).findNativeInput());
    await input.fill(typed);
  }

  async setText(index: number, field: 'amount' | 'recipient' | 'provider', value: string) {
    await locate(this.page, this.section(index).findInput(byTestId(`detailed-${field}`)).findNativeInput()).fill(value);
  }

  async chooseTag(index: number, tagId: string) {
    const multiselect = this.section(index).findMultiselect(byTestId('detailed-tags'));
    await locate(this.page, multiselect.findTrigger()).click();
    await locate(this.page, multiselect.findDropdown().findOptionByValue(tagId)).click();
    await this.page.keyboard.press('Escape');
  }

  async copyToAll(index: number) {
    await locate(this.page, this.section(index).find(byTestId('detailed-copy-all'))).click();
  }

  fieldError(index: number, field: 'amount' | 'recipient' | 'provider' | 'date'): Locator {
    return locate(this.page, this.section(index).findFormField(byTestId(`detailed-${field}-field`)).findError());
  }

  /** The form's own error (how many files have values to correct). */
  formError(): Locator {
    return locate(this.page, this.modal.findContent().findForm().findError());
  }

  async submit() {
    await control(this.page, 'detailed-submit').click();
  }

  /** The confirmation step after Upload (PDFs and images: their read fields offered), one file at a time. */
  confirmStep(): Locator {
    return this.page.locator('[data-testid="detailed-registration-modal"][data-phase="confirm"]');
  }

  /** Skips the confirmation step of every uploaded file (their read fields wait in the drive instead), until the dialog closes. */
  async skipConfirmations() {
    const skip = this.confirmStep().locator('[data-testid="read-confirm-skip"]');
    while (await this.dialog().count()) {
      await expect(this.confirmStep()).toBeVisible();
      await skip.click();
    }
  }
}
