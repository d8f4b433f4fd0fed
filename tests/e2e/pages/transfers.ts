import { expect, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { byTestId, cloudscape, control, locate } from './cloudscape.ts';

const DROP_SCRIPT = fileURLToPath(new URL('./drop-script.js', import.meta.url));

/** What a drop holds: a file (its text) or a folder (its entries), by name. */
export interface DropTree {
  [name: string]: string | DropTree;
}

/**
 * The transfers drawer (this tab's uploads) and drops from the desktop onto the drive page.
 * Drops are made in the page by drop-script.js.
 */
export class TransfersPanel {
  private readonly layout = cloudscape.findAppLayout();

  constructor(readonly page: Page) {}

  dropZone(): Locator {
    return control(this.page, 'drive-dropzone');
  }

  /** Starts a drag of the tree over the window: the drive page shows its drop zone. */
  async dragOver(tree: DropTree) {
    // Evaluated through the browser's protocol, which the page's Content-Security-Policy does not govern (a script tag would be refused).
    await this.page.evaluate(readFileSync(DROP_SCRIPT, 'utf8'));
    await this.page.evaluate((spec) => (globalThis as unknown as { e2eDragOver: (tree: DropTree) => void }).e2eDragOver(spec), tree);
  }

  /** Drops the dragged tree onto the drop zone. */
  async drop() {
    await expect(this.dropZone()).toBeVisible();
    await this.dropOn(this.dropZone());
  }

  /** Drops the dragged tree onto an element of the page (a folder's row name). */
  async dropOn(target: Locator) {
    await target.evaluate((element) => (globalThis as unknown as { e2eDropOn: (element: unknown) => void }).e2eDropOn(element));
  }

  /** The drawer's trigger in the layout's drawer bar (its label says how many are in progress). */
  trigger(): Locator {
    return locate(this.page, this.layout.findDrawerTriggerById('transfers'));
  }

  panel(): Locator {
    return control(this.page, 'transfers-panel');
  }

  async open() {
    if (!(await this.panel().isVisible())) await this.trigger().click();
    await expect(this.panel()).toBeVisible();
  }

  row(name: string, state?: 'queued' | 'running' | 'done' | 'failed' | 'cancelled' | 'paused'): Locator {
    return this.panel().locator(`${byTestId('transfer-row')}[data-file-name="${name}"]${state ? `[data-state="${state}"]` : ''}`);
  }

  rows(): Locator {
    return this.panel().locator(byTestId('transfer-row'));
  }

  async cancel(name: string) {
    // The progress bar draws its label twice (on screen and for the live region): the first is the visible one.
    await this.row(name).locator(byTestId('transfer-cancel')).first().click();
  }

  async retry(name: string) {
    await this.row(name).locator(byTestId('transfer-retry')).first().click();
  }

  /** "Show transfers" of an upload's flash. */
  async showFromFlash() {
    await locate(this.page, cloudscape.findFlashbar().find(byTestId('show-transfers'))).first().click();
    await expect(this.panel()).toBeVisible();
  }
}
