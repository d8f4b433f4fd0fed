import type { Locator, Page } from '@playwright/test';
import { AppShell } from './app-shell.ts';

/** The drive search (/search-result): its conditions form and its results table. */
export class SearchPage extends AppShell {
  constructor(page: Page) {
    super(page);
  }

  /** The drive page's search field: type, Enter. */
  async searchFromDrive(text: string) {
    const field = this.page.getByTestId('drive-search-field').locator('input');
    await field.fill(text);
    await field.press('Enter');
  }

  field(testId: string): Locator {
    return this.page.getByTestId(testId).locator('input').first();
  }

  async fill(testId: string, value: string) {
    await this.field(testId).fill(value);
  }

  /** A date picker's text field takes YYYY/MM/DD. */
  async date(testId: string, value: string) {
    const input = this.field(testId);
    await input.fill(value);
    await input.press('Tab');
  }

  async chooseStyles(...labels: string[]) {
    await this.page.getByTestId('search-styles').getByRole('button').first().click();
    for (const label of labels) await this.page.getByRole('option', { name: label }).click();
    await this.page.keyboard.press('Escape');
  }

  /** Opens the property-item conditions and chooses a value of a fixed or dropdown item (its label: "Japan / Kanto"). */
  async chooseProperty(itemNo: number, label: string) {
    const section = this.page.getByTestId('search-properties');
    const select = this.page.getByTestId(`search-property-${itemNo}`);
    if (!(await select.isVisible())) await section.getByRole('button').first().click();
    await select.getByRole('button').first().click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
  }

  async sortBy(label: string) {
    await this.page.getByTestId('search-sort').getByRole('button').first().click();
    await this.page.getByRole('option', { name: label }).click();
  }

  async scope(label: string) {
    await this.page.getByTestId('search-scope').getByLabel(label).check();
  }

  async submit() {
    await this.page.getByTestId('search-submit').click();
  }

  /** The result rows' name cells, in order. */
  names(): Locator {
    return this.page.getByTestId('search-row');
  }

  row(name: string): Locator {
    return this.page.getByTestId('search-table').locator('tr', { has: this.page.locator(`[data-item-name="${name}"]`) });
  }

  place(name: string): Locator {
    return this.row(name).getByTestId('place-location');
  }

  /** The inline message under a condition's field. */
  fieldError(label: string): Locator {
    return this.page.locator('[class*="awsui_form-field"]', { hasText: label }).locator('[id*="error"]').first();
  }
}
