import { expect, type Locator, type Page } from '@playwright/test';
import { ElementWrapper } from '@cloudscape-design/components/test-utils/selectors';

/**
 * Cloudscape's test-utils as Playwright locators: `createWrapper()` of the selectors flavour builds
 * CSS selectors from the components' structure (a table's rows, a modal's footer, a flashbar's
 * items), which page objects combine with the app's own `data-testid`s (web/README.md).
 */
export const cloudscape = new ElementWrapper('body');

/** A `[data-testid="…"]` selector, to narrow a Cloudscape wrapper to one component. */
export const byTestId = (testId: string): string => `[data-testid="${testId}"]`;

/** A Playwright locator for a test-utils wrapper. */
export const locate = (page: Page, wrapper: { toSelector: () => string }): Locator => page.locator(wrapper.toSelector());

/** The native control (input, textarea, button) the app tags with `data-testid`, anywhere on the page. */
export const control = (page: Page, testId: string): Locator => locate(page, cloudscape.find(byTestId(testId)));

/** Test-utils wrappers rooted at one element of the app (e.g. a form): `within('login-form').findFormField()`. */
export const within = (testId: string): ElementWrapper => new ElementWrapper(byTestId(testId));

/**
 * Follows an entry of the app's side navigation as a user would: the app layout closes the
 * navigation in narrow windows and when a drawer opens beside it, so it is opened first if needed.
 */
export async function followSideNavigation(page: Page, href: string): Promise<void> {
  const link = locate(page, cloudscape.findSideNavigation().findLinkByHref(href));
  const toggle = locate(page, cloudscape.findAppLayout().findNavigationToggle());
  // The toggle stays in the page (hidden) while the navigation is open: wait for either to show.
  await expect.poll(async () => (await link.isVisible()) || (await toggle.isVisible()), { timeout: 15_000 }).toBe(true);
  if (!(await link.isVisible())) await toggle.click();
  await link.click();
}
