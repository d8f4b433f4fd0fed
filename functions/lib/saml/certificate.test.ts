import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSelfSignedKeyPair, describeCertificate, normalisePem } from './certificate.ts';
import { validateSamlXml } from './schema-validator.ts';

describe('SP key pair and self-signed certificate', () => {
  it('makes a certificate Node reads, signed by the key it carries, valid for the days asked', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const pair = createSelfSignedKeyPair('sp.example.com', { now, days: 30 });
    const certificate = new X509Certificate(pair.certificatePem);
    expect(certificate.subject).toBe('CN=sp.example.com');
    expect(certificate.issuer).toBe('CN=sp.example.com');
    expect(certificate.verify(certificate.publicKey)).toBe(true);
    expect(new Date(certificate.validTo).toISOString()).toBe('2026-01-31T00:00:00.000Z');
    expect(pair.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(createSelfSignedKeyPair('sp.example.com').certificatePem).not.toBe(pair.certificatePem);
  });

  it('reads certificates as administrators paste them: PEM, or the base64 body with any line breaks', () => {
    const { certificatePem } = createSelfSignedKeyPair('idp.example');
    const body = certificatePem.replace(/-----[^-]+-----/g, '').replace(/\n/g, ' \r\n ');
    expect(normalisePem(body)).toBe(certificatePem);
    expect(describeCertificate(body)?.subject).toBe('CN=idp.example');
    expect(describeCertificate('not a certificate')).toBeUndefined();
  });
});

describe('SAML XML schema validation (xmllint-wasm)', () => {
  const response = (attributes: string) =>
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="_r1"${attributes} IssueInstant="2026-01-01T00:00:00Z">` +
    '<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status></samlp:Response>';

  it('accepts a valid message and refuses a schema-invalid or malformed one', async () => {
    expect((await validateSamlXml(response(' Version="2.0"'))).valid).toBe(true);
    const missing = await validateSamlXml(response(''));
    expect(missing.valid).toBe(false);
    expect(missing.errors).toContain("The attribute 'Version' is required but missing");
    expect((await validateSamlXml('<samlp:Response')).valid).toBe(false);
    expect((await validateSamlXml(response(' Version="2.0" Unknown="x"'))).valid).toBe(false);
  });
});
