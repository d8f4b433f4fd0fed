import { expect, type Locator, type Page } from '@playwright/test';

/** The drive (/storage): table of a folder, create-folder modal, uploads and downloads. */
export class DrivePage {
  constructor(readonly page: Page) {}

  async expectLoaded() {
    await expect(this.page).toHaveURL(/\/storage/);
    await expect(this.page.getByTestId('drive-table')).toBeVisible();
  }

  row(name: string, status?: 'pending' | 'ready'): Locator {
    const statusSelector = status ? `[data-item-status="${status}"]` : '';
    return this.page.locator(`[data-testid="drive-row"][data-item-name="${name}"]${statusSelector}`);
  }

  async createFolder(name: string) {
    const button = this.page.getByTestId('create-folder-button').or(this.page.getByTestId('create-folder-button-empty')).first();
    await button.click();
    const modal = this.page.getByTestId('create-folder-modal');
    await expect(modal).toBeVisible();
    await this.page.getByTestId('create-folder-name').fill(name);
    await this.page.getByTestId('create-folder-submit').click();
  }

  async openFolder(name: string) {
    await this.row(name).getByRole('link', { name }).click();
    await expect(this.page.getByTestId('drive-folder-name')).toHaveText(name);
  }

  /** A file by content, or by path (Playwright refuses buffers over 50 MB). */
  async upload(file: { name: string; mimeType: string; buffer: Buffer } | string) {
    await this.page.getByTestId('upload-input').setInputFiles(file);
  }

  async select(name: string) {
    await this.row(name, 'ready').click();
  }

  topNav() {
    return this.page.getByTestId('top-nav');
  }

  async switchLanguage(code: 'en' | 'ja') {
    await this.topNav().getByRole('button', { name: /^Language \/ 言語/ }).click();
    await this.page.getByTestId(`language-${code}`).click();
  }

  async signOut() {
    await this.topNav().getByRole('button', { name: /^(User menu|ユーザーメニュー)/ }).click();
    await this.page.getByTestId('sign-out').click();
  }
}
