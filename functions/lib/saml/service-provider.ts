import type { IdentityProviderInstance, samlify as samlifyModule, ServiceProviderInstance } from './samlify.ts';
import { NAME_ID_ATTRIBUTE, type SsoSettings } from '#shared/schemas/sso.ts';
import { epochSeconds } from '../data/table.ts';
import { normalisePem } from './certificate.ts';
import { acsUrl } from './acs-url.ts';
import type { StoredSso } from '#data/saml.ts';

/**
 * The contract's SAML service provider, built with samlify from the stored settings for each
 * request (settings differ per contract; building costs microseconds). samlify verifies the XML
 * schema (xmllint-wasm), the signature (the IdP certificate of the settings only; unsigned
 * responses are never accepted), the issuer and the Conditions / SessionNotOnOrAfter times.
 * What it leaves unchecked, the ACS checks (functions/sso/acs.ts): InResponseTo, audience,
 * assertion replay.
 */
/** Clock skew tolerated between IdP and us for NotBefore / NotOnOrAfter. */
const CLOCK_DRIFT_MS = 60_000;

type Samlify = typeof samlifyModule;
let samlifyLoaded: Promise<Samlify> | undefined;
/**
 * samlify with its XML signing, encryption and schema validation (xml-crypto, node-forge,
 * xmllint-wasm's loader) load on the first call that needs them, not on every cold start: they were
 * most of the sso Lambda's cold import (1.9 times its AWS-client floor), and sso_login, the call
 * every SSO sign-in ends with, needs none of them.
 */
const loadSamlify = (): Promise<Samlify> => (samlifyLoaded ??= import('./samlify.ts').then((module) => module.samlify));

function serviceProvider(samlify: Samlify, stored: StoredSso, privateKey?: string): ServiceProviderInstance {
  const { binding, format } = samlify.Constants.namespace;
  const { settings } = stored;
  const location = acsUrl(settings);
  const certificate = stored.sp_certificate ?? undefined;
  return samlify.ServiceProvider({
    entityID: settings.sp_entity_id,
    authnRequestsSigned: settings.request_signed === 1,
    wantAssertionsSigned: settings.response_signed === 1,
    wantMessageSigned: false,
    isAssertionEncrypted: settings.assertion_encrypted === 1,
    ...(certificate ? { signingCert: certificate, ...(settings.assertion_encrypted === 1 ? { encryptCert: certificate } : {}) } : {}),
    ...(privateKey ? { privateKey, encPrivateKey: privateKey } : {}),
    requestSignatureAlgorithm: samlify.Constants.algorithms.signature.RSA_SHA256,
    nameIDFormat: [format.unspecified],
    assertionConsumerService: location ? [{ Binding: binding.post, Location: location }] : [],
    clockDrifts: [-CLOCK_DRIFT_MS, CLOCK_DRIFT_MS],
  });
}

function identityProvider(samlify: Samlify, settings: SsoSettings): IdentityProviderInstance {
  const { binding } = samlify.Constants.namespace;
  return samlify.IdentityProvider({
    entityID: settings.idp_entity_id,
    ...(settings.idp_cert ? { signingCert: normalisePem(settings.idp_cert) } : {}),
    wantAuthnRequestsSigned: settings.request_signed === 1,
    isAssertionEncrypted: settings.assertion_encrypted === 1,
    singleSignOnService: [{ Binding: binding.redirect, Location: settings.idp_login_url }],
  });
}

/** The SP metadata XML for the IdP administrator. */
export const spMetadata = async (stored: StoredSso): Promise<string> => serviceProvider(await loadSamlify(), stored).getMetadata();

/** SP-initiated sign-in, HTTP-Redirect binding: the URL to send the browser to and the request ID to remember. */
export async function loginRequest(stored: StoredSso, relayState: string, privateKey?: string): Promise<{ id: string; url: string }> {
  const samlify = await loadSamlify();
  const sp = serviceProvider(samlify, stored, privateKey);
  const { id, context } = sp.createLoginRequest(identityProvider(samlify, stored.settings), 'redirect', { relayState });
  return { id, url: context };
}

/** Why a response was refused: logged, never shown (the browser sees a reason key only). */
export class SamlRefusal extends Error {
  constructor(readonly check: string, readonly detail?: string) {
    super(`SAML response refused: ${check}`);
    this.name = 'SamlRefusal';
  }
}

export interface VerifiedAssertion {
  assertionId: string;
  /** InResponseTo of the signed assertion's SubjectConfirmationData, else of the Response. */
  inResponseTo: string | undefined;
  audiences: string[];
  /** Epoch seconds. */
  notOnOrAfter: number;
  nameId: string | undefined;
  attributes: Record<string, string | string[]>;
}

const first = (value: unknown): string | undefined => (Array.isArray(value) ? first(value[0]) : typeof value === 'string' ? value : undefined);
const list = (value: unknown): string[] => (Array.isArray(value) ? value.flatMap(list) : typeof value === 'string' ? [value] : []);

/**
 * The signed assertion of a response samlify accepted, read again from the element the signature
 * covers, so no fact this code relies on comes from an unsigned part (signature wrapping): an
 * encrypted assertion is decrypted, then the signature over the response or the assertion is
 * verified with the configured IdP certificate and the covered assertion returned.
 */
async function signedAssertion(samlify: Samlify, sp: ServiceProviderInstance, idp: IdentityProviderInstance, samlContent: string): Promise<string> {
  let xml = samlContent;
  if (/EncryptedAssertion/.test(xml)) [xml] = await samlify.SamlLib.decryptAssertion(sp, xml);
  const [verified, node] = samlify.SamlLib.verifySignature(xml, { metadata: idp.entityMeta, signatureAlgorithm: idp.entitySetting.requestSignatureAlgorithm });
  if (!verified || !node || !/^<([\w-]+:)?Assertion[\s>]/.test(node)) throw new SamlRefusal('no signed assertion');
  return node;
}

/**
 * Parses and verifies an IdP's POSTed SAMLResponse. Throws SamlRefusal for anything not accepted.
 */
export async function verifyLoginResponse(stored: StoredSso, samlResponse: string, privateKey?: string): Promise<VerifiedAssertion> {
  const { settings } = stored;
  if (!settings.idp_cert) throw new SamlRefusal('no IdP certificate configured');
  const samlify = await loadSamlify();
  const sp = serviceProvider(samlify, stored, privateKey);
  const idp = identityProvider(samlify, settings);
  let result: Awaited<ReturnType<ServiceProviderInstance['parseLoginResponse']>>;
  try {
    result = await sp.parseLoginResponse(idp, 'post', { body: { SAMLResponse: samlResponse } });
  } catch (error) {
    const detail = error instanceof Error ? `${error.message}${'details' in error ? `: ${String(error.details).slice(0, 500)}` : ''}` : String(error);
    throw new SamlRefusal('samlify', detail);
  }
  const assertion = await signedAssertion(samlify, sp, idp, result.samlContent);
  const facts = samlify.Extractor.extract(assertion, [
    { key: 'assertion', localPath: ['Assertion'], attributes: ['ID'] },
    { key: 'confirmation', localPath: ['Assertion', 'Subject', 'SubjectConfirmation', 'SubjectConfirmationData'], attributes: ['InResponseTo', 'NotOnOrAfter', 'Recipient'] },
    { key: 'conditions', localPath: ['Assertion', 'Conditions'], attributes: ['NotBefore', 'NotOnOrAfter'] },
    { key: 'audience', localPath: ['Assertion', 'Conditions', 'AudienceRestriction', 'Audience'], attributes: [] },
    { key: 'nameID', localPath: ['Assertion', 'Subject', 'NameID'], attributes: [] },
    { key: 'attributes', localPath: ['Assertion', 'AttributeStatement', 'Attribute'], index: ['Name'], attributePath: ['AttributeValue'], attributes: [] },
  ]);
  const assertionId = first(facts.assertion);
  if (!assertionId) throw new SamlRefusal('assertion without ID');
  const confirmation = (facts.confirmation ?? {}) as Record<string, string | undefined>;
  const conditions = (facts.conditions ?? {}) as Record<string, string | undefined>;
  // samlify checks the Conditions times when present; an assertion without an end is not accepted.
  // (The extractor answers several attributes under camel-cased names.)
  const ends = [conditions.notOnOrAfter, confirmation.notOnOrAfter].filter((value): value is string => typeof value === 'string');
  if (ends.length === 0) throw new SamlRefusal('assertion without NotOnOrAfter');
  const notOnOrAfter = Math.min(...ends.map((value) => epochSeconds(new Date(value))));
  if (!Number.isFinite(notOnOrAfter) || notOnOrAfter * 1000 + CLOCK_DRIFT_MS <= Date.now()) throw new SamlRefusal('expired', ends.join(' '));
  return {
    assertionId,
    inResponseTo: confirmation.inResponseTo ?? first((result.extract.response as Record<string, string> | undefined)?.inResponseTo),
    audiences: list(facts.audience),
    notOnOrAfter,
    nameId: first(facts.nameID),
    attributes: (facts.attributes ?? {}) as Record<string, string | string[]>,
  };
}

/** The value of a mapped attribute ("NameID" maps the subject's NameID). */
export const attributeValue = (assertion: VerifiedAssertion, name: string): string | undefined =>
  name === NAME_ID_ATTRIBUTE ? assertion.nameId : first(assertion.attributes[name]);
