import * as z from 'zod/mini';
import type { MessageKey } from '../messages.ts';
import { flag, hasContent, trimmedText } from '../validation.ts';
import { CONTRACT_ID_MAX } from './auth.ts';

/**
 * SAML 2.0 single sign-on (SPEC.md §3 "SSO policy", §5 "SSO", issue 4 item 5). The contract's
 * settings: the identity provider (IdP) it trusts, the service provider (SP) identity it presents,
 * the signature and encryption flags, the account-area (ata) user groups whose members sign in by
 * SSO, and which SAML attributes carry the user ID and the e-mail address.
 */
export const SSO_TEXT_MAX = 1024;
export const SSO_URL_MAX = 2048;
export const SSO_CERT_MAX = 16_384;
export const SSO_ATTRIBUTE_MAX = 256;
export const SSO_GROUPS_MAX = 100;

/** Text as pasted into the settings form, trimmed before its length is checked; empty until set. */
const text = (max: number) => z._default(z.string('validation.invalidValue').check(z.trim(), z.maxLength(max, 'validation.tooLong')), '');

/** http(s) only: an IdP login URL is where browsers are sent, so no javascript: or data: URLs. */
export const isWebUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
};

/** A certificate as pasted: PEM, or its base64 body alone (the server parses it for real). */
export const looksLikeCertificate = (value: string): boolean =>
  /^[A-Za-z0-9+/=\s]+$/.test(value.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '')) && value.replace(/\s/g, '').length >= 100;

export const ssoSettingsFields = {
  /** 1: members of the listed groups may sign in by SSO. */
  enabled: z._default(flag, 0),
  idp_entity_id: text(SSO_TEXT_MAX),
  idp_login_url: text(SSO_URL_MAX),
  /** The IdP's signing certificate (its public key), PEM. */
  idp_cert: text(SSO_CERT_MAX),
  sp_entity_id: text(SSO_TEXT_MAX),
  /** Where users of this contract start SSO: the app's /com_drive/sso?kyk_id=<contract>. Its origin gives the ACS URL. */
  sp_login_url: text(SSO_URL_MAX),
  /** 1: the SP signs its AuthnRequests (needs the SP key pair). */
  request_signed: z._default(flag, 0),
  /** 1: the SP asks for signed assertions (metadata WantAssertionsSigned). A response is never accepted unsigned. */
  response_signed: z._default(flag, 1),
  /** 1: the IdP encrypts assertions to the SP certificate (needs the SP key pair). */
  assertion_encrypted: z._default(flag, 0),
  /** Account-area (ata) user groups whose members use SSO. */
  user_group_list: z._default(
    z.array(z.string().check(z.minLength(1), z.maxLength(64)), 'validation.invalidValue').check(z.maxLength(SSO_GROUPS_MAX, 'validation.invalidValue')),
    [],
  ),
};

export const ssoAttributeFields = {
  /** The SAML attribute whose value is the user ID of this contract ("NameID" for the subject's NameID). */
  attr_user_id: text(SSO_ATTRIBUTE_MAX),
  attr_mail: text(SSO_ATTRIBUTE_MAX),
};

export const ssoSettings = z.object({ ...ssoSettingsFields, ...ssoAttributeFields });
export type SsoSettings = z.infer<typeof ssoSettings>;
export const defaultSsoSettings: SsoSettings = ssoSettings.parse({});

/** The pseudo-attribute name that maps the subject's NameID instead of an attribute. */
export const NAME_ID_ATTRIBUTE = 'NameID';

type Issue = { path: string; key: MessageKey };

/** The required-field rules of SPEC.md §5 "SSO" for the IdP/SP settings (one message per field). */
export function ssoSettingsIssues(settings: z.infer<z.ZodMiniObject<typeof ssoSettingsFields>>): Issue[] {
  const issues: Issue[] = [];
  const required = (field: keyof typeof ssoSettingsFields, key: MessageKey) => {
    const value = settings[field];
    if (typeof value === 'string' && !hasContent(value)) issues.push({ path: field, key });
  };
  required('sp_login_url', 'validation.ssoSpLoginUrlRequired');
  required('idp_entity_id', 'validation.ssoIdpEntityIdRequired');
  required('idp_login_url', 'validation.ssoIdpLoginUrlRequired');
  required('sp_entity_id', 'validation.ssoSpEntityIdRequired');
  for (const field of ['sp_login_url', 'idp_login_url'] as const) {
    if (hasContent(settings[field]) && !isWebUrl(settings[field])) issues.push({ path: field, key: 'validation.ssoUrl' });
  }
  if ((settings.request_signed === 1 || settings.response_signed === 1) && !hasContent(settings.idp_cert)) {
    issues.push({ path: 'idp_cert', key: 'validation.ssoIdpCertRequired' });
  } else if (hasContent(settings.idp_cert) && !looksLikeCertificate(settings.idp_cert)) {
    issues.push({ path: 'idp_cert', key: 'validation.ssoCertificateInvalid' });
  }
  if (settings.user_group_list.length === 0) issues.push({ path: 'user_group_list', key: 'validation.ssoUserGroupRequired' });
  return issues;
}

export function ssoAttributeIssues(attributes: z.infer<z.ZodMiniObject<typeof ssoAttributeFields>>): Issue[] {
  const issues: Issue[] = [];
  if (!hasContent(attributes.attr_user_id)) issues.push({ path: 'attr_user_id', key: 'validation.ssoAttrUserIdRequired' });
  if (!hasContent(attributes.attr_mail)) issues.push({ path: 'attr_mail', key: 'validation.ssoAttrMailRequired' });
  return issues;
}

const rowVersion = z.number('validation.required').check(z.int(), z.gte(0));

export const ssoInfoRequest = z.strictObject({});

export const ssoInfoSaveRequest = z.strictObject({ row_version: rowVersion, ...ssoSettingsFields }).check(z.superRefine((value, context) => {
  for (const issue of ssoSettingsIssues(value)) context.addIssue({ code: 'custom', path: [issue.path], message: issue.key });
}));

export const ssoAttribSaveRequest = z.strictObject({ row_version: rowVersion, ...ssoAttributeFields }).check(z.superRefine((value, context) => {
  for (const issue of ssoAttributeIssues(value)) context.addIssue({ code: 'custom', path: [issue.path], message: issue.key });
}));

export const ssoKeyRequest = z.strictObject({ row_version: rowVersion });

export const ssoInfoResponse = z.object({
  settings: ssoSettings,
  /** Names of the groups in user_group_list (a deleted group is left out). */
  user_groups: z.array(z.object({ user_group_id: z.string(), user_group_nm: z.string() })),
  /** What the IdP administrator needs (also in the metadata download). */
  sp: z.object({
    entity_id: z.string(),
    /** `<origin of sp_login_url>/api/sso/acs` (HTTP-POST binding); null until the SP login URL is set. */
    acs_url: z.nullable(z.string()),
    /** PEM of the SP certificate; null until a key pair is generated. The private key is never answered. */
    certificate: z.nullable(z.string()),
    certificate_not_after: z.nullable(z.string()),
  }),
  /** The pasted IdP certificate as parsed by the server; null when absent or unreadable. */
  idp_certificate: z.nullable(z.object({ subject: z.string(), not_after: z.string() })),
  row_version: z.number(),
});
export type SsoInfoResponse = z.infer<typeof ssoInfoResponse>;

/** The SP metadata XML, for the SPA to save as a file. */
export const ssoMetadataResponse = z.object({ file_name: z.string(), content_type: z.string(), content: z.string() });

/** Public: start SP-initiated sign-in at the contract's IdP. */
export const ssoStartRequest = z.strictObject({
  kyk_id: trimmedText(CONTRACT_ID_MAX),
});
export const ssoStartResponse = z.object({ redirect_url: z.string() });

/** The IdP's HTML form POST (HTTP-POST binding) to the assertion consumer service. */
export const ssoAcsRequest = z.object({
  SAMLResponse: z.optional(z.string().check(z.maxLength(1_000_000))),
  RelayState: z.optional(z.string().check(z.maxLength(1024))),
});
export const ssoAcsResponse = z.null();

/** The one-time code the ACS redirect carries, exchanged for a session. */
export const ssoLoginRequest = z.strictObject({
  code: z.string('notice.ssoCodeInvalid').check(z.minLength(1, 'notice.ssoCodeInvalid'), z.maxLength(200, 'notice.ssoCodeInvalid')),
});

/** Reasons /com_drive/sso-fail may show (catalogue keys; nothing more is revealed). */
export const ssoFailReasons = [
  'notice.ssoResponseInvalid',
  'notice.ssoNotAvailable',
  'notice.ssoUserNotAllowed',
  'code.loginLimitedByAdmin',
  'notice.ssoCodeInvalid',
] as const satisfies readonly MessageKey[];
export type SsoFailReason = (typeof ssoFailReasons)[number];
