import { expect, test } from './fixtures.ts';
import { AdminApi } from './pages/admin-api.ts';
import { createAdministrator, DriveApi } from './pages/drive-api.ts';
import { DriveInteraction } from './pages/drive-interaction.ts';
import { expectAccessible, focused } from './pages/a11y.ts';
import { signInInBrowser } from './pages/sign-in.ts';
import { shotsIn, uniqueUserId } from './pages/shots.ts';

const shot = shotsIn('/tmp/shots/drive-interaction');

/**
 * Issue 28 items 1, 3-7, 23: the drive's commands as the list renders them. A file's name opens the
 * preview and the arrows go on to the next file; the context menu (right-click, Shift+F10); the
 * shortcuts (? help, F2 with the name selected up to its extension, Delete, Esc); Undo of a trash and of a move; two files downloaded as one
 * ZIP by the Download button; a row dragged onto a folder row moves there, with Ctrl copies there,
 * and onto a breadcrumb moves up, a partly refused move is undone for what went through; the star toggles; the name box filters as one types; Enter on
 * Upload picks files.
 */
test('open, context menu, shortcuts, undo, selection download and drag to move', async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const run = Date.now().toString(36).slice(-5);
  const admin = new AdminApi(request);
  await admin.signIn();
  const drive = new DriveApi(admin, request);
  const folder = await drive.folder(`Interaction ${run}`);
  const target = await drive.folder('Target', folder.id);
  for (const name of ['a.txt', 'b.txt', 'c.txt']) await drive.file(name, folder.id);

  const userId = uniqueUserId('intr');
  await signInInBrowser(page, request, userId, await createAdministrator(admin, userId));
  await page.goto(`/storage?folder=${folder.id}`);
  const storage = new DriveInteraction(page);
  await expect(storage.row('c.txt', 'ready')).toBeVisible();

  // A click on a file's name opens its preview; ArrowRight shows the next file of the listing.
  await storage.fileName('a.txt').click();
  await storage.expectPreviewOf('a.txt');
  await page.keyboard.press('ArrowRight');
  await storage.expectPreviewOf('b.txt');
  await page.keyboard.press('Escape');
  await expect(storage.preview()).toHaveCount(0);

  // Right-click: the commands for that row, the same as the Actions menu; Escape closes it.
  await storage.rightClick('b.txt');
  await expect(storage.menuItem('rename')).not.toHaveAttribute('aria-disabled', 'true');
  await expect(storage.menuItem('permissions')).toHaveAttribute('aria-disabled', 'true');
  await shot(page, 'context-menu-en', { fullPage: false });
  // axe with the menu open (its check of the side navigation afterwards is a click outside: the menu closes).
  await expectAccessible(page, 'drive context menu');
  await page.keyboard.press('Escape');
  await expect(storage.contextMenu()).toHaveCount(0);
  // Shift+F10 from the row's checkbox: the same menu, keyboard operable.
  await storage.checkbox('b.txt').focus();
  await page.keyboard.press('Shift+F10');
  await expect(storage.contextMenu()).toBeVisible();
  await expect(focused(page)).toHaveAttribute('data-command', 'open');
  await page.keyboard.press('ArrowDown');
  await expect(focused(page)).toHaveAttribute('data-command', 'download');
  await page.keyboard.press('Escape');
  await expect(storage.contextMenu()).toHaveCount(0);

  // ? lists the shortcuts.
  await page.keyboard.press('?');
  await expect(storage.shortcutHelp()).toBeVisible();
  await expectAccessible(page, 'drive shortcut help');
  await shot(page, 'shortcut-help-en', { fullPage: false });
  await page.keyboard.press('Escape');
  await expect(storage.shortcutHelp()).toHaveCount(0);

  // F2 renames the selected row; Undo in the flash names it back.
  await storage.checkbox('b.txt').focus();
  await page.keyboard.press('F2');
  await expect(storage.renameModal()).toBeVisible();
  // The name is selected up to its extension; a changed extension is warned of before sending.
  const nameField = page.getByTestId('rename-name');
  await expect(nameField).toHaveJSProperty('selectionEnd', 1);
  await nameField.fill('b2.md');
  await expect(storage.renameModal()).toContainText('The extension changes from ".txt" to ".md"');
  await nameField.fill('b2.txt');
  await page.getByTestId('rename-submit').click();
  await expect(storage.row('b2.txt', 'ready')).toBeVisible();
  await shot(page, 'undo-flash-en', { fullPage: false });
  await storage.undoButton().click();
  await expect(storage.undone()).toBeVisible();
  await expect(storage.row('b.txt', 'ready')).toBeVisible();

  // Delete trashes the selection; Undo restores it.
  await storage.select('c.txt');
  await page.keyboard.press('Delete');
  await expect(storage.trashModal()).toBeVisible();
  await storage.confirmTrash();
  await expect(storage.row('c.txt')).toHaveCount(0);
  await storage.undoButton().click();
  await expect(storage.row('c.txt', 'ready')).toBeVisible();

  // Esc clears the selection.
  await storage.select('c.txt');
  await expect(storage.checkbox('c.txt')).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(storage.checkbox('c.txt')).not.toBeChecked();

  // A row dragged onto a folder row moves there; Undo moves it back.
  await storage.dragOnto('c.txt', 'Target');
  await expect(storage.row('c.txt')).toHaveCount(0);
  await storage.undoButton().click();
  await expect(storage.row('c.txt', 'ready')).toBeVisible();
  // With Ctrl held at the drop it is copied instead: it stays here, and Target holds the copy.
  await storage.dragOnto('c.txt', 'Target', { copy: true });
  await expect.poll(async () => (await admin.ok('com_drive/drive_info', { folder_id: target.id })).items.map((item) => item.name)).toEqual(['c.txt']);
  await expect(storage.row('c.txt', 'ready')).toBeVisible();
  // Dropped on a breadcrumb, the copy moves up to the drive; Undo takes it back into Target.
  await storage.openFolder('Target');
  await storage.dragOntoBreadcrumb('c.txt', 'Drive');
  await expect(storage.flash('"c.txt" was moved to Drive.')).toBeVisible();
  await expect(storage.row('c.txt')).toHaveCount(0);
  await storage.undoButton().click();
  await expect(storage.row('c.txt', 'ready')).toBeVisible();
  await storage.breadcrumbs().getByRole('link', { name: folder.name, exact: true }).click();
  // The original stayed (a fresh listing of the folder).
  await expect(storage.row('c.txt', 'ready')).toBeVisible();

  // The star on a row toggles the favourite.
  await storage.star('a.txt', false).click();
  await expect(storage.star('a.txt', true)).toBeVisible();
  await storage.star('a.txt', true).click();
  await expect(storage.star('a.txt', false)).toBeVisible();

  // The name box filters this folder as one types, and offers the whole drive.
  await storage.filterBox().fill('b.t');
  await expect(storage.filterStatus()).toContainText('1 item in this folder matches "b.t".');
  await expect(storage.row('a.txt')).toHaveCount(0);
  await expect(storage.row('b.txt', 'ready')).toBeVisible();
  await expect(storage.filterStatus().getByTestId('drive-filter-whole-drive')).toHaveText('Search the whole drive');
  await shot(page, 'filter-as-you-type-en', { fullPage: false });
  // No match: the table says so, never that the folder is empty.
  await storage.filterBox().fill('zzz');
  await expect(page.getByTestId('drive-filter-empty')).toHaveText('Nothing in this folder matches "zzz".');
  await expect(page.getByTestId('drive-empty')).toHaveCount(0);
  await storage.filterBox().fill('');
  await expect(storage.row('a.txt', 'ready')).toBeVisible();

  // A selection dragged where one of its names is taken: the other moves, and Undo is offered for it,
  // the refused one listed apart.
  await storage.select('a.txt');
  await storage.toggle('c.txt');
  await storage.dragOnto('a.txt', 'Target');
  const partly = storage.flash('1 item could not be moved.');
  await expect(partly).toBeVisible();
  await expect(page.getByTestId('bulk-failures')).toContainText('"a.txt" was moved to Target.');
  await expect(page.getByTestId('bulk-failures').locator('[data-item-name="c.txt"]')).toContainText('A file with the same name already exists');
  await shot(page, 'undo-partly-refused-en', { fullPage: false });
  await expect(storage.row('a.txt')).toHaveCount(0);
  await storage.undoButton().click();
  await expect(storage.row('a.txt', 'ready')).toBeVisible();
  await expect.poll(async () => (await admin.ok('com_drive/drive_info', { folder_id: target.id })).items.map((item) => item.name)).toEqual(['c.txt']);

  // Two files: the Download button itself gives one ZIP.
  await storage.select('a.txt');
  await storage.toggle('b.txt');
  const downloaded = page.waitForEvent('download');
  await storage.downloadButton().click();
  expect((await downloaded).suggestedFilename()).toMatch(/\.zip$/);

  // Enter on Upload opens the file picker.
  const chooser = page.waitForEvent('filechooser');
  await storage.uploadButtons().header.focus();
  await page.keyboard.press('Enter');
  await chooser;

  // The same screens in Japanese, for the screenshots only (E2E_SHOTS=1).
  if (process.env.E2E_SHOTS === '1') {
    await storage.switchLanguage('ja');
    await storage.rightClick('b.txt');
    await shot(page, 'context-menu-ja', { fullPage: false });
    await page.keyboard.press('Escape');
    await page.keyboard.press('?');
    await expect(storage.shortcutHelp()).toBeVisible();
    await shot(page, 'shortcut-help-ja', { fullPage: false });
    await page.keyboard.press('Escape');
    await storage.select('c.txt');
    await page.keyboard.press('Delete');
    await storage.confirmTrash();
    await expect(storage.undoButton()).toBeVisible();
    await shot(page, 'undo-flash-ja', { fullPage: false });
    await storage.filterBox().fill('b.t');
    await expect(storage.filterStatus()).toContainText('「b.t」');
    await expect(storage.row('a.txt')).toHaveCount(0);
    await shot(page, 'filter-as-you-type-ja', { fullPage: false });
    await storage.filterBox().fill('');
    await storage.undoButton().click();
    await expect(storage.row('c.txt', 'ready')).toBeVisible();
  }
});
