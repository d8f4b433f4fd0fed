/**
 * The part of samlify's API this code uses, typed here. samlify's own declarations pull in
 * @xmldom/xmldom's `/// <reference lib="dom" />`, which would put the DOM's fetch and BodyInit
 * types into the whole server program; importing the build entry (`samlify/build/index.js`) with
 * these declarations keeps them out. Checked against samlify 2.13.1's types/ (see functions/lib/saml/samlify.ts).
 */
declare module 'samlify/build/index.js' {
  export interface SsoService { Binding: string; Location: string; isDefault?: boolean }
  export interface EntitySettings {
    entityID?: string;
    metadata?: string;
    authnRequestsSigned?: boolean;
    wantAssertionsSigned?: boolean;
    wantMessageSigned?: boolean;
    wantAuthnRequestsSigned?: boolean;
    isAssertionEncrypted?: boolean;
    privateKey?: string;
    privateKeyPass?: string;
    encPrivateKey?: string;
    signingCert?: string;
    encryptCert?: string;
    requestSignatureAlgorithm?: string;
    nameIDFormat?: string[];
    assertionConsumerService?: SsoService[];
    singleSignOnService?: SsoService[];
    clockDrifts?: [number, number];
    loginResponseTemplate?: { context: string; attributes?: { name: string; valueTag: string; nameFormat: string; valueXsiType: string }[] };
    generateID?: () => string;
  }
  export interface BindingContext { id: string; context: string; relayState?: string; entityEndpoint?: string; type?: string }
  export type ExtractValue = string | string[] | Record<string, string | string[]> | null | undefined;
  export interface FlowResult { samlContent: string; extract: Record<string, ExtractValue> }
  export interface ExtractorField { key: string; localPath: string[] | string[][]; attributes: string[]; index?: string[]; attributePath?: string[]; context?: boolean; shortcut?: string }
  export interface Metadata { getEntityID(): string; getMetadata(): string }
  export interface Entity {
    entityMeta: Metadata;
    entitySetting: EntitySettings & Record<string, unknown>;
    getMetadata(): string;
  }
  export interface ServiceProviderInstance extends Entity {
    createLoginRequest(idp: IdentityProviderInstance, binding?: string, options?: { relayState?: string }): BindingContext;
    parseLoginResponse(idp: IdentityProviderInstance, binding: string, request: { body?: Record<string, unknown>; query?: Record<string, unknown> }): Promise<FlowResult>;
  }
  export interface IdentityProviderInstance extends Entity {
    createLoginResponse(
      sp: ServiceProviderInstance, requestInfo: { extract: Record<string, ExtractValue> }, binding: string, user: Record<string, unknown>,
      options?: { relayState?: string; customTagReplacement?: (template: string) => { id: string; context: string }; encryptThenSign?: boolean },
    ): Promise<BindingContext>;
    parseLoginRequest(sp: ServiceProviderInstance, binding: string, request: { query?: Record<string, unknown>; body?: Record<string, unknown>; octetString?: string }): Promise<FlowResult>;
  }
  export function ServiceProvider(settings: EntitySettings): ServiceProviderInstance;
  export function IdentityProvider(settings: EntitySettings): IdentityProviderInstance;
  export function setSchemaValidator(validator: { validate: (xml: string) => Promise<unknown> }): void;
  export const Constants: {
    namespace: { binding: { redirect: string; post: string }; format: { unspecified: string; emailAddress: string; persistent: string } };
    algorithms: { signature: { RSA_SHA256: string } };
  };
  export const SamlLib: {
    verifySignature(xml: string, options: { metadata: Metadata; signatureAlgorithm?: string }): [boolean, string | null];
    decryptAssertion(here: Entity, xml: string): Promise<[string, string]>;
    replaceTagsByValue(template: string, values: Record<string, unknown>): string;
  };
  export const Extractor: { extract(xml: string, fields: ExtractorField[]): Record<string, ExtractValue> };
}
