import { expect, type Locator } from '@playwright/test';
import { AppShell } from './app-shell.ts';
import { byTestId, cloudscape, control, locate, followSideNavigation } from './cloudscape.ts';

/** Tags administration (/tags): the common tags' table, the name dialog and the delete confirmation. */
export class TagsAdminPage extends AppShell {
  private readonly tableWrapper = cloudscape.findTable(byTestId('tags-admin-table'));

  async openFromNavigation() {
    await followSideNavigation(this.page, '/tags');
    await expect(this.page).toHaveURL(/\/tags$/);
    await expect(this.table()).toBeVisible();
  }

  table(): Locator {
    return locate(this.page, this.tableWrapper);
  }

  heading(): Locator {
    return locate(this.page, this.tableWrapper.findHeaderSlot().findHeader().findHeadingText());
  }

  /** The tag names shown, in order. */
  names(): Locator {
    return locate(this.page, this.tableWrapper.findRows()).locator(byTestId('tags-admin-row'));
  }

  async create(name: string) {
    await control(this.page, 'tags-admin-create').click();
    await this.fillName(name);
  }

  async rename(from: string, to: string) {
    await this.select(from);
    await control(this.page, 'tags-admin-rename').click();
    await this.fillName(to);
  }

  async delete(name: string) {
    await this.select(name);
    await control(this.page, 'tags-admin-delete').click();
    const dialog = locate(this.page, cloudscape.findModal(byTestId('delete-modal')));
    const confirm = control(this.page, 'delete-confirm-input');
    await confirm.fill((await confirm.getAttribute('placeholder')) ?? '');
    await control(this.page, 'delete-submit').click();
    await expect(dialog).toBeHidden();
  }

  nameDialog(): Locator {
    return locate(this.page, cloudscape.findModal(byTestId('tag-name-dialog')));
  }

  private async select(name: string) {
    await locate(this.page, this.tableWrapper.findRows()).filter({ has: this.page.locator(`${byTestId('tags-admin-row')}[data-name="${name}"]`) }).getByRole('radio').check();
  }

  private async fillName(name: string) {
    await control(this.page, 'tag-name-input').fill(name);
    await control(this.page, 'tag-name-save').click();
  }
}

/** The audit log (/audit-log): its table, filters, the difference dialog and the CSV export. */
export class AuditLogPage extends AppShell {
  private readonly tableWrapper = cloudscape.findTable(byTestId('audit-log-table'));
  private readonly filterWrapper = cloudscape.find(byTestId('audit-log-filter')).findPropertyFilter();

  async openFromNavigation() {
    await followSideNavigation(this.page, '/audit-log');
    await expect(this.page).toHaveURL(/\/audit-log$/);
    await expect(this.table()).toBeVisible();
  }

  table(): Locator {
    return locate(this.page, this.tableWrapper);
  }

  heading(): Locator {
    return locate(this.page, this.tableWrapper.findHeaderSlot().findHeader().findHeadingText());
  }

  /** The rows' markers (`data-action`, `data-target`), newest first. */
  records(): Locator {
    return locate(this.page, this.tableWrapper.findRows()).locator(byTestId('audit-log-row'));
  }

  /** The rows' actions in words, newest first. */
  actions(): Locator {
    return locate(this.page, this.tableWrapper.findRows()).locator(byTestId('audit-log-action'));
  }

  /** The rows' items: the name recorded with the event, its type and id. */
  items(): Locator {
    return locate(this.page, this.tableWrapper.findRows()).locator(byTestId('audit-log-item'));
  }

  /** A property filter token: property, operator, then the typed value. */
  async filterBy(property: string, operator: '=' | '^', value: string) {
    const input = locate(this.page, this.filterWrapper.findNativeInput());
    await input.click();
    await input.fill(`${property} ${operator} ${value}`);
    await input.press('Enter');
  }

  async kind(label: string) {
    await control(this.page, 'audit-log-kind').getByRole('button', { name: label }).click();
  }

  /** Opens the difference of the first row. */
  async openFirstChanges() {
    await locate(this.page, this.tableWrapper.findRows()).first().locator(byTestId('audit-log-changes')).click();
  }

  diffDialog(): Locator {
    return locate(this.page, cloudscape.findModal(byTestId('audit-diff-dialog')));
  }

  exportButton(): Locator {
    return control(this.page, 'audit-log-export');
  }
}
