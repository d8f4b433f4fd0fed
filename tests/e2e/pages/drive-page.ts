import { expect, type Locator, type Page } from '@playwright/test';
import { AppShell } from './app-shell.ts';
import { byTestId, cloudscape, control, locate } from './cloudscape.ts';

const actionsMenu = cloudscape.findButtonDropdown(byTestId('drive-actions'));

/**
 * An item of the drive page's Actions menu (rename, move, copy, tags, history, favorite), the menu
 * opened first; its `menuitem` is what is enabled or disabled (`aria-disabled`) and clicked.
 */
export async function driveAction(page: Page, id: string): Promise<Locator> {
  const trigger = locate(page, actionsMenu.findNativeButton());
  if ((await trigger.getAttribute('aria-expanded')) !== 'true') await trigger.click();
  return locate(page, actionsMenu.findItemById(id)).getByRole('menuitem');
}

/**
 * Closes an open menu of the page (Escape) and waits until no menu button is expanded: on a loaded
 * machine an Escape can land before the menu has its focus, so it is pressed again until one takes.
 */
export async function closeMenu(page: Page): Promise<void> {
  const expanded = page.locator('button[aria-haspopup][aria-expanded="true"]');
  await page.keyboard.press('Escape');
  await expect(async () => {
    if ((await expanded.count()) > 0) await page.keyboard.press('Escape');
    await expect(expanded).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

/** The drive (/storage): table of a folder, create-folder modal, uploads and downloads. */
export class DrivePage extends AppShell {
  private readonly tableWrapper = cloudscape.findTable(byTestId('drive-table'));

  async expectLoaded() {
    await expect(this.page).toHaveURL(/\/storage/);
    await expect(this.table()).toBeVisible();
  }

  table(): Locator {
    return locate(this.page, this.tableWrapper);
  }

  row(name: string, status?: 'pending' | 'ready'): Locator {
    const statusSelector = status ? `[data-item-status="${status}"]` : '';
    return locate(this.page, this.tableWrapper.findRows()).locator(`[data-testid="drive-row"][data-item-name="${name}"]${statusSelector}`);
  }

  /** The in-place error of a folder that could not be loaded. */
  loadError(): Locator {
    return locate(this.page, this.tableWrapper.findEmptySlot().find(byTestId('list-error')));
  }

  refreshButton(): Locator {
    return control(this.page, 'refresh-button');
  }

  downloadButton(): Locator {
    return control(this.page, 'download-button');
  }

  /** "Create folder" in the table's header (`create-folder-button-empty` is the empty folder's). */
  createFolderButton(): Locator {
    return control(this.page, 'create-folder-button');
  }

  /** "Upload" in the table's header, and the one of an empty folder. */
  uploadButtons(): { header: Locator; empty: Locator } {
    return { header: control(this.page, 'upload-button'), empty: control(this.page, 'upload-button-empty') };
  }

  createFolderModal(): Locator {
    return locate(this.page, cloudscape.findModal(byTestId('create-folder-modal')));
  }

  async createFolder(name: string) {
    await control(this.page, 'create-folder-button').or(control(this.page, 'create-folder-button-empty')).first().click();
    await expect(this.createFolderModal()).toBeVisible();
    await control(this.page, 'create-folder-name').fill(name);
    await control(this.page, 'create-folder-submit').click();
  }

  async cancelCreateFolder() {
    await control(this.page, 'create-folder-cancel').click();
  }

  async openFolder(name: string) {
    await this.row(name).getByRole('link', { name }).click();
    await expect(control(this.page, 'drive-folder-name')).toHaveText(name);
  }

  /** A file by content, or by path (Playwright refuses buffers over 50 MB). */
  async upload(file: { name: string; mimeType: string; buffer: Buffer } | string) {
    await control(this.page, 'upload-input').setInputFiles(file);
  }

  uploadProgress(): Locator {
    return locate(this.page, cloudscape.findFlashbar().findItems()).locator(byTestId('upload-progress'));
  }

  /** Selects one row by a click on its icon (a file's name opens its preview, a folder's the folder). */
  async select(name: string) {
    await this.row(name, 'ready').click({ position: { x: 8, y: 8 } });
  }

  /** Adds a row to the selection (its checkbox), keeping what is selected. */
  async toggle(name: string) {
    const named = this.page.locator(`[data-testid="drive-row"][data-item-name="${name}"]`);
    await locate(this.page, this.tableWrapper.findRows()).filter({ has: named }).locator('input[type="checkbox"]').check();
  }

  /** An Actions menu item (the menu opened): `rename`, `move`, `copy`, `tags`, `history`, `favorite`. */
  action(id: string): Promise<Locator> {
    return driveAction(this.page, id);
  }

  closeMenu() {
    return closeMenu(this.page);
  }

  trashButton(): Locator {
    return control(this.page, 'trash-button');
  }

  renameModal(): Locator {
    return locate(this.page, cloudscape.findModal(byTestId('rename-modal')));
  }

  /** Rename of the selected row: the dialog opened, the new name typed and sent. */
  async rename(newName: string) {
    await (await this.action('rename')).click();
    await expect(this.renameModal()).toBeVisible();
    // The dialog places its selection (the name up to its extension) for a few frames after it opens:
    // typed over before it settles, a loaded machine's fill replaced only the selected part ("x.txt.txt").
    const field = control(this.page, 'rename-name');
    await expect(field).toBeFocused();
    // (A string: the tests' TypeScript has no DOM types.)
    await this.page.evaluate('new Promise((settled) => { let frames = 0; const next = () => (++frames > 8 ? settled() : requestAnimationFrame(next)); requestAnimationFrame(next); })');
    await field.fill(newName);
    await control(this.page, 'rename-submit').click();
  }

  async cancelRename() {
    await control(this.page, 'rename-cancel').click();
  }

  moveDialog(): Locator {
    return locate(this.page, cloudscape.findModal(byTestId('location-dialog')));
  }

  /** "Move to…" of the selection: the folder picked in the dialog's tree (a top-level folder) and confirmed. */
  async moveTo(folderName: string) {
    await (await this.action('move')).click();
    await expect(this.moveDialog()).toBeVisible();
    const folder = this.moveDialog().locator(`${byTestId('location-folder')}[data-folder-name="${folderName}"]`);
    await folder.click();
    await expect(folder).toHaveAttribute('aria-pressed', 'true');
    await control(this.page, 'location-submit').click();
  }

  trashModal(): Locator {
    return locate(this.page, cloudscape.findModal(byTestId('trash-modal')));
  }

  /** Delete of the selection: the confirmation opened (and confirmed unless told not to). */
  async moveToTrash(options: { confirm?: boolean } = {}) {
    await this.trashButton().click();
    await expect(this.trashModal()).toBeVisible();
    if (options.confirm !== false) await this.confirmTrash();
  }

  async confirmTrash() {
    await control(this.page, 'trash-submit').click();
  }

  async download() {
    await control(this.page, 'download-button').click();
  }
}
