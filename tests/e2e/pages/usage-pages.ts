import { expect, type Locator } from '@playwright/test';
import { AppShell } from './app-shell.ts';
import { byTestId, cloudscape, control, locate, followSideNavigation } from './cloudscape.ts';

/** The access log (/access-log): its table, property filter, date range and CSV export. */
export class AccessLogPage extends AppShell {
  private readonly tableWrapper = cloudscape.findTable(byTestId('access-log-table'));
  private readonly filterWrapper = cloudscape.find(byTestId('access-log-filter')).findPropertyFilter();

  async open() {
    await this.page.goto('/access-log');
    await this.expectLoaded();
  }

  /** "Access log" in the side navigation (with the administration pages for administrators). */
  async openFromNavigation() {
    await followSideNavigation(this.page, '/access-log');
    await this.expectLoaded();
  }

  async expectLoaded() {
    await expect(this.page).toHaveURL(/\/access-log$/);
    await expect(this.table()).toBeVisible();
  }

  table(): Locator {
    return locate(this.page, this.tableWrapper);
  }

  /** The header's description, with `data-scope` `contract` or `own`. */
  scope(): Locator {
    return locate(this.page, this.tableWrapper.findHeaderSlot().find(byTestId('access-log-scope')));
  }

  /** The event rows' markers (`data-action`, `data-item-name`, `data-user-id`), newest first. */
  events(): Locator {
    return locate(this.page, this.tableWrapper.findRows()).locator(byTestId('access-log-row'));
  }

  /** The rows of an entry, by name. */
  rowsOf(name: string): Locator {
    return locate(this.page, this.tableWrapper.findRows()).filter({ has: this.page.locator(`${byTestId('access-log-row')}[data-item-name="${name}"]`) });
  }

  /** A property filter token: the property chosen, "=", then the value's suggestion (by its label). */
  async filterBy(property: string, valueLabel: string) {
    const input = locate(this.page, this.filterWrapper.findNativeInput());
    await input.click();
    await input.fill(`${property} = `);
    await this.page.getByRole('option', { name: new RegExp(`= ${valueLabel}$`) }).click();
  }

  tokens(): Locator {
    return locate(this.page, this.filterWrapper.findTokens());
  }

  exportButton(): Locator {
    return control(this.page, 'access-log-export-button');
  }

  emptyState(): Locator {
    return locate(this.page, this.tableWrapper.findEmptySlot());
  }
}

/** The data-usage page (/data-usage): the quota's progress bar, its warnings and the figures. */
export class DataUsagePage extends AppShell {
  async openFromNavigation() {
    await followSideNavigation(this.page, '/data-usage');
    await expect(this.page).toHaveURL(/\/data-usage$/);
    await expect(this.figures()).toBeVisible();
  }

  figures(): Locator {
    return control(this.page, 'data-usage-figures');
  }

  /** One figure's value: usage, files, versions, trash, uploads, quota. */
  figure(id: 'usage' | 'files' | 'versions' | 'trash' | 'uploads' | 'quota'): Locator {
    return control(this.page, `data-usage-${id}`);
  }

  /** The progress bar against the quota, `data-status` ok, near or over. */
  progress(): Locator {
    return control(this.page, 'data-usage-progress');
  }

  nearWarning(): Locator {
    return control(this.page, 'data-usage-near');
  }

  heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }
}
