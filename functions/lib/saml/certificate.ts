import { createPrivateKey, generateKeyPairSync, randomBytes, sign, X509Certificate } from 'node:crypto';

/**
 * A service-provider key pair with a self-signed X.509 certificate, made with node:crypto alone
 * (SAML metadata carries keys as certificates; Node can parse but not issue them, so the few DER
 * structures of RFC 5280 are written here rather than adding a certificate library).
 * RSA 2048, sha256WithRSAEncryption (what samlify signs and IdPs expect).
 */
export interface KeyPairWithCertificate {
  /** PKCS#8 PEM: a secret (functions/lib/saml/key-store.ts). */
  privateKeyPem: string;
  /** X.509 PEM: public; published in the SP metadata. */
  certificatePem: string;
  /** ISO time the certificate expires. */
  notAfter: string;
}

const der = (tag: number, ...parts: Buffer[]): Buffer => {
  const body = Buffer.concat(parts);
  const length = body.length;
  const lengthBytes = length < 0x80
    ? Buffer.from([length])
    : (() => {
      const bytes: number[] = [];
      for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
      return Buffer.from([0x80 | bytes.length, ...bytes]);
    })();
  return Buffer.concat([Buffer.from([tag]), lengthBytes, body]);
};
const sequence = (...parts: Buffer[]) => der(0x30, ...parts);
const set = (...parts: Buffer[]) => der(0x31, ...parts);
const oid = (dotted: string): Buffer => {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [first * 40 + second];
  for (const value of rest) {
    const chunk = [value & 0x7f];
    for (let v = Math.floor(value / 128); v > 0; v = Math.floor(v / 128)) chunk.unshift((v & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return der(0x06, Buffer.from(bytes));
};
const utf8String = (text: string) => der(0x0c, Buffer.from(text, 'utf8'));
const NULL = Buffer.from([0x05, 0x00]);
/** UTCTime until 2049, GeneralizedTime after (RFC 5280 §4.1.2.5). */
const time = (date: Date): Buffer => {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14); // YYYYMMDDHHMMSS
  return date.getUTCFullYear() < 2050 ? der(0x17, Buffer.from(`${iso.slice(2)}Z`)) : der(0x18, Buffer.from(`${iso}Z`));
};
const SHA256_WITH_RSA = sequence(oid('1.2.840.113549.1.1.11'), NULL);

const pem = (label: string, body: Buffer): string =>
  `-----BEGIN ${label}-----\n${body.toString('base64').match(/.{1,64}/g)!.join('\n')}\n-----END ${label}-----\n`;

export function createSelfSignedKeyPair(commonName: string, options: { days?: number; now?: Date } = {}): KeyPairWithCertificate {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const now = options.now ?? new Date();
  const notBefore = new Date(now.getTime() - 5 * 60_000);
  const notAfter = new Date(now.getTime() + (options.days ?? 3650) * 86_400_000);
  const serial = randomBytes(16);
  serial[0] = 0x40 | (serial[0]! & 0x3f); // positive and minimal DER: no leading 0x00 (strict parsers refuse one)
  const name = sequence(set(sequence(oid('2.5.4.3'), utf8String(commonName.slice(0, 64)))));
  const tbs = sequence(
    der(0xa0, der(0x02, Buffer.from([2]))), // version v3
    der(0x02, serial),
    SHA256_WITH_RSA,
    name,
    sequence(time(notBefore), time(notAfter)),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
  );
  const signature = sign('sha256', tbs, privateKey);
  const certificate = sequence(tbs, SHA256_WITH_RSA, der(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const certificatePem = pem('CERTIFICATE', certificate);
  // Parse it back: a structure Node cannot read, or one not signed by its own key, never leaves here.
  const parsed = new X509Certificate(certificatePem);
  if (!parsed.verify(publicKey)) throw new Error('The generated certificate does not verify');
  return { privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), certificatePem, notAfter: notAfter.toISOString() };
}

/** The certificate's facts for the settings screen, or undefined when the text is not a certificate. */
export function describeCertificate(text: string): { subject: string; notAfter: string; fingerprint256: string } | undefined {
  try {
    const certificate = new X509Certificate(normalisePem(text));
    return { subject: certificate.subject, notAfter: new Date(certificate.validTo).toISOString(), fingerprint256: certificate.fingerprint256 };
  } catch {
    return undefined;
  }
}

/**
 * A certificate as administrators paste it: PEM with or without the BEGIN/END lines, base64 with
 * any line breaks. Answers PEM.
 */
export function normalisePem(text: string): string {
  const body = text.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  return pem('CERTIFICATE', Buffer.from(body, 'base64'));
}

/** Whether a PEM private key parses (used when reading it back from the secret store). */
export const isPrivateKey = (text: string): boolean => {
  try {
    createPrivateKey(text);
    return true;
  } catch {
    return false;
  }
};
