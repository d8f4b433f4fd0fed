import { expect, type Locator, type Page } from '@playwright/test';
import { byTestId, cloudscape, control, followSideNavigation, locate, within } from './cloudscape.ts';

/** /property-items: the items table, the create/edit form with its nested value lists, the delete dialog. */
export class PropertyItemsPage {
  private readonly modal = cloudscape.findModal(byTestId('property-form'));
  private readonly form = within('property-form');

  constructor(readonly page: Page) {}

  async openFromNavigation() {
    await followSideNavigation(this.page, '/property-items');
    await expect(this.table()).toBeVisible();
  }

  table(): Locator {
    return control(this.page, 'property-table');
  }

  dialog(): Locator {
    return locate(this.page, this.modal);
  }

  async create() {
    await control(this.page, 'property-create').click();
    await expect(this.dialog()).toBeVisible();
  }

  async setName(name: string) {
    await locate(this.page, this.form.findInput(byTestId('property-name')).findNativeInput()).fill(name);
  }

  private async choose(testId: string, value: string) {
    const select = this.form.findSelect(byTestId(testId));
    await locate(this.page, select.findTrigger()).click();
    await locate(this.page, select.findDropdown().findOptionByValue(value)).click();
  }

  setType = (type: string) => this.choose('property-type', type);
  setLayers = (layers: 2 | 3) => this.choose('property-layers', String(layers));

  /** A value's input by its path (`options.0.children.1`). */
  value(path: string): Locator {
    return locate(this.page, this.form.findInput(byTestId(`value-input-${path}`)).findNativeInput());
  }

  /** "Add value" of a list (`options`, `options.0.children`). */
  async addValue(listPath: string) {
    await locate(this.page, this.form.find(byTestId(`value-add-${listPath}`))).click();
  }

  /** The message under a value (`options.0.children.0.children.1`). */
  valueError(path: string): Locator {
    return locate(this.page, this.form.find(byTestId(`value-${path}`)).findFormField().findError());
  }

  async save() {
    await locate(this.page, this.form.find(byTestId('property-save'))).click();
  }
}
