import { expect, type Locator, type Page } from '@playwright/test';
import { AppShell } from './app-shell.ts';
import { byTestId, cloudscape, control, locate } from './cloudscape.ts';

const dialog = cloudscape.findModal(byTestId('share-dialog'));

/** The share dialog of a file on the drive page: a new link, and the file's links. */
export class ShareDialog {
  constructor(private readonly page: Page) {}

  root(): Locator {
    return locate(this.page, dialog);
  }

  async expectOpen(fileName: string | RegExp) {
    await expect(locate(this.page, dialog.findHeader())).toHaveText(typeof fileName === 'string' ? `Share "${fileName}" by link` : fileName);
  }

  async fill(fields: { days?: number; downloads?: number; password?: string }) {
    if (fields.days !== undefined) await control(this.page, 'share-days').locator('input').fill(String(fields.days));
    if (fields.downloads !== undefined) await control(this.page, 'share-downloads').locator('input').fill(String(fields.downloads));
    if (fields.password !== undefined) await control(this.page, 'share-password').locator('input').fill(fields.password);
  }

  /** Creates the link and answers its URL (shown once). */
  async create(): Promise<string> {
    await control(this.page, 'share-create').click();
    const url = this.root().getByTestId('share-url');
    await expect(url).toBeVisible();
    return (await url.textContent())!;
  }

  /** The row of a link in the file's list, by its state and downloads. */
  links(): Locator {
    return this.root().getByTestId('share-links').locator('tbody tr');
  }

  async close() {
    await control(this.page, 'share-close').click();
    await expect(this.root()).toHaveCount(0);
  }
}

/** The public download page of a share link (no sign-in). */
export class SharePage extends AppShell {
  name(): Locator {
    return this.page.getByTestId('share-page-name');
  }

  left(): Locator {
    return this.page.getByTestId('share-page-left');
  }

  password(): Locator {
    return this.page.getByTestId('share-page-password').locator('input');
  }

  downloadButton(): Locator {
    return control(this.page, 'share-page-download');
  }

  refusal(): Locator {
    return this.page.getByTestId('share-page-refused');
  }

  fieldError(): Locator {
    return locate(this.page, cloudscape.findFormField().findError());
  }
}

/** The administrators' list of every share link (/share-links). */
export class ShareLinksPage extends AppShell {
  async visit() {
    await this.page.goto('/share-links');
    await expect(this.table()).toBeVisible();
  }

  table(): Locator {
    return locate(this.page, cloudscape.findTable(byTestId('share-links-table')));
  }

  row(linkId: string): Locator {
    return this.table().locator(`[data-testid="share-links-row"][data-link-id="${linkId}"]`).locator('xpath=ancestor::tr');
  }

  async revoke(linkId: string) {
    await this.row(linkId).getByRole('radio').check();
    await control(this.page, 'share-links-revoke').click();
    await control(this.page, 'share-links-revoke-confirm').click();
    await expect(this.page.getByTestId('share-links-revoke-dialog')).toHaveCount(0);
  }
}
