import { auditPut, type AuditActor } from '#lib/audit.ts';
import { nowIso } from '#lib/data/table.ts';
import { type User } from '#data/users.ts';
import { DomainError, InputError, isConditionalCheckFailure } from '#lib/errors.ts';
import type { Logger } from '#lib/logger.ts';
import { formatMailTime, sendMail } from '#lib/mail.ts';
import { hashPassword } from '#lib/passwords.ts';
import { translate } from '#shared/messages.ts';
import { hasContent } from '#shared/validation.ts';
import { policyInForce } from '#data/password-policy.ts';
import { checkNewPassword, nextHistory } from './password-rules.ts';
import { TransactionFailed, transactWrite, type LabelledItem } from '#lib/data/transact.ts';
import { passwordChangeItem } from '#data/users.ts';

/** The password fields a user item carries beyond `User` (written only here). */
export type UserPasswordState = User & {
  /** Hashes of earlier passwords, newest first, trimmed to the policy's `pwd_history_count`. */
  password_history?: string[];
};

/** -4 with the §5 messages for empty new/confirm fields (whitespace-only counts as empty). */
export function requirePasswordFields(values: Record<string, string>, keys: Record<string, 'validation.currentPasswordRequired' | 'validation.newPasswordRequired' | 'validation.confirmPasswordRequired'>): void {
  const fields = Object.fromEntries(Object.entries(keys).filter(([field]) => !hasContent(values[field] ?? '')));
  if (Object.keys(fields).length > 0) throw new InputError(fields);
}

/**
 * Checks and stores a user's new password (SPEC.md §5, §8): the confirmation must match
 * (-990000020300), then the contract's policy, its minimum strength included (-990000020100..0107). The write is
 * conditional on the hash that was checked, so two concurrent changes cannot both win (-201); it
 * clears a pending forced change and a temporary password's expiry, keeps the replaced hash in the
 * history and is audited without secrets. The user is mailed if the policy asks (a failed mail is
 * only logged).
 */
export async function storeNewPassword(options: {
  user: UserPasswordState; newPassword: string; confirmPassword: string; actor: AuditActor; log: Logger;
  /** More actions of the same transaction (an invitation used up); their refusal is rethrown as `TransactionFailed`. */
  extra?: LabelledItem[];
}): Promise<void> {
  const { user, newPassword, actor, log } = options;
  if (options.confirmPassword !== newPassword) throw new DomainError('passwordMismatch', {}, { confirm_password: 'code.passwordMismatch' });
  const policy = await policyInForce(user.kyk_id);
  const refusal = await checkNewPassword(policy, {
    password: newPassword, userId: user.user_id, userName: user.user_nm, email: user.email, kykId: user.kyk_id,
    currentHash: user.password_hash, historyHashes: user.password_history ?? [],
  });
  if (refusal) throw refusal;

  const now = nowIso();
  const history = nextHistory(policy, user.password_hash, user.password_history);
  try {
    await transactWrite([
      passwordChangeItem(user, { hash: await hashPassword(newPassword), history, now }),
      auditPut(actor, {
        action: 'user.password_change', targetType: 'user', targetId: user.user_id,
        before: { password_changed_at: user.password_changed_at ?? null, password_change_required: user.password_change_required ?? 0 },
        after: { password_changed_at: now, password_change_required: 0 },
      }),
      ...(options.extra ?? []),
    ]);
  } catch (error) {
    if (error instanceof TransactionFailed && (options.extra ?? []).some((item) => error.failed(item.label))) throw error;
    if (isConditionalCheckFailure(error)) throw new DomainError('editedByAnotherUser');
    throw error;
  }

  if (policy.mail_notify_password_change === 1 && user.email.trim()) {
    const language = user.language;
    const values = { kyk_id: user.kyk_id, user_id: user.user_id, at: formatMailTime(new Date(now), language) };
    try {
      await sendMail({ to: user.email, subject: translate(language, 'notice.passwordChangedMailSubject'), text: translate(language, 'notice.passwordChangedMailBody', values) });
    } catch (error) {
      log.error('password change mail not sent', { error, user: user.user_id });
    }
  }
}
