import { ssoRoutes } from '#shared/routes/sso.ts';
import { createApiHandler } from '#lib/api-handler.ts';
import { ssoAcs } from './acs.ts';
import { downloadSpMetadata } from './download-sp-metadata.ts';
import { ssoLogin } from './login.ts';
import { ssoStart } from './start.ts';

/**
 * SAML single sign-on for users (docs/architecture.md "SAML single sign-on"): the AuthnRequest,
 * the ACS the IdP posts to, and the exchange of its one-time code for a session. A Lambda of its
 * own so that samlify and the XML schema validator never load with the password sign-in; the
 * administrator's SP metadata download lives here too, so the security Lambda carries no samlify.
 */
export const handler = createApiHandler(ssoRoutes, {
  'sso/sso_start': ssoStart,
  'sso/acs': ssoAcs,
  'sso/sso_login': ssoLogin,
  'com/sso_info_download_btn': downloadSpMetadata,
});
