import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/**
 * The walks' screenshots, to look at what they show (`npm run test:e2e:shots`, or E2E_SHOTS=1):
 * full page, into SHOTS_DIR or each walk's folder under /tmp/shots. Off in a plain `npm test`:
 * nothing asserts on them, and they are a few minutes of a 2-core machine.
 */
const taking = process.env.E2E_SHOTS === '1' || process.env.SHOTS_DIR !== undefined;

type Shot = (page: Page, name: string, options?: { fullPage?: boolean }) => Promise<void>;

function shooter(into: string): Shot {
  if (!taking) return async () => undefined;
  mkdirSync(into, { recursive: true });
  return async (page, name, { fullPage = true } = {}) => {
    // From the top: a full-page shot of a scrolled page repeats the sticky top bar.
    if (fullPage) await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot({ path: join(into, `${name}.png`), fullPage });
  };
}

/** Screenshots of the sign-in walks: SHOTS_DIR (default /tmp/shots/sign-in). */
export const shot = shooter(process.env.SHOTS_DIR ?? '/tmp/shots/sign-in');

/** A short user ID (at most 12 characters) unique to this run. */
export const uniqueUserId = (prefix: string): string => `${prefix}${Date.now().toString(36).slice(-7)}`.slice(0, 12);

/** Screenshots of one walk into a folder of their own: SHOTS_DIR when set, else `fallbackDir`. */
export const shotsIn = (fallbackDir: string): Shot => shooter(process.env.SHOTS_DIR ?? fallbackDir);
