import { expect, type Locator } from '@playwright/test';
import { DrivePage } from './drive-page.ts';
import { byTestId, cloudscape, locate } from './cloudscape.ts';

/**
 * The drive page's interaction layer (web/src/features/drive/components/drive-page/commands.tsx and
 * its renderings): a file's name opening the preview, the context menu, the keyboard shortcuts and
 * their help, Undo in a success flash, drag to move, the folder filter.
 */
export class DriveInteraction extends DrivePage {
  /** A file's name in the list (a link that opens the preview). */
  fileName(name: string): Locator {
    return this.row(name, 'ready').getByTestId('drive-file-open');
  }

  /** The open preview pane (a modal holding the preview's content). */
  preview(): Locator {
    return locate(this.page, cloudscape.findModal()).filter({ has: this.page.getByTestId('preview-pane') });
  }

  /** The preview's header names the file shown. */
  async expectPreviewOf(name: string) {
    await expect(this.preview().getByRole('heading')).toContainText(name);
  }

  contextMenu(): Locator {
    return this.page.getByTestId('drive-context-menu');
  }

  menuItem(id: string): Locator {
    return this.contextMenu().locator(`[role="menuitem"][data-command="${id}"]`);
  }

  async rightClick(name: string) {
    await this.row(name, 'ready').click({ button: 'right' });
    await expect(this.contextMenu()).toBeVisible();
  }

  shortcutHelp(): Locator {
    return locate(this.page, cloudscape.findModal(byTestId('shortcut-help')));
  }

  /** The row's selection checkbox. */
  checkbox(name: string): Locator {
    const named = this.page.locator(`[data-testid="drive-row"][data-item-name="${name}"]`);
    return locate(this.page, cloudscape.findTable(byTestId('drive-table')).findRows()).filter({ has: named }).getByRole('checkbox');
  }

  /** The Undo button of the newest undoable success flash. */
  undoButton(): Locator {
    return locate(this.page, cloudscape.findFlashbar()).getByTestId('undo-button').first();
  }

  undone(): Locator {
    return locate(this.page, cloudscape.findFlashbar()).getByTestId('undo-done').first();
  }

  /** Drags a row (the selection when it is selected) onto a folder's row; `copy` holds Ctrl at the drop. */
  async dragOnto(name: string, folder: string, options: { copy?: boolean } = {}) {
    await this.dragRowTo(name, this.row(folder, 'ready'), options);
  }

  /** Drags a row onto a breadcrumb's link (a folder above this one, or the drive). */
  async dragOntoBreadcrumb(name: string, crumb: string) {
    await this.dragRowTo(name, this.breadcrumbs().getByRole('link', { name: crumb, exact: true }));
  }

  private async dragRowTo(name: string, target: Locator, options: { copy?: boolean } = {}) {
    if (options.copy) await this.page.keyboard.down('Control');
    try {
      await this.row(name, 'ready').dragTo(target);
    } finally {
      if (options.copy) await this.page.keyboard.up('Control');
    }
  }

  /** A row's star: `on` when the entry is a favourite. */
  star(name: string, on: boolean): Locator {
    return this.row(name, 'ready').getByTestId(on ? 'favorite-star' : 'favorite-star-off');
  }

  /** The folder's name box, which filters the list as one types. */
  filterBox(): Locator {
    return locate(this.page, cloudscape.findInput(byTestId('drive-search-field')).findNativeInput());
  }

  filterStatus(): Locator {
    return this.page.getByTestId('drive-filter-status');
  }
}
