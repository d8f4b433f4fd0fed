import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { User } from '#data/users.ts';
import { formatMailTime, sendMail } from '#lib/mail.ts';
import { translate } from '#shared/messages.ts';

/**
 * The e-mail one-time code: six random digits, stored only as a hash bound to the pending sign-in,
 * valid until the pending sign-in ends (10 minutes at most), accepted once.
 */
export const newMailCode = (): string => randomInt(0, 1_000_000).toString().padStart(6, '0');

export const mailCodeHash = (ticketId: string, code: string): string => createHash('sha256').update(`${ticketId}:${code}`).digest('base64url');

export const mailCodeMatches = (ticketId: string, code: string, storedHash: string): boolean => {
  const given = Buffer.from(mailCodeHash(ticketId, code));
  const stored = Buffer.from(storedHash);
  return given.length === stored.length && timingSafeEqual(given, stored);
};

/** t***@example.com: enough to recognise the address, not to learn it. */
export const maskEmail = (email: string): string => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
};

export async function sendMailCode(user: User, code: string, expiresAt: number): Promise<void> {
  const language = user.language;
  await sendMail({
    to: user.email,
    subject: translate(language, 'notice.otpMailSubject'),
    text: translate(language, 'notice.otpMailBody', {
      kyk_id: user.kyk_id, user_id: user.user_id, code, until: formatMailTime(new Date(expiresAt * 1000), language),
    }),
  });
}
