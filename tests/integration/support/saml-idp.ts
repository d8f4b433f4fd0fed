import { randomUUID } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { createSelfSignedKeyPair } from '#lib/saml/certificate.ts';
import { samlify, type IdentityProviderInstance, type ServiceProviderInstance } from '#lib/saml/samlify.ts';

/**
 * A SAML identity provider for tests, built with samlify: its key pair and certificate are made at
 * test time; it reads our SP from the metadata the app publishes (com/sso_info_download_btn), takes
 * the AuthnRequest from the redirect URL sso_start answers (verifying its signature when signed),
 * and answers a signed (optionally encrypted) SAMLResponse for the HTTP-POST binding, with
 * overrides to build the bad responses the tests need.
 */
export interface TestIdp {
  entityId: string;
  loginUrl: string;
  certificatePem: string;
  /** The AuthnRequest carried by a redirect URL of sso_start (its ID and RelayState). */
  readRequest(redirectUrl: string, spMetadata: string): Promise<{ id: string; relayState: string; signed: boolean }>;
  /** A base64 SAMLResponse for our SP (from its metadata). */
  respond(spMetadata: string, options: ResponseOptions): Promise<string>;
}

export interface ResponseOptions {
  inResponseTo?: string | null;
  /** SAML attributes, e.g. { uid: 'u1', mail: 'u1@example.com' }. */
  attributes?: Record<string, string>;
  nameId?: string;
  audience?: string;
  /** Minutes from now; negative for an expired assertion. */
  notOnOrAfterMinutes?: number;
  assertionId?: string;
  /** Encrypt the assertion to the SP certificate. */
  encrypt?: boolean;
  /** Leave out the Response's Version attribute: well signed, but not valid against the SAML schema. */
  schemaInvalid?: boolean;
  /** Sign with another key than the one the SP trusts. */
  signWith?: { privateKeyPem: string; certificatePem: string };
}

const xmlEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function createTestIdp(options: { entityId?: string; loginUrl?: string } = {}): TestIdp {
  const keys = createSelfSignedKeyPair('test-idp.example');
  const entityId = options.entityId ?? `https://idp.example/${randomUUID()}`;
  const loginUrl = options.loginUrl ?? 'https://idp.example/sso';

  const idpEntity = (signer: { privateKeyPem: string; certificatePem: string } = keys, encrypt = false): IdentityProviderInstance =>
    samlify.IdentityProvider({
      entityID: entityId,
      privateKey: signer.privateKeyPem,
      signingCert: signer.certificatePem,
      isAssertionEncrypted: encrypt,
      singleSignOnService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: loginUrl }],
      nameIDFormat: [samlify.Constants.namespace.format.unspecified],
    });
  const spEntity = (metadata: string): ServiceProviderInstance => samlify.ServiceProvider({ metadata });

  return {
    entityId,
    loginUrl,
    certificatePem: keys.certificatePem,

    async readRequest(redirectUrl, spMetadata) {
      const url = new URL(redirectUrl);
      const request = url.searchParams.get('SAMLRequest');
      if (!request) throw new Error(`No SAMLRequest in ${redirectUrl}`);
      const xml = inflateRawSync(Buffer.from(request, 'base64')).toString('utf8');
      const id = /\sID="([^"]+)"/.exec(xml)?.[1];
      if (!id) throw new Error(`No request ID in ${xml}`);
      const signed = url.searchParams.has('Signature');
      if (signed) {
        // The octet string is the query as sent, without the signature (SAML bindings §3.4.4.1).
        const octetString = url.search.slice(1).split('&').filter((part) => !part.startsWith('Signature=')).join('&');
        const idp = samlify.IdentityProvider({
          entityID: entityId, signingCert: keys.certificatePem, privateKey: keys.privateKeyPem, wantAuthnRequestsSigned: true,
          singleSignOnService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: loginUrl }],
        });
        await idp.parseLoginRequest(spEntity(spMetadata), 'redirect', { query: Object.fromEntries(url.searchParams), octetString });
      }
      return { id, relayState: url.searchParams.get('RelayState') ?? '', signed };
    },

    async respond(spMetadata, response) {
      const sp = spEntity(spMetadata);
      const idp = idpEntity(response.signWith ?? keys, response.encrypt ?? false);
      const now = new Date();
      const end = new Date(now.getTime() + (response.notOnOrAfterMinutes ?? 5) * 60_000);
      const notBefore = response.notOnOrAfterMinutes !== undefined && response.notOnOrAfterMinutes < 0 ? new Date(end.getTime() - 10 * 60_000) : now;
      const acs = /Location="([^"]+)"/.exec(spMetadata.slice(spMetadata.indexOf('AssertionConsumerService')))?.[1] ?? '';
      const spEntityId = /entityID="([^"]+)"/.exec(spMetadata)?.[1] ?? '';
      const attributes = Object.entries(response.attributes ?? {}).map(([name, value]) =>
        `<saml:Attribute Name="${xmlEscape(name)}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic"><saml:AttributeValue xsi:type="xs:string">${xmlEscape(value)}</saml:AttributeValue></saml:Attribute>`).join('');
      const inResponseTo = response.inResponseTo === null ? '' : response.inResponseTo ?? '';
      const id = `_${randomUUID()}`;
      const result = await idp.createLoginResponse(sp, { extract: { request: { id: inResponseTo } } as never }, 'post', {}, {
        customTagReplacement: (template) => {
          // XML fragments go in as they are; replaceTagsByValue escapes the values it fills in.
          const withStatements = template
            .replace('{AuthnStatement}', `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="${id}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`)
            .replace('{AttributeStatement}', attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : '');
          let context = samlify.SamlLib.replaceTagsByValue(withStatements, {
            ID: id,
            AssertionID: response.assertionId ?? `_${randomUUID()}`,
            Destination: acs,
            Audience: response.audience ?? spEntityId,
            SubjectRecipient: acs,
            Issuer: entityId,
            IssueInstant: now.toISOString(),
            StatusCode: 'urn:oasis:names:tc:SAML:2.0:status:Success',
            ConditionsNotBefore: notBefore.toISOString(),
            ConditionsNotOnOrAfter: end.toISOString(),
            SubjectConfirmationDataNotOnOrAfter: end.toISOString(),
            NameIDFormat: samlify.Constants.namespace.format.unspecified,
            NameID: response.nameId ?? Object.values(response.attributes ?? {})[0] ?? 'nobody',
            InResponseTo: inResponseTo,
          });
          if (inResponseTo === '') context = context.replace(/ InResponseTo=""/g, '');
          if (response.schemaInvalid) context = context.replace(' Version="2.0" IssueInstant', ' IssueInstant');
          return { id, context };
        },
      });
      return result.context;
    },
  };
}

/** A tampered copy of a base64 SAMLResponse: `edit` changes the XML after it was signed. */
export const tamper = (samlResponse: string, edit: (xml: string) => string): string =>
  Buffer.from(edit(Buffer.from(samlResponse, 'base64').toString('utf8')), 'utf8').toString('base64');
