import { keepAnAdministrator, takesAdministration } from '#domain/administrators.ts';
import { DomainError } from '#lib/errors.ts';
import { auditActor, type Operation } from '#lib/api-handler.ts';
import { auditPut } from '#lib/audit.ts';
import { getContract } from '#data/contracts.ts';
import { userKey, type User } from '#data/users.ts';
import { formatMailTime, sendMail } from '#lib/mail.ts';
import { translate, type Language } from '#shared/messages.ts';
import { auditView, currentDetail, lostRace, refuseSelf, requireUser } from '#domain/user-records.ts';
import { versionedUpdateItem } from '#lib/data/versioned.ts';
import { TransactionFailed, transactWrite } from '#lib/data/transact.ts';
import { sessionDelete } from '#data/sessions.ts';

/**
 * Suspends a user (status 1) with optimistic locking: the profile, the deletion of the user's
 * session item (every token of it answers -102 at once) and the audit record in one transaction.
 * Then the contract's management responsible person is mailed (the contract's `responsible_email`,
 * else the acting administrator) in their language. A failed mail is logged, not answered: the
 * suspension stands. Suspending yourself is refused (-2).
 */
export const lapseUser: Operation<'com/user_info_lapse_btn'> = async (context) => {
  const { caller, input, log } = context;
  const kykId = caller.kykId;
  refuseSelf(caller, input.user_id);
  const before = await requireUser(kykId, input.user_id, input.row_version);
  const now = new Date();
  const after: User = {
    ...before, status: 1, row_version: before.row_version + 1,
    update_date: now.toISOString(), update_user_id: caller.userId, update_user_nm: caller.user.user_nm,
  };
  // Two administrators suspending each other at once must not both succeed.
  const administration = { users: { [before.user_id]: { ...before, status: 1 as const } } };
  const guard = (await takesAdministration(kykId, { [before.user_id]: before }, administration)) ? [await keepAnAdministrator(kykId, administration)] : [];
  try {
    await transactWrite([
      ...guard,
      versionedUpdateItem('user', {
        key: userKey(kykId, before.user_id),
        expectedVersion: before.row_version,
        set: { status: 1, update_date: after.update_date, update_user_id: caller.userId, update_user_nm: caller.user.user_nm },
      }),
      sessionDelete(kykId, before.user_id),
      auditPut(auditActor(context), { action: 'user.lapse', targetType: 'user', targetId: before.user_id, before: auditView(before), after: auditView(after) }),
    ]);
  } catch (error) {
    if (error instanceof TransactionFailed && error.failed('user')) throw await lostRace(kykId, before.user_id);
    if (error instanceof TransactionFailed && error.failed('administrators')) throw new DomainError('editedByAnotherUser');
    throw error;
  }

  const contract = await getContract(kykId);
  const recipient: { email: string; language: Language } = contract?.responsible_email
    ? { email: contract.responsible_email, language: contract.responsible_language ?? 'en' }
    : { email: caller.user.email, language: caller.user.language };
  if (recipient.email) {
    const params = { kyk_id: kykId, user_id: before.user_id, user_nm: before.user_nm, by: caller.user.user_nm, at: formatMailTime(now, recipient.language) };
    await sendMail({
      to: recipient.email,
      subject: translate(recipient.language, 'notice.suspendedMailSubject'),
      text: translate(recipient.language, 'notice.suspendedMailBody', params),
    }).catch((error: unknown) => log.error('suspension mail not sent', { error, user: before.user_id }));
  } else {
    log.warn('suspension mail not sent: no responsible address', { user: before.user_id });
  }
  return { user: await currentDetail(kykId, before.user_id) };
};
