import { expect, type Locator } from '@playwright/test';
import { AppShell } from './app-shell.ts';
import { byTestId, cloudscape, control, locate } from './cloudscape.ts';

/** A row of a ServerTable found by the tagged cell of its first column (`[data-testid=…][data-…]`). */
function rowOf(shell: AppShell, tableTestId: string, cellSelector: string): Locator {
  const rows = locate(shell.page, cloudscape.findTable(byTestId(tableTestId)).findRows());
  return rows.filter({ has: shell.page.locator(cellSelector) });
}

/** /user-group/create and /user-group/edit/<id>: the group form with its members. */
export class GroupFormPage extends AppShell {
  async openCreate(product = 'ata') {
    await this.page.goto(`/user-group/create?product=${product}`);
    await expect(control(this.page, 'group-form')).toBeVisible();
  }

  async fillName(name: string) {
    await control(this.page, 'group-form-name').fill(name);
  }

  async addMember(userId: string) {
    await control(this.page, 'group-member-add-input').fill(userId);
    await control(this.page, 'group-member-add-input').press('Enter');
  }

  async submit() {
    await control(this.page, 'group-form-submit').click();
  }
}

/** /list-user-group: the user groups of a product area. */
export class GroupListPage extends AppShell {
  async open() {
    await this.page.goto('/list-user-group');
    await expect(this.table()).toBeVisible();
  }

  table(): Locator {
    return locate(this.page, cloudscape.findTable(byTestId('group-table')));
  }

  row(name: string): Locator {
    return rowOf(this, 'group-table', `[data-testid="group-row"][data-group-name="${name}"]`);
  }

  async openGroup(name: string) {
    await this.row(name).getByRole('link', { name }).click();
    await expect(control(this.page, 'group-form')).toBeVisible();
  }
}

/** /list-user: the users, their status actions and the import/export menu. */
export class UserListPage extends AppShell {
  async open() {
    await this.page.goto('/list-user');
    await expect(this.table()).toBeVisible();
  }

  table(): Locator {
    return locate(this.page, cloudscape.findTable(byTestId('user-table')));
  }

  /** The row of a user (the `user-row` cell carries its ID and status). */
  row(userId: string): Locator {
    return rowOf(this, 'user-table', this.rowCellSelector(userId));
  }

  /** The user-ID cell (`data-user-status`: available, suspended, locked). */
  rowCell(userId: string): Locator {
    return this.table().locator(this.rowCellSelector(userId));
  }

  private rowCellSelector(userId: string): string {
    return `[data-testid="user-row"][data-user-id="${userId}"]`;
  }

  async select(userId: string) {
    await this.row(userId).getByRole('checkbox').check();
  }

  async register() {
    await control(this.page, 'user-register-button').or(control(this.page, 'user-register-button-empty')).first().click();
    await expect(control(this.page, 'user-form')).toBeVisible();
  }

  async suspend(userId: string) {
    await this.select(userId);
    await control(this.page, 'user-suspend-button').click();
    await locate(this.page, cloudscape.findModal(byTestId('user-suspend-modal'))).waitFor();
    await control(this.page, 'user-suspend-modal-submit').click();
  }

  async unsuspend(userId: string, options: { requirePasswordChange: boolean }) {
    await this.select(userId);
    await control(this.page, 'user-unsuspend-button').click();
    await locate(this.page, cloudscape.findModal(byTestId('user-unsuspend-modal'))).waitFor();
    if (options.requirePasswordChange) await control(this.page, 'user-unsuspend-require-change').check();
    await control(this.page, 'user-unsuspend-modal-submit').click();
  }

  /** An item of the import/export menu (Cloudscape puts the item id in `data-testid`). */
  async importExport(itemId: string) {
    await control(this.page, 'import-export-button').click();
    await locate(this.page, cloudscape.findButtonDropdown().findItemById(itemId)).click();
  }
}

/** /user?mode=new: the registration form, and the temporary password shown after it. */
export class UserFormPage extends AppShell {
  async fill(values: { userId: string; name: string; email: string }) {
    await control(this.page, 'user-form-user-id').fill(values.userId);
    await control(this.page, 'user-form-name').fill(values.name);
    await control(this.page, 'user-form-email').fill(values.email);
  }

  async submit() {
    await control(this.page, 'user-form-submit').click();
  }

  tempPasswordModal(): Locator {
    return locate(this.page, cloudscape.findModal(byTestId('temp-password-modal')));
  }

  tempPassword(): Locator {
    return this.tempPasswordModal().locator(byTestId('temp-password-value'));
  }

  async closeTempPassword() {
    await control(this.page, 'temp-password-close').click();
  }
}

/** The import modal (from the import/export menu) and the import result page it links to. */
export class ImportPages extends AppShell {
  modal(): Locator {
    return locate(this.page, cloudscape.findModal(byTestId('import-modal')));
  }

  /** Chooses the CSV, starts the import and follows the link to its result page. */
  async importFile(path: string) {
    await expect(this.modal()).toBeVisible();
    await control(this.page, 'import-file-input').setInputFiles(path);
    await control(this.page, 'import-submit').click();
    await control(this.page, 'import-started-link').click();
  }

  detail(): Locator {
    return control(this.page, 'import-detail');
  }

  /** The row result of one key (user ID or corporate code) in the result table. */
  resultCell(key: string): Locator {
    return locate(this.page, cloudscape.findTable(byTestId('import-result-table'))).locator(`[data-testid="import-result-row"][data-key="${key}"]`);
  }

  resultRow(key: string): Locator {
    return rowOf(this, 'import-result-table', `[data-testid="import-result-row"][data-key="${key}"]`);
  }

  async openHistory() {
    await this.page.goto('/import-history');
    await expect(this.historyTable()).toBeVisible();
  }

  historyTable(): Locator {
    return locate(this.page, cloudscape.findTable(byTestId('import-history-table')));
  }
}

/** /user?user_id=<id>: a user's details, as an administrator sees them. */
export class UserDetailPage extends AppShell {
  private readonly devicesContainer = cloudscape.findContainer(byTestId('user-devices'));

  async open(userId: string) {
    await this.page.goto(`/user?user_id=${encodeURIComponent(userId)}`);
  }

  /** The rows of the "Trusted devices" container, of one kind (mail or totp). */
  devices(kind: 'mail' | 'totp'): Locator {
    return locate(this.page, this.devicesContainer.find(`[data-testid="user-device-row"][data-kind="${kind}"]`));
  }
}
