import { Reply, type Operation } from '#lib/api-handler.ts';
import { CONTRACT_ID_PATTERN } from '#data/contracts.ts';
import { getUser } from '#data/users.ts';
import { isIpAllowed } from '#lib/ip-policy.ts';
import { consumeAuthnRequest, issueSignInCode, markAssertionSeen } from '#data/saml.ts';
import { getSpPrivateKey } from '#lib/saml/key-store.ts';
import { attributeValue, SamlRefusal, verifyLoginResponse } from '#lib/saml/service-provider.ts';
import type { SsoFailReason } from '#shared/schemas/sso.ts';
import { usableSso } from './usable.ts';

/** A refusal the browser learns only by its reason key; `check` and `detail` go to the log. */
class SsoFailure extends Error {
  constructor(readonly reason: SsoFailReason, readonly check: string, readonly detail?: string) {
    super(check);
  }
}
const responseInvalid = (check: string, detail?: string) => new SsoFailure('notice.ssoResponseInvalid', check, detail);
const userNotAllowed = (check: string) => new SsoFailure('notice.ssoUserNotAllowed', check);

/**
 * The assertion consumer service (public, HTML form post from the IdP): verifies the response and
 * answers a 303 to `/com_drive/sso-login?code=<one-time code>` or `/com_drive/sso-fail?reason=<key>`.
 *
 * Checks, in order: the contract (RelayState) has usable SSO; samlify: XML schema, signature with
 * the configured IdP certificate only, issuer, time conditions (decrypting when encryption is on);
 * then what samlify leaves unchecked: the signed assertion's InResponseTo names a stored, unexpired,
 * unused AuthnRequest of this contract (consumed: unsolicited and replayed responses fail), its
 * audience is our SP entity ID, its ID was never accepted before; then the user named by the mapped
 * attribute exists in this contract, is available (status 0), belongs to an SSO group, and the
 * IP allow-list admits the address API Gateway saw.
 */
export const ssoAcs: Operation<'sso/acs'> = async ({ input, log, sourceIp }) => {
  const kykId = input.RelayState ?? '';
  try {
    if (!input.SAMLResponse) throw responseInvalid('no SAMLResponse');
    if (!CONTRACT_ID_PATTERN.test(kykId)) throw responseInvalid('RelayState is not a contract ID');
    const stored = await usableSso(kykId);
    if (!stored) throw new SsoFailure('notice.ssoNotAvailable', 'SSO not enabled or incomplete');
    const { settings } = stored;
    const privateKey = settings.assertion_encrypted === 1 ? await getSpPrivateKey(kykId) : undefined;
    if (settings.assertion_encrypted === 1 && !privateKey) throw new SsoFailure('notice.ssoNotAvailable', 'SP private key missing');

    const assertion = await verifyLoginResponse(stored, input.SAMLResponse, privateKey).catch((error: unknown) => {
      if (error instanceof SamlRefusal) throw responseInvalid(error.check, error.detail);
      throw responseInvalid('unreadable', error instanceof Error ? error.message : String(error));
    });
    if (!assertion.audiences.includes(settings.sp_entity_id)) throw responseInvalid('wrong audience', assertion.audiences.join(' '));
    if (!assertion.inResponseTo) throw responseInvalid('unsolicited (no InResponseTo)');
    if (!(await consumeAuthnRequest(kykId, assertion.inResponseTo))) throw responseInvalid('unsolicited (unknown, expired or used InResponseTo)');
    if (!(await markAssertionSeen(kykId, assertion.assertionId, assertion.notOnOrAfter))) throw responseInvalid('replayed assertion');

    const userId = attributeValue(assertion, settings.attr_user_id);
    const user = userId ? await getUser(kykId, userId) : undefined;
    if (!user) throw userNotAllowed('unknown user');
    if (user.status !== 0) throw userNotAllowed(`user status ${user.status}`);
    if (!user.groups?.ata || !settings.user_group_list.includes(user.groups.ata)) throw userNotAllowed('user not in an SSO group');
    if (!(await isIpAllowed(user, sourceIp))) throw new SsoFailure('code.loginLimitedByAdmin', 'IP allow-list');
    const mail = settings.attr_mail ? attributeValue(assertion, settings.attr_mail) : undefined;
    if (mail && user.email && mail.toLowerCase() !== user.email.toLowerCase()) log.info('SAML mail attribute differs from the registered e-mail', { kyk: kykId, user: user.user_id });

    const code = await issueSignInCode(kykId, user.user_id);
    log.info('SAML sign-in accepted', { kyk: kykId, user: user.user_id });
    return new Reply(null, { redirect: `/com_drive/sso-login?code=${encodeURIComponent(code)}` });
  } catch (error) {
    if (!(error instanceof SsoFailure)) {
      log.error('SAML sign-in failed', { kyk: kykId, error });
      return new Reply(null, { redirect: `/com_drive/sso-fail?reason=${encodeURIComponent('notice.ssoResponseInvalid')}` });
    }
    log.warn('SAML sign-in refused', { kyk: kykId, check: error.check, detail: error.detail });
    return new Reply(null, { redirect: `/com_drive/sso-fail?reason=${encodeURIComponent(error.reason)}` });
  }
};
