import { expect, type Locator } from '@playwright/test';
import { AppShell } from './app-shell.ts';
import { closeMenu, driveAction } from './drive-page.ts';
import { byTestId, cloudscape, control, locate, followSideNavigation } from './cloudscape.ts';

/** Rows of a list whose name cells carry `data-testid=<rowTestId>` and `data-item-name`. */
class PlacedList extends AppShell {
  protected tableTestId = '';
  protected rowTestId = '';
  protected href = '';

  private get tableWrapper() {
    return cloudscape.findTable(byTestId(this.tableTestId));
  }

  async open() {
    await this.page.goto(this.href);
    await this.expectLoaded();
  }

  /** The list's entry under "Drive" in the side navigation. */
  async openFromNavigation() {
    await followSideNavigation(this.page, this.href);
    await this.expectLoaded();
  }

  async expectLoaded() {
    await expect(this.page).toHaveURL(new RegExp(`${this.href}$`));
    await expect(this.table()).toBeVisible();
  }

  table(): Locator {
    return locate(this.page, this.tableWrapper);
  }

  heading(): Locator {
    return locate(this.page, this.tableWrapper.findHeaderSlot().findHeader().findHeadingText());
  }

  /** The names listed, top to bottom. */
  names(): Locator {
    return locate(this.page, this.tableWrapper.findRows()).locator(byTestId(this.rowTestId));
  }

  row(name: string): Locator {
    return locate(this.page, this.tableWrapper.findRows()).filter({ has: this.page.locator(`${byTestId(this.rowTestId)}[data-item-name="${name}"]`) });
  }

  /** "Drive / A / B" of an entry. */
  place(name: string): Locator {
    return this.row(name).locator(byTestId('place-location'));
  }

  /** Follows the entry's name: a folder opens in the drive, a file opens its folder with the file selected. */
  async openEntry(name: string) {
    await this.row(name).locator(byTestId(this.rowTestId)).getByRole('link').click();
  }

  async select(...names: string[]) {
    for (const name of names) await this.row(name).getByRole('checkbox').check();
  }

  emptyState(): Locator {
    return locate(this.page, this.tableWrapper.findEmptySlot());
  }
}

/** The favourites (/favorites): the starred entries and "Remove from favourites". */
export class FavoritesPage extends PlacedList {
  protected override tableTestId = 'favorites-table';
  protected override rowTestId = 'favorite-row';
  protected override href = '/favorites';

  removeButton(): Locator {
    return control(this.page, 'favorites-remove-button');
  }
}

/** The recent files (/recent). */
export class RecentPage extends PlacedList {
  protected override tableTestId = 'recent-table';
  protected override rowTestId = 'recent-row';
  protected override href = '/recent';
}

/**
 * What the drive page (/storage) adds for favourites and tags: the favourite button and stars, the
 * tags dialog, the Tags column, the tag filter and the details split panel.
 */
export class DriveListsPanel extends AppShell {
  private readonly tableWrapper = cloudscape.findTable(byTestId('drive-table'));
  private readonly tagFilter = cloudscape.findButtonDropdown(byTestId('tag-filter'));
  private readonly dialogWrapper = cloudscape.findModal(byTestId('tags-dialog'));

  row(name: string): Locator {
    return locate(this.page, this.tableWrapper.findRows()).filter({ has: this.page.locator(`${byTestId('drive-row')}[data-item-name="${name}"]`) });
  }

  /** The names listed, top to bottom. */
  names(): Locator {
    return locate(this.page, this.tableWrapper.findRows()).locator(byTestId('drive-row'));
  }

  /** Whether the row is selected (its checkbox). */
  checkbox(name: string): Locator {
    return this.row(name).getByRole('checkbox');
  }

  star(name: string): Locator {
    return this.row(name).locator(byTestId('favorite-star'));
  }

  /** "Add to favourites" / "Remove from favourites" in the Actions menu (the menu opened). */
  favoriteAction(): Promise<Locator> {
    return driveAction(this.page, 'favorite');
  }

  /** "Tags" in the Actions menu (the menu opened). */
  tagsAction(): Promise<Locator> {
    return driveAction(this.page, 'tags');
  }

  closeMenu() {
    return closeMenu(this.page);
  }

  /** The tags shown in an entry's Tags cell. */
  rowTags(name: string): Locator {
    return this.row(name).locator(`${byTestId('drive-row-tags')} ${byTestId('item-tag')}`);
  }

  // The tags dialog.

  dialog(): Locator {
    return locate(this.page, this.dialogWrapper);
  }

  /** A tag's checkbox in the dialog. */
  dialogTag(name: string): Locator {
    return this.dialog().locator(`${byTestId('tags-dialog-tag')}[data-tag-name="${name}"]`);
  }

  async createTag(name: string, scope: 'common' | 'private') {
    await control(this.page, 'tag-create-name').fill(name);
    await locate(this.page, this.dialogWrapper.findContent().findRadioGroup().findInputByValue(scope)).check();
    await control(this.page, 'tag-create-submit').click();
  }

  /** The refusal shown under a field of the new-tag form. */
  createError(): Locator {
    return locate(this.page, this.dialogWrapper.find(byTestId('tags-dialog-create')).findFormField().findError());
  }

  created(): Locator {
    return control(this.page, 'tag-created');
  }

  async saveTags() {
    await control(this.page, 'tags-dialog-save').click();
  }

  // The tag filter.

  /** Chooses a tag by name in the filter's dropdown (its options show the name and the tag's kind). */
  async filterByTag(name: string) {
    await locate(this.page, this.tagFilter.findNativeButton()).click();
    await locate(this.page, this.tagFilter.findItems()).filter({ hasText: name }).first().click();
  }

  async clearTagFilter() {
    await locate(this.page, this.tagFilter.findNativeButton()).click();
    await locate(this.page, this.tagFilter.findItemById('all')).click();
  }

  tagFilterActive(): Locator {
    return control(this.page, 'tag-filter-active');
  }

  // The details split panel.

  async openDetails() {
    await locate(this.page, cloudscape.findAppLayout().findSplitPanelOpenButton()).click();
  }

  details(): Locator {
    return locate(this.page, cloudscape.findAppLayout().findSplitPanel());
  }
}
