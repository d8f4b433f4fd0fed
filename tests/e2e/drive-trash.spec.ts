import { expect, test } from './fixtures.ts';
import { AdminApi, DEMO_KYK_ID } from './pages/admin-api.ts';
import { createAdministrator, DriveApi, UserApi } from './pages/drive-api.ts';
import { LoginPage } from './pages/login-page.ts';
import { signInInBrowser } from './pages/sign-in.ts';
import { shot, uniqueUserId } from './pages/shots.ts';
import { TrashPage } from './pages/trash-page.ts';
import { expectAccessible } from './pages/a11y.ts';

/**
 * The drive's trash (/trash, docs/drive.md "Trash"): entries trashed through the API are listed with
 * where they were; restored where they were, or into a folder chosen in the location dialog when
 * their place is gone; refused entries are listed with the server's reason; deleted forever and the
 * trash emptied by an administrator. A level-2 user sees only their own deletions and cannot delete
 * for good. Screenshots in English and Japanese.
 */



test('an administrator restores, restores to a chosen folder, deletes forever and empties the trash', async ({ page, request }) => {
  // Flashes and modals appear without their animation (Cloudscape follows the preference): steady screenshots.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const run = Date.now().toString(36).slice(-5);
  const admin = new AdminApi(request);
  await admin.signIn();
  const drive = new DriveApi(admin, request);

  // Arrange: entries whose place is there, in the trash, or gone for good.
  const projects = await drive.folder(`Projects ${run}`);
  const reports = await drive.folder(`Reports ${run}`, projects.id);
  const plan = await drive.file(`plan ${run}.txt`, projects.id);
  const inbox = await drive.folder(`Inbox ${run}`);
  const archive = await drive.folder(`Archive ${run}`);
  const report = await drive.file(`report ${run}.pdf`, archive.id, 'application/pdf');
  const team = await drive.folder(`Team ${run}`);
  const minutes = await drive.file(`minutes ${run}.docx`, team.id, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  const draft = await drive.file(`draft ${run}.xlsx`, 'root', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const old = await drive.folder(`Old stuff ${run}`);
  // A name the chosen folder already holds: that entry is refused there, the others go.
  await drive.file(`clash ${run}.txt`, inbox.id);
  const clash = await drive.file(`clash ${run}.txt`, projects.id);
  await drive.trash(plan, report, minutes, draft, old, clash);
  await drive.trash(archive, team);
  await drive.deleteForever(archive);

  const userId = uniqueUserId('trsh');
  await signInInBrowser(page, request, userId, await createAdministrator(admin, userId));
  const trash = new TrashPage(page);
  await trash.openFromNavigation();
  await expect(trash.breadcrumbs()).toContainText('Trash');
  await expect(trash.scope()).toHaveAttribute('data-scope', 'contract');
  await expect(trash.scope()).toHaveText("Files and folders deleted by anyone in your company. They stay here until they are restored or deleted forever.");

  // Each entry with where it was: present, in the trash, no longer there.
  await expect(trash.location(plan.name)).toHaveText(`Drive / ${projects.name}`);
  await expect(trash.location(minutes.name)).toContainText(`Drive / ${team.name}`);
  await expect(trash.location(minutes.name)).toContainText('In the trash');
  await expect(trash.location(report.name)).toContainText('Drive / …');
  await expect(trash.location(report.name)).toContainText('No longer exists');
  await expect(trash.row(team.name)).toBeVisible();
  await expect(trash.row(archive.name)).toHaveCount(0);
  await expect(trash.emptyTrashButton()).toBeEnabled();
  await expect(trash.restoreButton()).toBeDisabled();
  await shot(page, 'trash-list-en');
  await expectAccessible(page, '/trash');

  // Restore where it was: back in its folder.
  await trash.select(plan.name);
  await trash.restoreButton().click();
  await expect(trash.flash(`"${plan.name}" was restored.`)).toBeVisible();
  await expect(trash.row(plan.name)).toHaveCount(0);
  expect(await drive.names(projects.id)).toContain(plan.name);

  // The place is gone: Restore is refused up front, "Restore to…" asks where.
  await trash.select(report.name);
  await expect(trash.restoreButton()).toBeDisabled();
  await trash.restoreToButton().click();
  await expect(trash.locationDialog()).toContainText(`Choose the folder to restore "${report.name}" into.`);
  await trash.chooseFolder(inbox.name);
  await expect(trash.chosenLocation()).toHaveText(`Selected location: Drive / ${inbox.name}`);
  await shot(page, 'trash-restore-to-en');
  await trash.submitLocation();
  await expect(trash.locationDialog()).toHaveCount(0);
  await expect(trash.flash(`"${report.name}" was restored.`)).toBeVisible();
  await expect(trash.row(report.name)).toHaveCount(0);
  expect(await drive.names(inbox.id)).toContain(report.name);

  // Two at once into one folder: one goes, the other's name is taken there (the refusal is listed with its reason).
  await trash.select(minutes.name, clash.name);
  await trash.restoreToButton().click();
  await trash.chooseFolder(inbox.name);
  await trash.submitLocation();
  await expect(trash.failures()).toContainText(`"${minutes.name}" was restored.`);
  await expect(trash.failures()).toContainText(`${clash.name}: An item with the same name already exists in the new location.`);
  await expect(trash.flash('1 item could not be restored')).toBeVisible();
  await expect(trash.row(minutes.name)).toHaveCount(0);
  await expect(trash.row(clash.name)).toBeVisible();
  expect(await drive.names(inbox.id)).toContain(minutes.name);
  await shot(page, 'trash-partial-en');

  // Delete forever, after the confirmation naming what goes.
  await trash.select(draft.name);
  await trash.deleteForeverButton().click();
  await expect(trash.confirmDialog()).toContainText(`Permanently delete "${draft.name}"? You can't undo this action.`);
  await shot(page, 'trash-delete-forever-en');
  await trash.confirm('confirm');
  await expect(trash.flash(`"${draft.name}" was deleted forever.`)).toBeVisible();
  await expect(trash.row(draft.name)).toHaveCount(0);
  expect(await drive.readCode(draft.id)).toBe(-3);
  expect((await drive.trashed()).items.map((entry) => entry.id)).not.toContain(draft.id);

  // Japanese: the list, the location dialog and the confirmation.
  await trash.switchLanguage('ja');
  await expect(trash.heading()).toHaveText('ごみ箱');
  await expect(trash.location(team.name)).toHaveText('ドライブ');
  await shot(page, 'trash-list-ja');
  await trash.select(team.name, old.name);
  await trash.restoreToButton().click();
  await expect(trash.locationDialog()).toContainText('選択した2件のアイテムを復元するフォルダーを選んでください。');
  await expect(trash.locationDialog()).toContainText('フォルダーは中身ごと復元されます。');
  // The tree by keyboard: Enter opens a folder, down to its subfolder, right to the name, Enter selects it.
  await trash.focusFolder(projects.id);
  await page.keyboard.press('Enter');
  // The subfolders are read when a folder opens: wait for them before moving down.
  await expect(trash.treeFolder(reports.name)).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(trash.chosenLocation()).toHaveText(`選択した場所: ドライブ / ${projects.name} / ${reports.name}`);
  await shot(page, 'trash-restore-to-ja');
  await trash.cancelLocation();
  await trash.deleteForeverButton().click();
  await expect(trash.confirmDialog()).toContainText('選択した2件のアイテムを完全に削除しますか？この操作は元に戻せません。');
  await expect(trash.confirmDialog()).toContainText('選択したフォルダーの中身もすべて削除されます。');
  await shot(page, 'trash-delete-forever-ja');
  await trash.cancelConfirm();

  // Empty the trash (administrators): everything goes, the list says it is empty.
  await trash.emptyTrashButton().click();
  await expect(trash.confirmDialog()).toContainText('ごみ箱内のすべてのアイテムを完全に削除しますか？この操作は元に戻せません。');
  await trash.confirm('削除');
  await expect(trash.flash('ごみ箱を空にしました。')).toBeVisible();
  await expect(trash.emptyState()).toContainText('ごみ箱は空です');
  await expect(trash.emptyTrashButton()).toBeDisabled();
  await shot(page, 'trash-empty-ja');
  expect((await drive.trashed()).items).toEqual([]);
  expect(await drive.readCode(team.id)).toBe(-3);
  await admin.signOut();
});

test('a level-2 user sees only their own deletions, restores them, and cannot delete forever', async ({ page, request }) => {
  // Flashes and modals appear without their animation (Cloudscape follows the preference): steady screenshots.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const run = Date.now().toString(36).slice(-5);
  const admin = new AdminApi(request);
  await admin.signIn();
  const adminDrive = new DriveApi(admin, request);
  const others = await adminDrive.folder(`Admin's ${run}`);
  await adminDrive.trash(others);

  const userId = uniqueUserId('trl2');
  const { temporary_password } = await admin.createUser(userId, { drive: 2 });
  const password = `Tr-${Math.random().toString(36).slice(2, 10)}-Pw9!`;
  const user = new UserApi(request);
  await user.signInAs(DEMO_KYK_ID, userId, temporary_password!, password);
  const own = new DriveApi(user, request);
  const mine = await own.folder(`Mine ${run}`);
  const notes = await own.file(`notes ${run}.txt`, mine.id);
  await own.trash(notes);
  await own.trash(mine);
  await user.signOut();

  const login = new LoginPage(page);
  await login.open();
  await login.signIn(DEMO_KYK_ID, userId, password);
  await expect(page).toHaveURL(/\/storage/);

  // A list that cannot be read says so, and Retry reads it again.
  await page.route('**/api/com_drive/recycle_list', (route) => route.abort());
  const trash = new TrashPage(page);
  await trash.open();
  await trash.closeErrorModal();
  await expect(trash.loadError()).toBeVisible();
  await page.unroute('**/api/com_drive/recycle_list');
  await trash.retryLoad();

  await expect(trash.scope()).toHaveAttribute('data-scope', 'own');
  await expect(trash.scope()).toHaveText('Files and folders you deleted. Only your own deletions are shown here.');
  await expect(trash.row(mine.name)).toBeVisible();
  await expect(trash.location(notes.name)).toContainText('In the trash');
  await expect(trash.row(others.name)).toHaveCount(0);
  await expect(trash.restoreButton()).toBeVisible();
  await expect(trash.restoreToButton()).toBeVisible();
  await expect(trash.deleteForeverButton()).toHaveCount(0);
  await expect(trash.emptyTrashButton()).toHaveCount(0);
  await shot(page, 'trash-own-en');

  // The folder first, then the file inside it goes back where it was.
  await trash.select(mine.name);
  await trash.restoreButton().click();
  await expect(trash.flash(`"${mine.name}" was restored.`)).toBeVisible();
  await expect(trash.location(notes.name)).toHaveText(`Drive / ${mine.name}`);
  await trash.select(notes.name);
  await trash.restoreButton().click();
  await expect(trash.flash(`"${notes.name}" was restored.`)).toBeVisible();
  await expect(trash.emptyState()).toBeVisible();
  expect(await adminDrive.names(mine.id)).toEqual([notes.name]);

  await trash.switchLanguage('ja');
  await expect(trash.scope()).toHaveText('あなたが削除したファイルとフォルダーです。ここにはご自身が削除したものだけが表示されます。');
  await expect(trash.flash(`「${notes.name}」を復元しました。`)).toBeVisible();
  await expect(trash.flash('フォルダーを開く')).toBeVisible();
  await shot(page, 'trash-own-ja');
  await admin.signOut();
});
