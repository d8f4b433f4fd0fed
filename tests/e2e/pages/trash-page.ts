import { expect, type Locator } from '@playwright/test';
import { AppShell } from './app-shell.ts';
import { byTestId, cloudscape, control, locate, followSideNavigation } from './cloudscape.ts';

/** The drive's trash (/trash): its table, the actions over the selection, and their dialogs. */
export class TrashPage extends AppShell {
  private readonly tableWrapper = cloudscape.findTable(byTestId('trash-table'));
  private readonly dialogWrapper = cloudscape.findModal(byTestId('location-dialog'));
  private readonly confirmWrapper = cloudscape.findModal(byTestId('delete-modal'));

  async open() {
    await this.page.goto('/trash');
    await this.expectLoaded();
  }

  /** "Trash" under "Drive" in the side navigation. */
  async openFromNavigation() {
    await followSideNavigation(this.page, '/trash');
    await this.expectLoaded();
  }

  async expectLoaded() {
    await expect(this.page).toHaveURL(/\/trash$/);
    await expect(this.table()).toBeVisible();
  }

  table(): Locator {
    return locate(this.page, this.tableWrapper);
  }

  heading(): Locator {
    return locate(this.page, this.tableWrapper.findHeaderSlot().findHeader().findHeadingText());
  }

  /** The header's description, with `data-scope` `contract` (the whole trash) or `own` (the user's deletions). */
  scope(): Locator {
    return locate(this.page, this.tableWrapper.findHeaderSlot().find(byTestId('trash-scope')));
  }

  /** The table row of an entry, by name. */
  row(name: string): Locator {
    return locate(this.page, this.tableWrapper.findRows()).filter({ has: this.page.locator(`${byTestId('trash-row')}[data-item-name="${name}"]`) });
  }

  /** The entry's original location (the path, and "In the trash" / "No longer exists" when so). */
  location(name: string): Locator {
    return this.row(name).locator(byTestId('trash-location'));
  }

  /** The last day a document under retention is kept (`data-retained-until` YYYY-MM-DD; the text in the language's order). */
  retainedUntil(name: string): Locator {
    return this.row(name).locator(byTestId('trash-retained-until'));
  }

  /** Ticks the entry's selection checkbox (the table allows several). */
  async select(...names: string[]) {
    for (const name of names) await this.row(name).getByRole('checkbox').check();
  }

  emptyState(): Locator {
    return locate(this.page, this.tableWrapper.findEmptySlot().find(byTestId('trash-empty')));
  }

  loadError(): Locator {
    return locate(this.page, this.tableWrapper.findEmptySlot().find(byTestId('list-error')));
  }

  async retryLoad() {
    await control(this.page, 'list-error-retry').click();
  }

  restoreButton(): Locator {
    return control(this.page, 'trash-restore-button');
  }

  restoreToButton(): Locator {
    return control(this.page, 'trash-restore-to-button');
  }

  deleteForeverButton(): Locator {
    return control(this.page, 'trash-delete-forever-button');
  }

  emptyTrashButton(): Locator {
    return control(this.page, 'trash-empty-button');
  }

  /** The one flash listing each refused entry with the server's reason (`li[data-item-name]`). */
  failures(): Locator {
    return locate(this.page, cloudscape.findFlashbar().find(byTestId('trash-failures')));
  }

  // The location dialog ("Restore to…").

  locationDialog(): Locator {
    return locate(this.page, this.dialogWrapper);
  }

  /** Opens a folder of the dialog's tree by its id ('root' is open from the start); `first()`: its own toggle, not its children's. */
  async expandFolder(folderId: string) {
    await locate(this.page, this.dialogWrapper.findContent().findTreeView().findItemById(`location-${folderId}`)!.findItemToggle()).first().click();
  }

  /** Puts the keyboard focus on a folder of the tree (its expand toggle, where arrow keys move between folders). */
  async focusFolder(folderId: string) {
    await locate(this.page, this.dialogWrapper.findContent().findTreeView().findItemById(`location-${folderId}`)!.findItemToggle()).first().focus();
  }

  /** Selects a folder of the dialog's tree by name. */
  /** A folder shown in the location dialog's tree (once its parent is open and read). */
  treeFolder(name: string): Locator {
    return locate(this.page, this.dialogWrapper.findContent().findTreeView()).locator(`${byTestId('location-folder')}[data-folder-name="${name}"]`);
  }

  async chooseFolder(name: string) {
    const folder = this.treeFolder(name);
    await folder.click();
    await expect(folder).toHaveAttribute('aria-pressed', 'true');
  }

  /** "Selected location: Drive / …" under the tree. */
  chosenLocation(): Locator {
    return locate(this.page, this.dialogWrapper.find(byTestId('location-chosen')));
  }

  locationError(): Locator {
    return locate(this.page, this.dialogWrapper.find(byTestId('location-error')));
  }

  async submitLocation() {
    await control(this.page, 'location-submit').click();
  }

  async cancelLocation() {
    await control(this.page, 'location-cancel').click();
  }

  // The confirmation of "Delete forever" and "Empty trash" (the shared delete-with-confirmation modal).

  confirmDialog(): Locator {
    return locate(this.page, this.confirmWrapper);
  }

  /** The Delete forever dialog's list of the selected documents it keeps (under retention). */
  keptInDialog(): Locator {
    return locate(this.page, this.confirmWrapper.find(byTestId('trash-delete-forever-retained')));
  }

  /** Types the confirmation word (`confirm`, `削除` in Japanese) and presses the dialog's delete button. */
  async confirm(word: string) {
    await control(this.page, 'delete-confirm-input').fill(word);
    await control(this.page, 'delete-submit').click();
  }

  async cancelConfirm() {
    await control(this.page, 'delete-cancel').click();
  }
}
