import { createHash, randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { defaultSsoSettings, ssoSettings, type SsoSettings } from '#shared/schemas/sso.ts';
import { auditPut, type AuditActor } from '#lib/audit.ts';
import { db } from '#lib/clients.ts';
import { epochSeconds, nowIso, table, tenantPrefix, type Keys } from '#lib/data/table.ts';
import { DomainError, isConditionalCheckFailure } from '#lib/errors.ts';
import { transactWrite } from '#lib/data/transact.ts';
import { versionedPutItem } from '#lib/data/versioned.ts';

/**
 * SAML single sign-on items of the main table, all under the tenant prefix
 * (functions/lib/data/README.md):
 *
 * - settings `T#<kyk>` / `POLICY#SSO`: the settings, attribute mapping, the SP certificate (public)
 *   and row_version. The SP private key is not here (functions/lib/saml/key-store.ts).
 * - AuthnRequest `T#<kyk>#SSOREQ#<request ID>` / `REQUEST`: written by sso_start, deleted
 *   conditionally by the ACS (single use), `ttl` 10 minutes ahead.
 * - seen assertion `T#<kyk>#SSOASSERT#<sha256 of the assertion ID>` / `SEEN`: put with
 *   `attribute_not_exists`, so an assertion is accepted once; kept until a day after it expires.
 * - one-time code `T#<kyk>#SSOCODE#<sha256 of the secret>` / `CODE`: the ACS's hand-over to the SPA,
 *   deleted conditionally by sso_login (single use), valid 2 minutes.
 */
export const ssoSettingsKey = (kykId: string): Keys => ({ pk: tenantPrefix(kykId), sk: 'POLICY#SSO' });
export const requestKey = (kykId: string, requestId: string): Keys => ({ pk: `${tenantPrefix(kykId)}#SSOREQ#${requestId}`, sk: 'REQUEST' });
export const assertionKey = (kykId: string, assertionId: string): Keys => ({ pk: `${tenantPrefix(kykId)}#SSOASSERT#${sha256(assertionId)}`, sk: 'SEEN' });
export const codeKey = (kykId: string, secret: string): Keys => ({ pk: `${tenantPrefix(kykId)}#SSOCODE#${sha256(secret)}`, sk: 'CODE' });

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('base64url');

export const SSO_REQUEST_SECONDS = 10 * 60;
export const SSO_CODE_SECONDS = 2 * 60;

export interface StoredSso {
  settings: SsoSettings;
  /** PEM of the SP certificate; null until generated. */
  sp_certificate: string | null;
  sp_certificate_not_after: string | null;
  row_version: number;
}

const settingNames = Object.keys(defaultSsoSettings) as (keyof SsoSettings)[];

export async function getSso(kykId: string, consistent = false): Promise<StoredSso> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: ssoSettingsKey(kykId), ConsistentRead: consistent }));
  if (!Item) return { settings: { ...defaultSsoSettings }, sp_certificate: null, sp_certificate_not_after: null, row_version: 0 };
  const parsed = ssoSettings.safeParse(Object.fromEntries(settingNames.filter((name) => Item[name] !== undefined).map((name) => [name, Item[name]])));
  return {
    settings: parsed.success ? parsed.data : { ...defaultSsoSettings },
    sp_certificate: typeof Item.sp_certificate === 'string' ? Item.sp_certificate : null,
    sp_certificate_not_after: typeof Item.sp_certificate_not_after === 'string' ? Item.sp_certificate_not_after : null,
    row_version: Number(Item.row_version ?? 0),
  };
}

/** What the audit record shows of the SSO item: everything but whole certificates (their fingerprints identify them). */
const auditView = (stored: StoredSso, fingerprint: (pem: string) => string) => ({
  ...stored.settings,
  idp_cert: stored.settings.idp_cert ? fingerprint(stored.settings.idp_cert) : '',
  sp_certificate: stored.sp_certificate ? fingerprint(stored.sp_certificate) : null,
  row_version: stored.row_version,
});

/**
 * Writes the SSO item if nobody saved since `expected` was read (-201 otherwise), with its audit
 * record in the same transaction.
 */
export async function saveSso(
  actor: AuditActor,
  next: Omit<StoredSso, 'row_version'>,
  expected: number,
  audit: { action: string; fingerprint: (pem: string) => string },
): Promise<StoredSso> {
  const kykId = actor.kykId;
  const before = await getSso(kykId, true);
  if (before.row_version !== expected) throw new DomainError('editedByAnotherUser');
  const saved: StoredSso = { ...next, row_version: expected + 1 };
  const item = {
    ...ssoSettingsKey(kykId), type: 'sso-policy', kyk_id: kykId, ...saved.settings,
    sp_certificate: saved.sp_certificate, sp_certificate_not_after: saved.sp_certificate_not_after, row_version: saved.row_version,
    update_date: nowIso(), update_user_id: actor.userId, update_user_nm: actor.userName,
  };
  try {
    await transactWrite([
      versionedPutItem('settings', item, expected),
      auditPut(actor, {
        action: audit.action, targetType: 'security_policy', targetId: 'sso',
        before: auditView(before, audit.fingerprint), after: auditView(saved, audit.fingerprint),
      }),
    ]);
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw new DomainError('editedByAnotherUser');
    throw error;
  }
  return saved;
}

/** Records an AuthnRequest ID the ACS will accept once, within 10 minutes. */
export async function putAuthnRequest(kykId: string, requestId: string): Promise<void> {
  const expiresAt = epochSeconds() + SSO_REQUEST_SECONDS;
  await db().send(new PutCommand({
    TableName: table(),
    Item: { ...requestKey(kykId, requestId), type: 'sso-request', kyk_id: kykId, expires_at: expiresAt, ttl: expiresAt + 3600 },
    ConditionExpression: 'attribute_not_exists(pk)',
  }));
}

/** Consumes a stored, unexpired AuthnRequest ID; false when unknown, expired or already used. */
export async function consumeAuthnRequest(kykId: string, requestId: string): Promise<boolean> {
  try {
    await db().send(new DeleteCommand({
      TableName: table(),
      Key: requestKey(kykId, requestId),
      ConditionExpression: 'attribute_exists(pk) AND expires_at > :now',
      ExpressionAttributeValues: { ':now': epochSeconds() },
    }));
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/** Marks an assertion ID as used; false when it was seen before (a replay). */
export async function markAssertionSeen(kykId: string, assertionId: string, notOnOrAfter: number): Promise<boolean> {
  const keepUntil = Math.max(notOnOrAfter, epochSeconds()) + 24 * 3600;
  try {
    await db().send(new PutCommand({
      TableName: table(),
      Item: { ...assertionKey(kykId, assertionId), type: 'sso-assertion', kyk_id: kykId, seen_at: nowIso(), ttl: keepUntil },
      ConditionExpression: 'attribute_not_exists(pk)',
    }));
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/**
 * A one-time code naming the signed-in user, for the browser to exchange (sso_login). The code is
 * `<contract>.<32 random bytes>`: the contract chooses the partition, the secret is stored hashed.
 */
export async function issueSignInCode(kykId: string, userId: string): Promise<string> {
  const secret = randomBytes(32).toString('base64url');
  const expiresAt = epochSeconds() + SSO_CODE_SECONDS;
  await db().send(new PutCommand({
    TableName: table(),
    Item: { ...codeKey(kykId, secret), type: 'sso-code', kyk_id: kykId, user_id: userId, expires_at: expiresAt, ttl: expiresAt + 3600 },
    ConditionExpression: 'attribute_not_exists(pk)',
  }));
  return `${kykId}.${secret}`;
}

/** Consumes a one-time code: the contract and user it names, or undefined (unknown, expired, used). */
export async function consumeSignInCode(code: string): Promise<{ kykId: string; userId: string } | undefined> {
  const match = /^([A-Za-z0-9][A-Za-z0-9_-]{0,19})\.([A-Za-z0-9_-]{43})$/.exec(code);
  if (!match) return undefined;
  const [, kykId, secret] = match as unknown as [string, string, string];
  try {
    const { Attributes } = await db().send(new DeleteCommand({
      TableName: table(),
      Key: codeKey(kykId, secret),
      ConditionExpression: 'attribute_exists(pk) AND expires_at > :now',
      ExpressionAttributeValues: { ':now': epochSeconds() },
      ReturnValues: 'ALL_OLD',
    }));
    return typeof Attributes?.user_id === 'string' ? { kykId, userId: Attributes.user_id } : undefined;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return undefined;
    throw error;
  }
}
