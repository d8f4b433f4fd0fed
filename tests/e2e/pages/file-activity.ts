import type { Locator, Page } from '@playwright/test';
import { byTestId, cloudscape, locate } from './cloudscape.ts';

/** The Activity section of the drive page's details panel (docs/drive.md "Activity of one entry"). */
export class FileActivityPanel {
  private readonly section = cloudscape.findExpandableSection(byTestId('details-activity'));

  constructor(private readonly page: Page) {}

  /** Opens the section: its entries load then. */
  async open() {
    await locate(this.page, this.section.findExpandButton()).click();
  }

  /** The entries, newest first (`data-kind`, `data-action`). */
  entries(): Locator {
    return this.page.locator(byTestId('file-activity-entry'));
  }

  showMore(): Locator {
    return this.page.locator(byTestId('file-activity-more'));
  }
}
