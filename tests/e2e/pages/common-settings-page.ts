import { expect, type Locator } from '@playwright/test';
import type { CommonSettings } from '#shared/schemas/settings.ts';
import { AppShell } from './app-shell.ts';
import { byTestId, cloudscape, control, followSideNavigation, locate } from './cloudscape.ts';

type Field = keyof CommonSettings;
const hyphens = (field: string): string => field.replaceAll('_', '-');

/**
 * /common-settings: one form (trash, sharing, share links, fiscal year and retention) with Reset and
 * Save, the conflict alert of a stale save, and the unsaved-changes question when leaving.
 */
export class CommonSettingsPage extends AppShell {
  private readonly monthSelect = cloudscape.findSelect(byTestId('settings-fiscal-year-end-month'));

  async open() {
    await this.page.goto('/common-settings');
  }

  async expectLoaded() {
    await expect(this.form()).toBeVisible({ timeout: 20_000 });
  }

  /** The `<form>`, with `data-row-version` of the values it was read with. */
  form(): Locator {
    return control(this.page, 'settings-form');
  }

  /** A number input or a toggle's checkbox (the fiscal year's month is `month()`). */
  input(field: Exclude<Field, 'fiscal_year_end_month'>): Locator {
    return control(this.page, `settings-${hyphens(field)}`);
  }

  async fill(field: Exclude<Field, 'fiscal_year_end_month' | 'file_sharing' | 'url_issuing' | 'link_password_required'>, value: string) {
    await this.input(field).fill(value);
  }

  /** The field's message under it (Cloudscape FormField error). */
  fieldError(field: Field): Locator {
    return locate(this.page, cloudscape.findFormField(byTestId(`settings-field-${hyphens(field)}`)).findError());
  }

  /** "No limit" beside a download field while it is 0. */
  noLimit(field: 'link_default_downloads' | 'link_max_downloads'): Locator {
    return control(this.page, `settings-${hyphens(field)}-no-limit`);
  }

  /** The select's trigger: shows the chosen month's name. */
  month(): Locator {
    return locate(this.page, this.monthSelect.findTrigger());
  }

  async chooseMonth(month: number) {
    await this.month().click();
    await locate(this.page, this.monthSelect.findDropdown().findOptionByValue(String(month))).click();
  }

  linksOffNote(): Locator {
    return control(this.page, 'settings-links-off');
  }

  taxActNote(): Locator {
    return control(this.page, 'settings-tax-act-note');
  }

  saveButton(): Locator {
    return control(this.page, 'settings-save');
  }

  async save() {
    await this.saveButton().click();
  }

  async reset() {
    await control(this.page, 'settings-reset').click();
  }

  conflictAlert(): Locator {
    return control(this.page, 'conflict-alert');
  }

  async reloadAfterConflict() {
    await control(this.page, 'conflict-reload').click();
  }

  /** The side navigation's entry for this page (administrators only). */
  navigationLink(): Locator {
    return locate(this.page, cloudscape.findSideNavigation().findLinkByHref('/common-settings'));
  }

  /** Another entry of the side navigation, to leave the page. */
  async followNavigation(href: string) {
    await followSideNavigation(this.page, href);
  }

  unsavedChangesModal(): Locator {
    return locate(this.page, cloudscape.findModal(byTestId('unsaved-changes-modal')));
  }

  async stay() {
    await control(this.page, 'unsaved-changes-stay').click();
  }

  async discard() {
    await control(this.page, 'unsaved-changes-discard').click();
  }
}
