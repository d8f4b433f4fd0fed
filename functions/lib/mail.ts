import { SendEmailCommand } from '@aws-sdk/client-ses';
import type { Language } from '#shared/messages.ts';
import { ses } from './clients.ts';
import { config } from './config.ts';

/**
 * Plain-text mail through SES (API v1 `SendEmail`) from the configured sender. Locally the stack's
 * aws-ses-v2-local accepts it and shows it in its viewer (`GET <viewer>/store` answers JSON).
 * The caller decides whether a failed send fails its request: a change already committed is not
 * undone by a mail that could not be sent.
 */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export async function sendMail(mail: Mail): Promise<void> {
  await ses().send(new SendEmailCommand({
    Source: config.mailFrom,
    Destination: { ToAddresses: [mail.to] },
    Message: {
      Subject: { Data: mail.subject, Charset: 'UTF-8' },
      Body: { Text: { Data: mail.text, Charset: 'UTF-8' } },
    },
  }));
}

/**
 * A time for a mail body in the reader's format (SPEC.md §9: ja `YYYY/MM/DD HH:mm`, en
 * `DD/MM/YYYY HH:mm`), in Japan time: the product's contracts are Japanese companies.
 */
export function formatMailTime(at: Date, language: Language): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
    }).formatToParts(at).map((part) => [part.type, part.value]),
  ) as Record<string, string>;
  const date = language === 'ja' ? `${parts.year}/${parts.month}/${parts.day}` : `${parts.day}/${parts.month}/${parts.year}`;
  return `${date} ${parts.hour}:${parts.minute} (JST)`;
}
