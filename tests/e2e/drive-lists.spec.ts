import { expect, test } from './fixtures.ts';
import { AdminApi } from './pages/admin-api.ts';
import { createAdministrator, DriveApi } from './pages/drive-api.ts';
import { DrivePage } from './pages/drive-page.ts';
import { DriveListsPanel, FavoritesPage, RecentPage } from './pages/lists-pages.ts';
import { signInInBrowser } from './pages/sign-in.ts';
import { shotsIn, uniqueUserId } from './pages/shots.ts';
import { expectAccessible } from './pages/a11y.ts';

/**
 * Favourites, recent files and tags (docs/drive.md "Favourites and recent files", "Tags"): favourites
 * added from the drive page show a star and are listed on /favorites, where each opens its place and
 * can be removed; a download and a rename put files on /recent, newest first; private and common tags
 * are created and attached in the tags dialog, shown in the Tags column and the details panel, and
 * used as the filter; a level-2 user is refused a common tag with the server's message. English and
 * Japanese screens are captured.
 */

const shot = shotsIn('/tmp/shots-lists');


test('favourites from the drive page, opened and removed on /favorites; a download and a rename on /recent', async ({ page, request }) => {
  // A long walk (three pages, two languages) on a shared machine.
  test.setTimeout(240_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const run = Date.now().toString(36).slice(-5);
  const admin = new AdminApi(request);
  await admin.signIn();
  const drive = new DriveApi(admin, request);
  const folder = await drive.folder(`Lists ${run}`);
  const budget = await drive.file(`budget ${run}.xlsx`, folder.id, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const notes = await drive.file(`notes ${run}.txt`);

  const userId = uniqueUserId('lst');
  await signInInBrowser(page, request, userId, await createAdministrator(admin, userId));
  const storage = new DrivePage(page);
  const lists = new DriveListsPanel(page);
  await storage.expectLoaded();

  // Nothing yet: both lists say so.
  const favorites = new FavoritesPage(page);
  await favorites.openFromNavigation();
  await expect(favorites.emptyState()).toContainText('No favourites yet');
  const recent = new RecentPage(page);
  await recent.openFromNavigation();
  await expect(recent.emptyState()).toContainText('No recent files');
  await shot(page, 'recent-empty-en');

  // Add a folder and a file from the drive page: stars on their rows.
  await page.goto('/storage');
  await storage.toggle(folder.name);
  await storage.toggle(notes.name);
  await expect(await lists.favoriteAction()).toHaveText('Add to favourites');
  await (await lists.favoriteAction()).click();
  await expect(lists.flash('2 items were added to your favourites.')).toBeVisible();
  await expect(lists.star(folder.name)).toBeVisible();
  await expect(lists.star(notes.name)).toBeVisible();
  await expect(await lists.favoriteAction()).toHaveText('Remove from favourites');
  await lists.closeMenu();
  await storage.openFolder(folder.name);
  await storage.select(budget.name);
  await (await lists.favoriteAction()).click();
  await expect(lists.flash(`"${budget.name}" was added to your favourites.`)).toBeVisible();
  await expect(lists.star(budget.name)).toBeVisible();

  // The favourites, newest first, each with its place.
  await favorites.openFromNavigation();
  await expect(favorites.heading()).toHaveText('Favourites');
  await expect(favorites.names()).toHaveCount(3);
  await expect(favorites.names().first()).toHaveAttribute('data-item-name', budget.name);
  await expect(favorites.place(budget.name)).toHaveText(`Drive / ${folder.name}`);
  await expect(favorites.place(notes.name)).toHaveText('Drive');
  await shot(page, 'favorites-en');
  await expectAccessible(page, '/favorites');

  // A folder opens in the drive; a file opens its folder with the file selected.
  await favorites.openEntry(folder.name);
  await expect(page).toHaveURL(new RegExp(`/storage\\?folder=${folder.id}$`));
  await expect(page.getByTestId('drive-folder-name')).toHaveText(folder.name);
  await favorites.open();
  await favorites.openEntry(budget.name);
  await expect(page).toHaveURL(new RegExp(`/storage\\?folder=${folder.id}&select=${budget.id}$`));
  await expect(lists.checkbox(budget.name)).toBeChecked();
  await lists.openDetails();
  await expect(lists.details().getByTestId('details-place')).toHaveText(`Drive / ${folder.name}`);
  await expect(lists.details().getByTestId('details-name')).toHaveText(budget.name);
  await shot(page, 'drive-details-en');
  await expectAccessible(page, '/storage with the details panel');

  // Download it: on /recent. Then rename the other file: on top.
  const downloaded = page.waitForEvent('download');
  await storage.download();
  expect((await downloaded).suggestedFilename()).toBe(budget.name);
  await favorites.open();
  await favorites.openEntry(notes.name);
  await expect(lists.checkbox(notes.name)).toBeChecked();
  await storage.rename(`renamed ${run}.txt`);
  // Said in the flash: in a shared contract the drive's first page may hold other walks' folders only.
  await expect(lists.flash(`"${notes.name}" was renamed to "renamed ${run}.txt".`)).toBeVisible();
  await recent.openFromNavigation();
  await expect(recent.names()).toHaveCount(2);
  await expect(recent.names().nth(0)).toHaveAttribute('data-item-name', `renamed ${run}.txt`);
  await expect(recent.names().nth(1)).toHaveAttribute('data-item-name', budget.name);
  await expect(recent.row(`renamed ${run}.txt`)).toContainText('Changed');
  await expect(recent.row(budget.name)).toContainText('Downloaded');
  await expect(recent.place(budget.name)).toHaveText(`Drive / ${folder.name}`);
  await shot(page, 'recent-en');
  await expectAccessible(page, '/recent');

  // Remove two favourites at once.
  await favorites.openFromNavigation();
  await expect(favorites.removeButton()).toBeDisabled();
  await favorites.select(folder.name, `renamed ${run}.txt`);
  await favorites.removeButton().click();
  await expect(favorites.flash('2 items were removed from your favourites.')).toBeVisible();
  await expect(favorites.names()).toHaveCount(1);
  await expect(favorites.row(budget.name)).toBeVisible();

  // Japanese.
  await favorites.switchLanguage('ja');
  await expect(favorites.heading()).toHaveText('お気に入り');
  await expect(favorites.place(budget.name)).toHaveText(`ドライブ / ${folder.name}`);
  await shot(page, 'favorites-ja');
  await recent.openFromNavigation();
  await expect(recent.heading()).toHaveText('最近使用したファイル');
  await expect(recent.row(budget.name)).toContainText('ダウンロード');
  await shot(page, 'recent-ja');
});

test('private and common tags in the tags dialog, the Tags column, the details panel and the tag filter', async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const run = Date.now().toString(36).slice(-5);
  const admin = new AdminApi(request);
  await admin.signIn();
  const drive = new DriveApi(admin, request);
  const folder = await drive.folder(`Tags ${run}`);
  const contract = await drive.file(`contract ${run}.pdf`, folder.id, 'application/pdf');
  const memo = await drive.file(`memo ${run}.txt`, folder.id);
  await drive.file(`other ${run}.txt`, folder.id);

  const userId = uniqueUserId('tag');
  await signInInBrowser(page, request, userId, await createAdministrator(admin, userId));
  const storage = new DrivePage(page);
  const lists = new DriveListsPanel(page);
  await page.goto(`/storage?folder=${folder.id}`);
  await expect(storage.row(contract.name)).toBeVisible();
  await expect(await lists.tagsAction()).toBeDisabled();
  await lists.closeMenu();

  // A private and a common tag, created in the dialog and ticked there.
  const reviewTag = `review ${run}`;
  const contracts = `Contracts ${run}`;
  await storage.select(contract.name);
  await (await lists.tagsAction()).click();
  await expect(lists.dialog()).toContainText('File tags');
  await lists.createTag(reviewTag, 'private');
  await expect(lists.created()).toContainText(`The tag "${reviewTag}" was created.`);
  await expect(lists.dialogTag(reviewTag)).toBeChecked();
  await lists.createTag(contracts, 'common');
  await expect(lists.dialogTag(contracts)).toBeChecked();
  // A name taken in its scope is refused under the field.
  await lists.createTag(contracts.toUpperCase(), 'common');
  await expect(lists.createError()).toHaveText('A common tag with the same name already exists.');
  await shot(page, 'tags-dialog-en');
  await lists.saveTags();
  await expect(lists.flash(`The tags of "${contract.name}" were saved.`)).toBeVisible();
  await expect(lists.rowTags(contract.name)).toHaveCount(2);
  await expect(lists.rowTags(contract.name).nth(0)).toHaveAttribute('data-tag-name', contracts);
  await expect(lists.rowTags(contract.name).nth(1)).toHaveAttribute('data-tag-name', reviewTag);

  // The common tag on the memo too (keyboard: Space ticks the focused box).
  await storage.select(memo.name);
  await (await lists.tagsAction()).click();
  await expect(lists.dialogTag(contracts)).not.toBeChecked();
  await lists.dialogTag(contracts).focus();
  await page.keyboard.press('Space');
  await expect(lists.dialogTag(contracts)).toBeChecked();
  await lists.saveTags();
  await expect(lists.rowTags(memo.name)).toHaveText([contracts]);

  // The details panel shows the selection's tags.
  await storage.select(contract.name);
  await lists.openDetails();
  await expect(lists.details().getByTestId('details-tags')).toContainText(reviewTag);
  await expect(lists.details().getByTestId('details-place')).toHaveText(`Drive / ${folder.name}`);
  await shot(page, 'drive-tags-en');

  // The filter: the private tag's one entry; the common tag's two, newest tagging first.
  await lists.filterByTag(reviewTag);
  await expect(lists.tagFilterActive()).toHaveText(`Items tagged "${reviewTag}" anywhere in the drive, newest tagging first.`);
  await expect(lists.names()).toHaveCount(1);
  await expect(lists.names().first()).toHaveAttribute('data-item-name', contract.name);
  await lists.filterByTag(contracts);
  await expect(lists.names()).toHaveCount(2);
  await expect(lists.names().nth(0)).toHaveAttribute('data-item-name', memo.name);
  await expect(lists.names().nth(1)).toHaveAttribute('data-item-name', contract.name);
  await shot(page, 'drive-tag-filter-en');
  await lists.clearTagFilter();
  await expect(lists.names()).toHaveCount(3);

  // Japanese: the dialog and the filter.
  await lists.switchLanguage('ja');
  await storage.select(contract.name);
  await (await lists.tagsAction()).click();
  await expect(lists.dialog()).toContainText('ファイルタグ');
  await expect(lists.dialogTag(reviewTag)).toBeChecked();
  await shot(page, 'tags-dialog-ja');
  await page.getByTestId('tags-dialog-cancel').click();
  await lists.filterByTag(contracts);
  await expect(lists.tagFilterActive()).toContainText(`「${contracts}」タグが付いたアイテム`);
  await shot(page, 'drive-tag-filter-ja');
});

test('a level-2 user sets private tags but is refused a common tag with the message', async ({ page, request }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const run = Date.now().toString(36).slice(-5);
  const admin = new AdminApi(request);
  await admin.signIn();
  const drive = new DriveApi(admin, request);
  // In a folder of its own: the drive's top level holds what every other walk made.
  const parent = await drive.folder(`Team space ${run}`);
  const folder = await drive.folder(`Shared ${run}`, parent.id);
  const common = (await admin.ok('com_drive/tag_create_btn', { name: `Approved ${run}`, scope: 'common' })).tag;

  const userId = uniqueUserId('tg2');
  const { temporary_password } = await admin.createUser(userId, { drive: 2 });
  await signInInBrowser(page, request, userId, temporary_password!);
  const storage = new DrivePage(page);
  const lists = new DriveListsPanel(page);
  await page.goto(`/storage?folder=${parent.id}`);
  await expect(storage.row(folder.name)).toBeVisible();
  // A folder row is chosen by its checkbox (a click on its name opens it).
  await storage.toggle(folder.name);
  await (await lists.tagsAction()).click();
  await expect(lists.dialog()).toContainText('Folder tags');
  // Common tags are read-only here, with the reason.
  await expect(lists.dialogTag(common.name)).toBeDisabled();
  await expect(lists.dialog()).toContainText('Only administrators can register or set common tags.');

  await lists.createTag(`Team ${run}`, 'common');
  await expect(lists.createError()).toHaveText('Only administrators can register or set common tags.');
  await shot(page, 'tags-refused-en');
  const mine = `mine ${run}`;
  await lists.createTag(mine, 'private');
  await expect(lists.dialogTag(mine)).toBeChecked();
  await lists.saveTags();
  await expect(lists.rowTags(folder.name)).toHaveText([mine]);

  // No common tag of that name was made.
  const seen = await admin.ok('com_drive/tag_search', { prefix: `Team ${run}`, scope: 'common' });
  expect(seen.tags).toEqual([]);

  await lists.switchLanguage('ja');
  await expect(lists.checkbox(folder.name)).toBeChecked();
  await (await lists.tagsAction()).click();
  await lists.createTag(`チーム ${run}`, 'common');
  await expect(lists.createError()).toHaveText('共通タグを登録・設定できるのは管理者だけです。');
  await shot(page, 'tags-refused-ja');
});
