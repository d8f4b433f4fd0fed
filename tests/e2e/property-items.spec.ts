import { expect, test } from './fixtures.ts';
import { demoPassword } from './playwright.config.ts';
import { AdminApi, DEMO_KYK_ID } from './pages/admin-api.ts';
import { byTestId, cloudscape, locate, within } from './pages/cloudscape.ts';
import { DrivePage } from './pages/drive-page.ts';
import { DriveListsPanel } from './pages/lists-pages.ts';
import { LoginPage } from './pages/login-page.ts';
import { PropertyItemsPage } from './pages/property-items-page.ts';
import { RegistrationDialog } from './pages/registration-dialog.ts';
import { SearchPage } from './pages/search-page.ts';
import { shotsIn } from './pages/shots.ts';
import { expectAccessible } from './pages/a11y.ts';

const shot = shotsIn('/tmp/shots/property-items');
const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: Buffer.from(`%PDF-1.4 ${name}`) });

test.use({ viewport: { width: 1280, height: 900 } });

/**
 * Issue 13 item 1: the demo administrator defines a three-layer dropdown on /property-items (a
 * duplicate under one parent is refused under the value), registers a file in detail choosing a
 * path through its three layers, sees it in the file's details and finds it by a value of the
 * second layer in the drive search; the screens in English and
 * Japanese. The item and the file are removed at the end (other walks share the demo contract).
 */
test('an administrator defines a three-layer dropdown and uses it in a detailed registration', async ({ page, request }) => {
  test.setTimeout(240_000);
  const login = new LoginPage(page);
  const drive = new DrivePage(page);
  const items = new PropertyItemsPage(page);
  const dialog = new RegistrationDialog(page);
  const name = `Region ${Date.now().toString(36)}`;
  const fileName = `regional-${Date.now().toString(36)}.pdf`;
  await login.open();
  await login.signInEndingOtherSessions(DEMO_KYK_ID, 'admin', demoPassword);
  await drive.expectLoaded();
  await drive.switchLanguage('en');
  const api = await AdminApi.ofBrowser(request, page.context());

  try {
    await items.openFromNavigation();
    await items.create();
    await items.setName(name);
    await items.setType('dropdown');
    await items.setLayers(3);
    await items.value('options.0').fill('Japan');
    await items.value('options.0.children.0').fill('Kanto');
    await items.addValue('options.0.children.0.children');
    await items.value('options.0.children.0.children.0').fill('Tokyo');
    await items.addValue('options.0.children.0.children');
    await items.value('options.0.children.0.children.1').fill('tokyo');
    await items.save();
    await expect(items.valueError('options.0.children.0.children.1')).toHaveText('The same dropdown value is entered more than once under one parent.');
    await shot(items.page, 'form-duplicate-en');
    await expectAccessible(page, '/property-items (form with a field error)');
    await items.value('options.0.children.0.children.1').fill('Chiba');
    await items.save();
    await expect(items.dialog()).toHaveCount(0);
    await expect(items.table()).toContainText(name);
    await expect(items.table()).toContainText('3 layers, 4 values');
    await shot(page, 'table-en');
    await expectAccessible(page, '/property-items');

    // Detailed registration: the item in use is a field with one select per layer.
    await page.goto('/storage');
    await drive.expectLoaded();
    const item = (await api.ok('com/property_item', {})).items.find((entry) => entry.name === name)!;
    await dialog.choose([pdf(fileName)]);
    const section = within('detailed-file-0');
    const japan = item.options![0]!;
    const kanto = japan.children![0]!;
    const chiba = kanto.children!.find((node) => node.name === 'Chiba')!;
    for (const [layer, node] of [[1, japan], [2, kanto], [3, chiba]] as const) {
      const select = section.findSelect(byTestId(`detailed-property-${item.item_no}-layer-${layer}`));
      await locate(page, select.findTrigger()).click();
      await locate(page, select.findDropdown().findOptionByValue(node.id)).click();
      await expect(locate(page, select.findTrigger())).toContainText(node.name);
    }
    await shot(page, 'registration-en');
    await dialog.submit();
    await dialog.skipConfirmations();
    await expect(dialog.dialog()).toHaveCount(0);
    await expect(drive.row(fileName, 'ready')).toBeVisible({ timeout: 30_000 });
    const lists = new DriveListsPanel(page);
    await drive.select(fileName);
    await lists.openDetails();
    await expect(lists.details()).toContainText('Japan / Kanto / Chiba');
    await shot(page, 'details-en');

    // The drive search finds it by a value of the dropdown's second layer (and not by a sibling's).
    const search = new SearchPage(page);
    await search.searchFromDrive(fileName.slice(0, 8));
    await expect(page).toHaveURL(/\/search-result/);
    await search.chooseProperty(item.item_no, 'Japan / Kanto');
    await search.submit();
    await expect(search.row(fileName)).toBeVisible();
    await shot(page, 'search-en');
    const foundBySearch = page.url();
    await search.chooseProperty(item.item_no, 'Japan / Kanto / Tokyo');
    await search.submit();
    await expect(page.getByTestId('search-empty')).toBeVisible();

    // Japanese.
    await drive.switchLanguage('ja');
    await items.openFromNavigation();
    await expect(items.table()).toContainText('3階層');
    await shot(page, 'table-ja');
    await locate(page, cloudscape.findTable(byTestId('property-table')).findRowSelectionArea(1)).click();
    await locate(page, cloudscape.find(byTestId('property-edit'))).click();
    await expect(items.dialog()).toContainText('プルダウンの値');
    await shot(page, 'form-ja');
    await page.keyboard.press('Escape');
    await page.goto('/storage');
    await drive.expectLoaded();
    await dialog.choose([pdf('地域.pdf')]);
    await expect(dialog.dialog()).toContainText(name);
    await shot(page, 'registration-ja');
    await page.keyboard.press('Escape');
    // The search kept in its URL, in Japanese: the condition's section and the file it found.
    await page.goto(foundBySearch);
    await expect(search.row(fileName)).toBeVisible();
    await expect(page.getByTestId('search-properties')).toContainText('プロパティ項目');
    await shot(page, 'search-ja');
  } finally {
    await drive.switchLanguage('en').catch(() => undefined);
    // The file (trash, then for good) and the item go, so other walks see the contract as before.
    const listing = await api.ok('com_drive/drive_info', { page_size: 1000 });
    const file = listing.items.find((entry) => entry.name === fileName);
    if (file) {
      await api.ok('com_drive/delete_btn', { items: [{ id: file.id, type: 'file', row_version: file.row_version }] });
      await api.ok('com_drive/force_delete_btn', { items: [{ id: file.id, row_version: file.row_version + 1 }] });
    }
    const left = (await api.ok('com/property_item', {})).items.find((entry) => entry.name === name);
    if (left) await api.ok('com/property_item_del_btn', { item_no: left.item_no, row_version: left.row_version });
  }
});
