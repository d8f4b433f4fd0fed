import { randomBytes } from 'node:crypto';
import { translate } from '#shared/messages.ts';
import type { AuditActor } from '#lib/audit.ts';
import { config } from '#lib/config.ts';
import { TransactionFailed } from '#lib/data/transact.ts';
import { DomainError } from '#lib/errors.ts';
import type { Logger } from '#lib/logger.ts';
import { logger } from '#lib/logger.ts';
import { formatMailTime, sendMail } from '#lib/mail.ts';
import { policyInForce } from '#data/password-policy.ts';
import { getUserConsistent } from '#data/user-directory.ts';
import type { User } from '#data/users.ts';
import { consumeInvitation, getInvitation, putInvitation, type Invitation } from '#data/user-invitations.ts';
import { requirePasswordFields, storeNewPassword, type UserPasswordState } from './store-password.ts';

/**
 * Invitations (issue 28 item 19): a user created by a CSV import with the "invite" option gets a
 * mail with a one-time link to set a first password, never a password. The link carries the
 * contract ID and a random token (256 bits, base64url); only its SHA-256 is stored. It works once
 * (the new password and the invitation's `used_at` are one transaction, conditional on `used_at`
 * being absent and `expires_at` ahead) and for INVITATION_HOURS. The password is checked by the
 * change-password rules (the contract's policy, its minimum strength) with their own codes and messages.
 */
export const INVITATION_HOURS = 72;

/** The public page the link opens (web/src/app/router.tsx). */
export const INVITATION_PATH = '/invitation';

export type InviteOutcome = 'invited' | 'not-sent';

/** The link of a mail: the app's address, the page, the contract and the token. */
export const invitationLink = (kykId: string, token: string): string | undefined =>
  config.appUrl ? `${config.appUrl}${INVITATION_PATH}?${new URLSearchParams({ kyk_id: kykId, token }).toString()}` : undefined;

/**
 * Invites a user a job has just created: stores the invitation and mails the link in the user's
 * language. A user this job already invited (a resumed run) is not mailed again. A mail that
 * cannot be sent is logged and answered `not-sent` (the user then has no password).
 */
export async function inviteUser(user: Pick<User, 'kyk_id' | 'user_id' | 'email' | 'language'>, requestId: string, now = new Date()): Promise<InviteOutcome> {
  const token = randomBytes(32).toString('base64url');
  const link = invitationLink(user.kyk_id, token);
  if (!link) {
    logger.error('invitation not sent: APP_URL is not set', { kyk: user.kyk_id, user: user.user_id });
    return 'not-sent';
  }
  const expires = new Date(now.getTime() + INVITATION_HOURS * 3_600_000);
  const invitation: Invitation = {
    kyk_id: user.kyk_id, user_id: user.user_id, request_id: requestId, created_at: now.toISOString(), expires_at: expires.toISOString(),
  };
  if (!(await putInvitation(invitation, token))) return 'invited';
  const values = { kyk_id: user.kyk_id, user_id: user.user_id, until: formatMailTime(expires, user.language), link };
  try {
    await sendMail({ to: user.email, subject: translate(user.language, 'notice.invitationMailSubject'), text: translate(user.language, 'notice.invitationMailBody', values) });
    return 'invited';
  } catch (error) {
    logger.error('invitation mail not sent', { kyk: user.kyk_id, user: user.user_id, error });
    return 'not-sent';
  }
}

const refused = (key: 'notice.invitationInvalid' | 'notice.invitationExpired' | 'notice.invitationUsed'): DomainError => new DomainError('address', {}, {}, key);

/** Why an invitation cannot be used now, or undefined when it can. */
const refusalOf = (invitation: Invitation | undefined, now: Date): DomainError | undefined => {
  if (!invitation) return refused('notice.invitationInvalid');
  if (invitation.used_at) return refused('notice.invitationUsed');
  if (invitation.expires_at <= now.toISOString()) return refused('notice.invitationExpired');
  return undefined;
};

/** The invitation of a link with its user, or -3 with why it cannot be used (unknown in this contract, used, expired). */
export async function openInvitation(kykId: string, token: string, now = new Date()): Promise<{ invitation: Invitation; user: UserPasswordState }> {
  const invitation = await getInvitation(kykId, token);
  const refusal = refusalOf(invitation, now);
  if (refusal) throw refusal;
  const user = (await getUserConsistent(kykId, invitation!.user_id)) as UserPasswordState | undefined;
  // Deleted since, or suspended: the link is no longer good.
  if (!user || user.status !== 0) throw refused('notice.invitationInvalid');
  return { invitation: invitation!, user };
}

/** What the invitation page shows: whose account, and the conditions in force. */
export async function invitationDetails(kykId: string, token: string) {
  const { invitation, user } = await openInvitation(kykId, token);
  return { kyk_id: kykId, user_id: user.user_id, user_nm: user.user_nm, expires_at: invitation.expires_at, policy: await policyInForce(kykId) };
}

/**
 * Sets the invited user's password and uses the invitation up, in one transaction. A second use,
 * or one after the expiry (also when it expires between the read and the write), answers -3 with
 * its reason; a password the rules refuse answers their code and leaves the invitation usable.
 */
export async function acceptInvitation(options: { kykId: string; token: string; newPassword: string; confirmPassword: string; requestId: string; sourceIp: string; log: Logger }): Promise<{ user: UserPasswordState }> {
  requirePasswordFields({ new_password: options.newPassword, confirm_password: options.confirmPassword }, {
    new_password: 'validation.newPasswordRequired', confirm_password: 'validation.confirmPasswordRequired',
  });
  const { user } = await openInvitation(options.kykId, options.token);
  const actor: AuditActor = { kykId: user.kyk_id, userId: user.user_id, userName: user.user_nm, requestId: options.requestId, sourceIp: options.sourceIp };
  try {
    await storeNewPassword({
      user, newPassword: options.newPassword, confirmPassword: options.confirmPassword, actor, log: options.log,
      extra: [consumeInvitation(options.kykId, options.token, new Date().toISOString())],
    });
  } catch (error) {
    if (error instanceof TransactionFailed && error.failed('invitation')) {
      // Used by a concurrent request, or expired meanwhile: say which.
      throw refusalOf(await getInvitation(options.kykId, options.token), new Date()) ?? refused('notice.invitationInvalid');
    }
    throw error;
  }
  return { user };
}
