import * as auth from '../schemas/auth.ts';
import * as sso from '../schemas/sso.ts';
import { route, type RouteDef } from './define.ts';

export const ssoRoutes = {
  'com/sso_info_download_btn': route({
    group: 'sso', access: 'admin', summary: 'The SP metadata XML for the IdP administrator (in the sso Lambda, the one that carries samlify)',
    request: sso.ssoInfoRequest, response: sso.ssoMetadataResponse,
  }),
  'sso/sso_start': route({
    group: 'sso', access: 'public', summary: "Start SAML sign-in: answers the contract's IdP URL with a (signed) AuthnRequest, redirect binding",
    request: sso.ssoStartRequest, response: sso.ssoStartResponse,
  }),
  'sso/acs': route({
    group: 'sso', access: 'public', body: 'form',
    summary: 'Assertion consumer service: the IdP posts the SAMLResponse form; answers 303 to /com_drive/sso-login?code= or /com_drive/sso-fail?reason=',
    request: sso.ssoAcsRequest, response: sso.ssoAcsResponse,
  }),
  'sso/sso_login': route({
    group: 'sso', access: 'public', startsSession: true, summary: 'Exchange the one-time code of a SAML sign-in (single use, 2 minutes) for a session',
    request: sso.ssoLoginRequest, response: auth.signInResponse,
  }),
} as const satisfies Record<string, RouteDef>;
