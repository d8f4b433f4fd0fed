import { randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '#lib/clients.ts';
import { epochSeconds, table, type Keys } from '#lib/data/table.ts';
import { CONTRACT_ID_PATTERN } from './contracts.ts';
import { userPartition, USER_ID_PATTERN } from './users.ts';
import { isConditionalCheckFailure } from '#lib/errors.ts';
import type { LoginStepKind } from '#shared/schemas/auth.ts';
import type { LabelledItem } from '#lib/data/transact.ts';

/**
 * A sign-in between the password and its session (docs/sign-in.md): one item per user,
 * `T#<kyk>#USER#<user>` / `SIGNIN`, replaced by every new password sign-in and deleted when the
 * session starts. The browser holds a ticket naming it (contract, user and a 128-bit random id);
 * every step is a conditional write on that id, so a ticket is worth nothing once used or replaced.
 * It is bound to the user's `row_version` when it started: any change of the account meanwhile (a
 * password reset, a suspension, an unlock, a TOTP reset) ends it. Every write is conditional on
 * the item's own `version`, so of two requests with the same ticket only one passes a step.
 * DynamoDB's TTL removes abandoned ones.
 */
export interface PendingSignIn {
  kyk_id: string;
  user_id: string;
  ticket_id: string;
  step: LoginStepKind;
  /** Epoch seconds after which no step of this sign-in is accepted. */
  expires_at: number;
  ttl: number;
  /** Bumped by every write; each write is conditional on the value read. */
  version: number;
  /** The user's row_version the sign-in is valid for (our own steps move it along). */
  user_version: number;
  /** force_flg of the password step: the session replaces a live one. */
  replace: boolean;
  /** The second step is passed (or was not needed). */
  mfa_done: boolean;
  /** The password did not meet the policy in force when it was typed (-990000010004). */
  policy_failed: boolean;
  /** Mail OTP: SHA-256 of ticket id and code, its expiry, wrong tries, sends. */
  otp_hash?: string;
  otp_expires_at?: number;
  otp_sent_at?: number;
  otp_sends?: number;
  attempts: number;
  /** TOTP activation: the secret shown to the user until the first good code registers it. */
  totp_pending_secret?: string;
}

/** Ten minutes for the whole sign-in; the mail code lives as long at most. */
export const PENDING_SECONDS = 10 * 60;
/** Wrong codes a pending sign-in takes before it ends (-990000010015). */
export const MAX_CODE_ATTEMPTS = 5;

export const pendingKey = (kykId: string, userId: string): Keys => ({ pk: userPartition(kykId, userId), sk: 'SIGNIN' });

export interface TicketRef {
  kykId: string;
  userId: string;
  ticketId: string;
}

export const encodeTicket = (ref: TicketRef): string => Buffer.from(JSON.stringify([ref.kykId, ref.userId, ref.ticketId]), 'utf8').toString('base64url');

export function decodeTicket(ticket: string): TicketRef | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(ticket, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 3 || !value.every((part) => typeof part === 'string')) return undefined;
    const [kykId, userId, ticketId] = value as [string, string, string];
    return CONTRACT_ID_PATTERN.test(kykId) && USER_ID_PATTERN.test(userId) && /^[A-Za-z0-9_-]{22}$/.test(ticketId) ? { kykId, userId, ticketId } : undefined;
  } catch {
    return undefined;
  }
}

/** Starts a sign-in's pending state, replacing any earlier one of the user. */
export async function startPending(kykId: string, userId: string, fields: Pick<PendingSignIn, 'step' | 'replace' | 'mfa_done' | 'policy_failed' | 'user_version'>): Promise<PendingSignIn> {
  const expires_at = epochSeconds() + PENDING_SECONDS;
  const pending: PendingSignIn = {
    kyk_id: kykId, user_id: userId, ticket_id: randomBytes(16).toString('base64url'),
    expires_at, ttl: expires_at + 3600, attempts: 0, version: 1, ...fields,
  };
  await db().send(new PutCommand({ TableName: table(), Item: { ...pendingKey(kykId, userId), type: 'pending-sign-in', ...pending } }));
  return pending;
}

/** The pending sign-in a ticket names, if it is still the user's current one and unexpired. */
export async function getPending(ref: TicketRef): Promise<PendingSignIn | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: pendingKey(ref.kykId, ref.userId), ConsistentRead: true }));
  const pending = Item as PendingSignIn | undefined;
  return pending && pending.ticket_id === ref.ticketId && pending.expires_at > epochSeconds() ? pending : undefined;
}

type PendingChanges = Partial<Omit<PendingSignIn, 'kyk_id' | 'user_id' | 'ticket_id' | 'version'>>;

/**
 * The conditional update of a pending sign-in (same ticket, same version), as a transaction item,
 * with the state it leaves: for writing it together with another item (the TOTP time step).
 */
export function pendingUpdate(pending: PendingSignIn, changes: PendingChanges, remove: (keyof PendingSignIn)[] = []) {
  const entries = Object.entries({ ...changes, version: pending.version + 1 });
  const names = Object.fromEntries([...entries.map(([name], index) => [`#s${index}`, name]), ...remove.map((name, index) => [`#r${index}`, name])]);
  const updated = { ...pending, ...changes, version: pending.version + 1 } as PendingSignIn;
  for (const name of remove) delete updated[name];
  return {
    item: {
      TableName: table(),
      Key: pendingKey(pending.kyk_id, pending.user_id),
      UpdateExpression: [`SET ${entries.map((_, index) => `#s${index} = :s${index}`).join(', ')}`, remove.length ? `REMOVE ${remove.map((_, index) => `#r${index}`).join(', ')}` : ''].join(' ').trim(),
      ConditionExpression: 'ticket_id = :ticket AND #version = :version',
      ExpressionAttributeNames: { ...names, '#version': 'version' },
      ExpressionAttributeValues: { ...Object.fromEntries(entries.map(([, value], index) => [`:s${index}`, value])), ':ticket': pending.ticket_id, ':version': pending.version },
    },
    updated,
  };
}

/**
 * Changes a pending sign-in if it is still the one that was read (same ticket and version), so two
 * requests with the same ticket cannot both pass a step. Answers the changed state, or undefined
 * on a lost race.
 */
export async function updatePending(pending: PendingSignIn, changes: PendingChanges, remove: (keyof PendingSignIn)[] = []): Promise<PendingSignIn | undefined> {
  const { item, updated } = pendingUpdate(pending, changes, remove);
  try {
    await db().send(new UpdateCommand(item));
    return updated;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return undefined;
    throw error;
  }
}

/**
 * Counts a wrong code on the pending sign-in the ticket names, atomically (not by version, so
 * parallel wrong codes never make each other lose a race); answers the count, or undefined when
 * the sign-in was replaced or ended meanwhile. The sign-in is kept at its limit until it expires,
 * so every late request hears the limit too.
 */
export async function countWrongCode(pending: Pick<PendingSignIn, 'kyk_id' | 'user_id' | 'ticket_id' | 'step'>): Promise<number | undefined> {
  try {
    const { Attributes } = await db().send(new UpdateCommand({
      TableName: table(),
      Key: pendingKey(pending.kyk_id, pending.user_id),
      UpdateExpression: 'ADD attempts :one',
      ConditionExpression: 'ticket_id = :ticket AND #step = :step',
      ExpressionAttributeNames: { '#step': 'step' },
      ExpressionAttributeValues: { ':one': 1, ':ticket': pending.ticket_id, ':step': pending.step },
      ReturnValues: 'UPDATED_NEW',
    }));
    return Number(Attributes?.attempts);
  } catch (error) {
    if (isConditionalCheckFailure(error)) return undefined;
    throw error;
  }
}

/** Ends a pending sign-in (used, failed for good, or replaced by the session). False if already gone. */
export async function endPending(pending: Pick<PendingSignIn, 'kyk_id' | 'user_id' | 'ticket_id'>): Promise<boolean> {
  try {
    await db().send(new DeleteCommand({
      TableName: table(),
      Key: pendingKey(pending.kyk_id, pending.user_id),
      ConditionExpression: 'ticket_id = :ticket',
      ExpressionAttributeValues: { ':ticket': pending.ticket_id },
    }));
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/** Ends a pending sign-in, as an action of the transaction that makes the change. */
export const pendingDelete = (kykId: string, userId: string): LabelledItem => ({ label: 'pendingSignIn', Delete: { TableName: table(), Key: pendingKey(kykId, userId) } });
