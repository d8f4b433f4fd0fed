import { expect, type Locator, type Page } from '@playwright/test';
import { AppShell } from './app-shell.ts';
import { byTestId, cloudscape, control, locate, followSideNavigation } from './cloudscape.ts';

/**
 * Electronic bookkeeping in the drive (docs/e-bookkeeping.md): the edit-details dialog with its
 * reason, the reason of the trash dialog, the version history's columns and correction tab, and
 * the administrators' /e-bookkeeping page (history, tax-office export, late scans).
 */
export class BookkeepingDialogs {
  private readonly editModal = cloudscape.findModal(byTestId('edit-details-modal'));

  constructor(readonly page: Page) {}

  editDialog(): Locator {
    return locate(this.page, this.editModal);
  }

  /** "Edit details" in the details split panel. */
  async openEditFromDetails() {
    await control(this.page, 'details-edit').click();
    await expect(this.editDialog()).toBeVisible();
  }

  async setEditText(field: 'amount' | 'invoice' | 'recipient' | 'provider', value: string) {
    await locate(this.page, this.editModal.findContent().findInput(byTestId(`edit-${field}`)).findNativeInput()).fill(value);
  }

  async setReason(testId: 'edit-reason' | 'trash-reason' | 'duplicate-reason' | 'version-restore-reason', value: string) {
    await control(this.page, testId).fill(value);
  }

  /** The error under a reason field. */
  reasonError(testId: 'edit-reason' | 'trash-reason' | 'duplicate-reason' | 'version-restore-reason'): Locator {
    return locate(this.page, cloudscape.findFormField(byTestId(`${testId}-field`)).findError());
  }

  async saveEdit() {
    await control(this.page, 'edit-details-submit').click();
  }

  async cancelEdit() {
    await control(this.page, 'edit-details-cancel').click();
    await expect(this.editDialog()).toHaveCount(0);
  }

  // The version history dialog's additions.

  versionReason(version: number): Locator {
    return control(this.page, `version-reason-${version}`);
  }

  versionKind(version: number): Locator {
    return control(this.page, `version-kind-${version}`);
  }

  versionSha(version: number): Locator {
    return control(this.page, `version-sha-${version}`);
  }

  async openCorrectionTab() {
    await locate(this.page, cloudscape.findTabs(byTestId('version-history-tabs')).findTabLinkById('corrections')).click();
  }

  documentHistory(): Locator {
    return locate(this.page, cloudscape.findTable(byTestId('document-history-table')));
  }
}

/** /e-bookkeeping: three tabs for administrators. */
export class EBookkeepingPage extends AppShell {
  private readonly tabs = cloudscape.findTabs(byTestId('e-bookkeeping-tabs'));

  async openFromNavigation() {
    await followSideNavigation(this.page, '/e-bookkeeping');
    await expect(this.page).toHaveURL(/\/e-bookkeeping/);
  }

  async openTab(id: 'history' | 'export' | 'late') {
    await locate(this.page, this.tabs.findTabLinkById(id)).click();
  }

  historyTable(): Locator {
    return locate(this.page, cloudscape.findTable(byTestId('correction-history-table')));
  }

  /** The history's rows of one document. */
  historyRows(name: string): Locator {
    return locate(this.page, cloudscape.findTable(byTestId('correction-history-table')).findRows()).filter({ has: this.page.locator(`${byTestId('correction-document')}`, { hasText: name }) });
  }

  async startExport() {
    await control(this.page, 'export-start').click();
  }

  exportDone(): Locator {
    return control(this.page, 'export-done');
  }

  /** Downloads the export's CSV and answers its name and bytes. */
  async downloadExport(): Promise<{ name: string; bytes: Buffer }> {
    const started = this.page.waitForEvent('download');
    await control(this.page, 'export-download').click();
    const download = await started;
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk as Buffer));
    return { name: download.suggestedFilename(), bytes: Buffer.concat(chunks) };
  }

  lateTable(): Locator {
    return locate(this.page, cloudscape.findTable(byTestId('late-scans-table')));
  }
}
