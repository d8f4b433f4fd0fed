import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { DocumentStyle, DriveItem } from '#shared/schemas/drive.ts';
import type { AdminApi } from './admin-api.ts';
import { byTestId, cloudscape, control, locate } from './cloudscape.ts';
import { driveAction } from './drive-page.ts';

/** The drive page's duplicate-name dialog (before an upload) and version history dialog. */
export class VersionsDialogs {
  constructor(private readonly page: Page) {}

  duplicateModal(): Locator {
    return locate(this.page, cloudscape.findModal(byTestId('duplicate-modal')));
  }

  /** A choice of the dialog: of the file at `index`, or of every file ('all', with "apply to all"). */
  choice(index: number | 'all', label: string): Locator {
    return control(this.page, `duplicate-choice-${index}`).getByRole('radio', { name: label, exact: true });
  }

  async choose(index: number | 'all', label: string) {
    await this.choice(index, label).check();
  }

  applyToAll(): Locator {
    return control(this.page, 'duplicate-apply-all');
  }

  async confirmUpload() {
    await control(this.page, 'duplicate-submit').click();
    await expect(this.duplicateModal()).toHaveCount(0);
  }

  async cancelUpload() {
    await control(this.page, 'duplicate-cancel').click();
    await expect(this.duplicateModal()).toHaveCount(0);
  }

  /** "Version history" in the Actions menu (the menu opened). */
  historyAction(): Promise<Locator> {
    return driveAction(this.page, 'history');
  }

  historyModal(): Locator {
    return locate(this.page, cloudscape.findModal(byTestId('version-history-modal')));
  }

  async openHistory() {
    await (await this.historyAction()).click();
    await expect(this.historyModal()).toBeVisible();
  }

  /** The version numbers listed, top down, as the table shows them. */
  versionRows(): Locator {
    return this.historyModal().locator(byTestId('version-number'));
  }

  /** Downloads one version from the dialog and answers its file name and content. */
  async downloadVersion(version: number): Promise<{ name: string; text: string }> {
    const started = this.page.waitForEvent('download');
    await control(this.page, `version-download-${version}`).click();
    const download = await started;
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
    return { name: download.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
  }

  async restoreVersion(version: number, options: { confirm?: boolean } = {}) {
    await control(this.page, `version-restore-${version}`).click();
    await expect(control(this.page, 'version-restore-confirm')).toBeVisible();
    if (options.confirm !== false) await control(this.page, 'version-restore-submit').click();
  }

  async closeHistory() {
    await control(this.page, 'version-history-close').click();
    await expect(this.historyModal()).toHaveCount(0);
  }
}

/** A file registered through the API with a document style (the detailed registration form is not built yet). */
export async function fileWithStyle(api: AdminApi, request: APIRequestContext, options: { name: string; folderId: string; text: string; style: DocumentStyle }): Promise<DriveItem> {
  const bytes = Buffer.from(options.text);
  const { item, upload } = await api.ok('com_drive/file_reg_btn', {
    folder_id: options.folderId, name: options.name, size: bytes.byteLength, content_type: 'application/pdf', document_style: options.style,
  });
  if (upload.method !== 'PUT') throw new Error('small files go up in one PUT');
  const put = await request.put(upload.url, { headers: upload.headers, data: bytes });
  expect(put.status()).toBe(200);
  await expect.poll(async () => (await api.ok('com_drive/file_info', { id: item.id })).item.status, { timeout: 15_000 }).toBe('ready');
  return item;
}
