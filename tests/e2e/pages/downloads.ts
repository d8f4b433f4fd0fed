import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Clicks a button that downloads a CSV and answers its lines: the file must be UTF-8 with a BOM
 * (what Excel needs to read Japanese), lines ending in CRLF.
 */
export async function downloadedCsvLines(page: Page, button: Locator): Promise<string[]> {
  const download = page.waitForEvent('download');
  await button.click();
  const bytes = await readFile((await (await download).path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
}
