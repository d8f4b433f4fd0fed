import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/** Screenshots of the sign-in walks: SHOTS_DIR (default /tmp/shots/sign-in), full page. */
const dir = process.env.SHOTS_DIR ?? '/tmp/shots/sign-in';
mkdirSync(dir, { recursive: true });

export const shot = (page: Page, name: string) => page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });

/** A short user ID (at most 12 characters) unique to this run. */
export const uniqueUserId = (prefix: string): string => `${prefix}${Date.now().toString(36).slice(-7)}`.slice(0, 12);

/** Screenshots of one walk into a folder of their own: SHOTS_DIR when set, else `fallbackDir`. */
export function shotsIn(fallbackDir: string): (page: Page, name: string) => Promise<Buffer> {
  const into = process.env.SHOTS_DIR ?? fallbackDir;
  mkdirSync(into, { recursive: true });
  return (page, name) => page.screenshot({ path: join(into, `${name}.png`), fullPage: true });
}
