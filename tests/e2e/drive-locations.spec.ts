import { expect, test } from './fixtures.ts';
import { AdminApi } from './pages/admin-api.ts';
import { DriveApi } from './pages/drive-api.ts';
import { expectAccessible } from './pages/a11y.ts';
import { byTestId, cloudscape, control, locate } from './pages/cloudscape.ts';
import { DriveCopyPage } from './pages/drive-copy-page.ts';
import { signInInBrowser } from './pages/sign-in.ts';
import { shot, uniqueUserId } from './pages/shots.ts';

/** The location dialog's page size (web/src/features/drive/components/location-dialog.tsx). */
const PAGE = 50;

/**
 * Issue 28 items 8 and 12: the select-save-location dialog reads the folder tree a level and a page
 * at a time (com_drive/location_sel): a folder opened shows its first 50 subfolders and "Show more"
 * the rest; a copy into the file's own folder is named "name (1)" and the message says so.
 */
test('the location dialog pages a folder\'s subfolders; a copy into its own folder is numbered', async ({ page, request }) => {
  const run = Date.now().toString(36).slice(-5);
  const admin = new AdminApi(request);
  await admin.signIn();
  const drive = new DriveApi(admin, request);
  const places = await drive.folder(`Places ${run}`);
  const names = Array.from({ length: PAGE + 1 }, (_, index) => `Box ${String(index).padStart(2, '0')}`);
  const boxes = [];
  for (let index = 0; index < names.length; index += 10) boxes.push(...(await Promise.all(names.slice(index, index + 10).map((name) => drive.folder(name, places.id)))));
  const plan = await drive.file(`plan ${run}.txt`);
  // A drive user (level 3, no administrator: folder settings narrow them) who may only read "Box 00".
  const userId = uniqueUserId('locs');
  const { temporary_password } = await admin.createUser(userId, { drive: 3 });
  const box = boxes.find((folder) => folder.name === names[0])!;
  await admin.ok('com_drive/permission_save_btn', { id: box.id, row_version: box.row_version, policy: 'deny', update: { users: [userId], groups: [] } });

  await signInInBrowser(page, request, userId, temporary_password!);
  const copyPage = new DriveCopyPage(page);
  await copyPage.expectLoaded();
  const dialog = cloudscape.findModal(byTestId('location-dialog'));
  const tree = () => dialog.findContent().findTreeView();
  const inPlaces = () => locate(page, tree().findItemById(`location-${places.id}`)!).locator(byTestId('location-folder'));

  // Copy to…: the folder opened reads its first page; "Show more" the next.
  await copyPage.toggle(plan.name);
  await copyPage.openCopyDialog();
  await locate(page, tree().findItemById(`location-${places.id}`)!.findItemToggle()).first().click();
  await expect(inPlaces()).toHaveCount(PAGE + 1); // Places itself and its first 50
  // The folder it may only read is marked and cannot be chosen.
  const readOnly = locate(page, dialog).locator(`${byTestId('location-folder')}[data-folder-name="${names[0]}"]`);
  await expect(readOnly).toBeDisabled();
  await expect(locate(page, dialog).locator(byTestId('location-view-only'))).toHaveText(['View only']);
  const more = locate(page, dialog).locator(byTestId('location-more'));
  await expect(more).toHaveText('Show more folders');
  await shot(page, 'locations-dialog-en');
  await more.scrollIntoViewIfNeeded();
  await shot(page, 'locations-more-en');
  await expectAccessible(page, 'location dialog with Show more');
  await more.click();
  await expect(inPlaces()).toHaveCount(PAGE + 2);
  await expect(more).toHaveCount(0);
  await copyPage.copyTo(names.at(-1)!);
  await expect(copyPage.flash(`"${plan.name}" was copied to ${names.at(-1)}.`)).toBeVisible();

  // Into its own folder (the drive's top): the copy is "plan … (1).txt", and the message names it.
  await copyPage.toggle(plan.name);
  await copyPage.openCopyDialog();
  await copyPage.copyTo('Drive');
  const numbered = `plan ${run} (1).txt`;
  await expect(copyPage.flash(`"${numbered}" was copied to Drive.`)).toBeVisible();
  await expect(copyPage.row(numbered, 'ready')).toBeVisible();

  // The same dialog in Japanese.
  await copyPage.switchLanguage('ja');
  await copyPage.toggle(plan.name);
  await (await copyPage.copyAction()).click();
  await expect(copyPage.copyDialog()).toBeVisible();
  await locate(page, tree().findItemById(`location-${places.id}`)!.findItemToggle()).first().click();
  await expect(more).toHaveText('さらにフォルダーを表示');
  await shot(page, 'locations-dialog-ja');
  await more.scrollIntoViewIfNeeded();
  await shot(page, 'locations-more-ja');
  await control(page, 'location-cancel').click();
});
