import { auditPut, type AuditActor } from '#lib/audit.ts';
import { type User } from '#data/users.ts';
import { InputError } from '#lib/errors.ts';
import { corpUserCountUpdate } from '#data/corps.ts';
import { auditView } from '#domain/user-records.ts';
import { corpMemberPut, groupExistsCheck, userCountChange } from '#data/user-directory.ts';
import { type GroupChange } from '#domain/memberships.ts';
import { TransactionFailed, transactWrite, type LabelledItem } from '#lib/data/transact.ts';
import { userPut } from '#data/users.ts';
import { clearAttemptsItem } from '#data/sign-in-attempts.ts';
import { reindexUsers, userGramPuts } from '#data/user-search.ts';


/**
 * The registration's own transaction (profile, users counter, legal-entity count and member item,
 * the requested groups' existence, audit record); the group joins follow with `applyGroupChanges`.
 * Refusals answer as the registration form does (-4 per field). Shared with the user CSV import,
 * which files the user in the list's search right after the transaction instead of in it
 * (`searchIndex: 'after'`): a user's 20 to 36 gram puts made a 10,000-row import's transactions
 * most of its time, where batched puts cost half the writes.
 */
export async function insertUser(actor: AuditActor, user: User, joins: GroupChange[], options: { searchIndex: 'in-transaction' | 'after' } = { searchIndex: 'in-transaction' }): Promise<void> {
  const kykId = user.kyk_id;
  const items: LabelledItem[] = [
    userPut(user),
    userCountChange(kykId, 1),
    // Guesses made at this user ID before it existed must not lock the new account.
    clearAttemptsItem(kykId, user.user_id),
    // Found by the list's search from the start (user-search.ts).
    ...(options.searchIndex === 'in-transaction' ? userGramPuts(user) : []),
  ];
  const corpCount = user.corp_id ? corpUserCountUpdate(kykId, user.corp_id, 1) : undefined;
  if (user.corp_id) items.push(corpCount!, corpMemberPut(kykId, user.corp_id, user));
  const groupChecks = joins.map((join) => ({ join, check: groupExistsCheck(kykId, join.to!) }));
  items.push(...groupChecks.map(({ check }) => check));
  items.push(auditPut(actor, {
    action: 'user.create', targetType: 'user', targetId: user.user_id, before: null,
    after: { ...auditView(user), groups: Object.fromEntries(joins.map((join) => [join.product, join.to])) },
  }));
  try {
    await transactWrite(items);
  } catch (error) {
    if (!(error instanceof TransactionFailed)) throw error;
    if (error.failed('user')) throw new InputError({ user_id: 'validation.userIdDuplicate' });
    if (corpCount && error.failed(corpCount.label)) throw new InputError({ corp_id: 'validation.unknownCorp' });
    const vanished = groupChecks.filter(({ check }) => error.failed(check.label)).map(({ join }) => join);
    if (vanished.length > 0) throw new InputError(Object.fromEntries(vanished.map((join) => [`groups.${join.product}`, 'validation.unknownGroup' as const])));
    throw error;
  }
  if (options.searchIndex === 'after') await reindexUsers([user]);
}
