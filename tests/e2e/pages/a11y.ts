import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { cloudscape, locate } from './cloudscape.ts';

/** A11Y_SHOTS_DIR: also a full-page screenshot of each checked page at each width (to look at them). */
const shotsDir = process.env.A11Y_SHOTS_DIR;
if (shotsDir) mkdirSync(shotsDir, { recursive: true });

/**
 * The axe check of issue 13 item 8 (docs/architecture.md "Accessibility"), run inside the walks where
 * they already show a page: no serious or critical violation at 1280 px and at 320 px wide. The walk
 * keeps its own viewport afterwards. No rule is disabled: a finding is fixed in the app, except the
 * Cloudscape internals below (false positives in markup the app does not write), each with its reason.
 */
const cloudscapeInternals: { rule: string; target: RegExp; why: string }[] = [
  {
    // app-layout/visual-refresh/mobile-toolbar.js puts aria-orientation="horizontal" on its <nav>
    // (a navigation landmark, where the attribute has no meaning and assistive technology ignores it).
    rule: 'aria-allowed-attr',
    target: /mobile-toolbar-nav/,
    why: "Cloudscape AppLayout's mobile toolbar <nav aria-orientation> below its breakpoint",
  },
];

const internal = (rule: string, target: string) => cloudscapeInternals.some((known) => known.rule === rule && known.target.test(target));

export async function expectAccessible(page: Page, where: string): Promise<void> {
  const size = page.viewportSize() ?? { width: 1366, height: 860 };
  const started = Date.now();
  // Below its breakpoint the app layout closes the side navigation, and it stays closed when the
  // window widens again: reopened afterwards, so the walk goes on with the page as it had it.
  const navigation = locate(page, cloudscape.findSideNavigation());
  const hadNavigation = await navigation.isVisible();
  // Reopening the navigation moves the focus to its close button: the walk's own focus is put back.
  await page.evaluate('window.focusBeforeAxe = document.activeElement');
  try {
    for (const width of [1280, 320]) {
      await page.setViewportSize({ width, height: size.height });
      await settle(page);
      if (shotsDir) await page.screenshot({ path: join(shotsDir, `${where.replace(/[^\w.-]+/g, '_')}-${width}.png`), fullPage: true });
      // Legacy mode runs axe in the page itself (the app has no cross-origin frames) instead of
      // opening a blank page per check to merge frame results, and only violations are detailed:
      // together half the time of a check, which the ~45 checks of the walks repeat.
      const results = await new AxeBuilder({ page, ...(await axeInEveryFrame(page) ? { axeSource: alreadyInjected } : {}) }).setLegacyMode(true).options({ resultTypes: ['violations'] }).analyze();
      const blocking = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => ({ ...violation, nodes: violation.nodes.filter((node) => !internal(violation.id, node.target.join(' '))) }))
        .filter((violation) => violation.nodes.length > 0)
        .map((violation) => `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes.map((node) => `  ${node.target.join(' ')}: ${node.failureSummary ?? ''}`).join('\n')}`);
      expect(blocking, `axe: serious or critical violations on ${where} at ${width} px`).toEqual([]);
    }
  } finally {
    await page.setViewportSize(size);
    await settle(page);
    // Not under an open dialog: its overlay covers the toggle (the walk's followSideNavigation opens it when needed).
    const dialogOpen = (await page.getByRole('dialog').count()) > 0;
    if (hadNavigation && !dialogOpen && !(await navigation.isVisible())) {
      await locate(page, cloudscape.findAppLayout().findNavigationToggle()).click();
      await expect(navigation).toBeVisible();
      await expect(locate(page, cloudscape.findAppLayout().findNavigationClose())).toBeFocused();
    }
    await page.evaluate(
      'window.focusBeforeAxe?.isConnected && window.focusBeforeAxe !== document.body ? window.focusBeforeAxe.focus({ preventScroll: true }) : document.activeElement?.blur()',
    );
    // The check's own time does not come out of the walk's timeout.
    test.info().setTimeout(test.info().timeout + (Date.now() - started));
  }
}

/**
 * AxeBuilder evaluates axe-core's ~0.5 MB source in every frame twice per analysis (a few hundred
 * ms each on this machine, four times a check): a document that has it from an earlier width or
 * check gets an empty statement instead, and the same axe-core runs with the same options.
 */
const alreadyInjected = ';';
const axeInEveryFrame = async (page: Page): Promise<boolean> =>
  (await Promise.all(page.frames().map((frame) => frame.evaluate('typeof window.axe?.run === "function"').catch(() => false)))).every(Boolean);

/** Two frames: Cloudscape's responsive parts (top navigation, app layout) re-measure on resize. */
const settle = (page: Page) => page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');

/** What the app's polite live region (components/a11y.tsx) last told a screen reader: its host's `data-announcement`. */
export const expectAnnounced = (page: Page, text: string | RegExp) => expect(page.getByTestId('live-region')).toHaveAttribute('data-announcement', text);

/** The element that has the keyboard focus. */
export const focused = (page: Page): Locator => page.locator('*:focus');
