import type { Operation } from '#lib/api-handler.ts';
import { DomainError } from '#lib/errors.ts';
import { getSso } from '#data/saml.ts';
import { spMetadata } from '#lib/saml/service-provider.ts';
import { acsUrl } from '#lib/saml/acs-url.ts';

/**
 * The SP metadata (entity ID, ACS URL with the HTTP-POST binding, signing and encryption
 * certificates, AuthnRequestsSigned, WantAssertionsSigned) as an XML file for the IdP
 * administrator. Needs the SP entity ID and SP login URL saved first.
 */
export const downloadSpMetadata: Operation<'com/sso_info_download_btn'> = async ({ caller }) => {
  const stored = await getSso(caller.kykId, true);
  const fields = {
    ...(stored.settings.sp_entity_id ? {} : { sp_entity_id: 'validation.ssoSpEntityIdRequired' as const }),
    ...(acsUrl(stored.settings) ? {} : { sp_login_url: 'validation.ssoSpLoginUrlRequired' as const }),
  };
  if (Object.keys(fields).length > 0) throw new DomainError('input', {}, fields);
  return {
    file_name: `sp-metadata-${caller.kykId}.xml`,
    content_type: 'application/samlmetadata+xml',
    content: `<?xml version="1.0" encoding="UTF-8"?>\n${await spMetadata(stored)}`,
  };
};
