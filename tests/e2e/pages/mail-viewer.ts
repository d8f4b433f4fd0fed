import { expect } from '@playwright/test';
import { readStackFile } from '#infra/local/settings.ts';
import { e2eDataDir } from '../playwright.config.ts';

interface StoredMail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
  at: number;
}

/**
 * The SES emulator's mail viewer of the stack under test (its URL from `<dataDir>/stack.json`,
 * which `npm start` writes): `GET /store?since=<epoch s>` answers the mails sent.
 */
export class MailViewer {
  private readonly base: string;

  constructor() {
    const stack = readStackFile(e2eDataDir);
    if (!stack) throw new Error(`No stack.json in ${e2eDataDir}: is the e2e server running?`);
    this.base = stack.endpoints.mailViewer.replace(/\/$/, '');
  }

  async mailsTo(address: string, sinceEpochSeconds = 0): Promise<StoredMail[]> {
    const response = await fetch(`${this.base}/store?since=${sinceEpochSeconds}`);
    const { emails } = (await response.json()) as { emails: StoredMail[] };
    return emails.filter((mail) => mail.destination.to.some((to) => to.toLowerCase().includes(address.toLowerCase())));
  }

  /** The six-digit code of the newest sign-in mail to `address`, waiting for it to arrive. */
  async latestCode(address: string, sinceEpochSeconds = 0): Promise<string> {
    let code: string | undefined;
    await expect
      .poll(
        async () => {
          const mails = await this.mailsTo(address, sinceEpochSeconds);
          const newest = mails.sort((a, b) => b.at - a.at)[0];
          code = (newest?.body.text ?? newest?.body.html ?? '').match(/\b(\d{6})\b/)?.[1];
          return code;
        },
        { timeout: 15_000, message: `a sign-in code mailed to ${address}` },
      )
      .toBeTruthy();
    return code!;
  }
}
