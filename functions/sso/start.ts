import type { Operation } from '#lib/api-handler.ts';
import { CONTRACT_ID_PATTERN } from '#data/contracts.ts';
import { DomainError } from '#lib/errors.ts';
import { putAuthnRequest } from '#data/saml.ts';
import { getSpPrivateKey } from '#lib/saml/key-store.ts';
import { loginRequest } from '#lib/saml/service-provider.ts';
import { usableSso } from './usable.ts';

/**
 * SP-initiated SAML sign-in (public): builds the AuthnRequest for the contract's IdP (HTTP-Redirect
 * binding, signed when the settings say so), remembers its ID for 10 minutes (the ACS accepts a
 * response to it once) and answers the URL to send the browser to. RelayState carries the contract
 * ID back to the ACS. A contract without usable SSO answers -990000010002 with "not available",
 * the same for an unknown contract.
 */
export const ssoStart: Operation<'sso/sso_start'> = async ({ input, log }) => {
  const kykId = input.kyk_id;
  const notAvailable = () => new DomainError('loginNotAccepted', {}, {}, 'notice.ssoNotAvailable');
  if (!CONTRACT_ID_PATTERN.test(kykId)) throw notAvailable();
  const stored = await usableSso(kykId);
  if (!stored) throw notAvailable();
  const privateKey = stored.settings.request_signed === 1 ? await getSpPrivateKey(kykId) : undefined;
  if (stored.settings.request_signed === 1 && !privateKey) {
    log.warn('SAML request signing is on but the SP private key is missing', { kyk: kykId });
    throw notAvailable();
  }
  const { id, url } = await loginRequest(stored, kykId, privateKey);
  await putAuthnRequest(kykId, id);
  return { redirect_url: url };
};
