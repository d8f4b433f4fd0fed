import { expect, type Locator } from '@playwright/test';
import { byTestId, cloudscape, control, locate } from './cloudscape.ts';
import { DrivePage } from './drive-page.ts';

/** The drive page's "Copy to…" (location dialog) and "Download as ZIP", and their jobs' progress flash. */
export class DriveCopyPage extends DrivePage {
  copyAction(): Promise<Locator> {
    return this.action('copy');
  }

  /** "Download as ZIP" in the Download button's menu (the menu opened). */
  async zipAction(): Promise<Locator> {
    const menu = cloudscape.findButtonDropdown(byTestId('download-dropdown'));
    const trigger = control(this.page, 'download-menu');
    if ((await trigger.getAttribute('aria-expanded')) !== 'true') await trigger.click();
    return locate(this.page, menu.findItemById('zip')).getByRole('menuitem');
  }

  copyDialog(): Locator {
    return locate(this.page, cloudscape.findModal(byTestId('location-dialog')));
  }

  /** The open dialog of "Copy to…" for the selection. */
  async openCopyDialog() {
    await (await this.copyAction()).click();
    await expect(this.copyDialog()).toBeVisible();
  }

  /** A top-level folder picked in the dialog's tree, and the copy confirmed. */
  async copyTo(folderName: string) {
    const folder = this.copyDialog().locator(`${byTestId('location-folder')}[data-folder-name="${folderName}"]`);
    await folder.click();
    await expect(folder).toHaveAttribute('aria-pressed', 'true');
    await control(this.page, 'location-submit').click();
  }

  /** The progress flash of a running job (a ProgressBar), of a kind. */
  jobProgress(kind: 'copy' | 'zip'): Locator {
    return locate(this.page, cloudscape.findFlashbar()).locator(`${byTestId('job-progress')}[data-job-kind="${kind}"]`);
  }
}
