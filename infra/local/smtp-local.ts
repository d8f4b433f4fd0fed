import { randomBytes } from 'node:crypto';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SMTPServer, type SMTPServerAddress, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { S3Credentials } from './s3-front.ts';

/**
 * The local stand-in of SES receiving: an SMTP server on 127.0.0.1 that writes each message as
 * SES's S3 action does (the raw MIME under `mail/<message id>` in the intake bucket, below the
 * headers SES prepends), through the S3 front, whose write event runs the intake function as the
 * bucket's notification does in AWS. The verdicts SES would compute (SPF, DKIM, DMARC) are chosen
 * by the sender with an `X-Local-Verdicts` header, removed before the message is stored.
 *
 * No AUTH and no STARTTLS: it listens on loopback only, where nothing crosses a network to be read
 * or forged, and SES's own MX takes mail from anyone too (what matters is the recipient, checked
 * here, and the verdicts, which the intake function checks).
 */
export interface SmtpLocal {
  host: string;
  port: number;
  /** Mail is accepted for `<anything>@<domain>` only. */
  domain: string;
  stop(): Promise<void>;
}

/** 48 MiB: above SES's 40 MB, so the intake function's own refusal of larger mail can be shown. */
export const SMTP_MAX_MESSAGE_BYTES = 48 * 1024 * 1024;

/** Where the stored copy says it was received (SES's is `inbound-smtp.<region>.amazonaws.com`). */
export const INBOUND_HOST = 'inbound-smtp.local';

/** The header a sender (a test) sets the verdicts with: `X-Local-Verdicts: spf=fail; dkim=pass; dmarc=fail`. */
export const VERDICTS_HEADER = 'X-Local-Verdicts';

/** The words RFC 8601 allows for each method (what SES writes in Authentication-Results). */
const verdictWords = {
  spf: ['pass', 'fail', 'softfail', 'neutral', 'none', 'temperror', 'permerror'],
  dkim: ['pass', 'fail', 'none', 'neutral', 'policy', 'temperror', 'permerror'],
  dmarc: ['pass', 'fail', 'none', 'temperror', 'permerror'],
} as const;
type Method = keyof typeof verdictWords;
export type Verdicts = { [M in Method]: (typeof verdictWords)[M][number] };

export interface SmtpLocalOptions {
  /** Port on 127.0.0.1; 0 = any free port. */
  port: number;
  domain: string;
  /** The intake bucket, written through the S3 front with the stack's credentials. */
  bucketName: string;
  s3: { endpoint: string; region: string; credentials: S3Credentials };
  /** Default SMTP_MAX_MESSAGE_BYTES. */
  maxMessageBytes?: number;
  log: (line: string) => void;
}

/** An SMTP refusal: smtp-server answers the code and text. */
const refusal = (responseCode: number, message: string): Error => Object.assign(new Error(message), { responseCode });

/** SES's message ids are 40 characters of base32hex in lower case (e.g. 8i6cr4aeu15skb2lb71a0qo4ts7a8mbou5nfpgg1). */
const BASE32HEX = '0123456789abcdefghijklmnopqrstuv';
export const sesMessageId = (): string => [...randomBytes(40)].map((byte) => BASE32HEX[byte & 31]).join('');

/** An RFC 5322 date as SES writes it in Received: `Sat, 26 Apr 2025 16:24:59 +0000 (UTC)`. */
const receivedDate = (date: Date): string => date.toUTCString().replace(/GMT$/, '+0000 (UTC)');

/** The header block (latin1, so 8-bit bytes pass unchanged) and the body after it. */
function splitMessage(raw: Buffer): { head: string; body: Buffer; eol: string } {
  const crlf = raw.indexOf('\r\n\r\n');
  const lf = raw.indexOf('\n\n');
  if (crlf !== -1 && (lf === -1 || crlf < lf)) return { head: raw.subarray(0, crlf + 2).toString('latin1'), body: raw.subarray(crlf + 2), eol: '\r\n' };
  if (lf !== -1) return { head: raw.subarray(0, lf + 1).toString('latin1'), body: raw.subarray(lf + 1), eol: '\n' };
  return { head: raw.toString('latin1'), body: Buffer.alloc(0), eol: raw.includes('\r\n') ? '\r\n' : '\n' };
}

/** The header fields of a header block, each with its folded lines, in order. */
const headerFields = (head: string): string[] =>
  head.split(/(?<=\n)(?![ \t])/).filter((field) => field.length > 0);

const fieldName = (field: string): string => field.slice(0, Math.max(0, field.indexOf(':'))).trim().toLowerCase();
const fieldValue = (field: string): string => field.slice(field.indexOf(':') + 1).replace(/\r?\n[ \t]+/g, ' ').trim();

/** `spf=fail; dkim=pass; dmarc=fail` (any subset, any order); what is not named passes. */
export function parseVerdicts(value: string | undefined): Verdicts {
  const verdicts: Verdicts = { spf: 'pass', dkim: 'pass', dmarc: 'pass' };
  for (const part of (value ?? '').split(';').map((item) => item.trim()).filter(Boolean)) {
    const [method, word] = part.split('=').map((item) => item.trim().toLowerCase()) as [string, string | undefined];
    if (!(method in verdictWords) || !(verdictWords[method as Method] as readonly string[]).includes(word ?? '')) {
      throw refusal(554, `5.6.0 ${VERDICTS_HEADER}: "${part}" is not one of ${Object.entries(verdictWords).map(([name, words]) => `${name}=${words.join('|')}`).join(', ')}`);
    }
    (verdicts as Record<string, string>)[method] = word!;
  }
  return verdicts;
}

/** The domain of the From header's address (the last <...>, else the bare address). */
const fromDomain = (from: string | undefined): string => {
  const angle = from?.match(/<([^<>]*)>[^<>]*$/)?.[1];
  const address = angle ?? from?.match(/[^\s<>"',;:]+@[^\s<>"',;:]+/)?.[0] ?? '';
  return address.includes('@') ? address.slice(address.lastIndexOf('@') + 1).toLowerCase() : '';
};

const spfComment = (verdict: Verdicts['spf'], domain: string, ip: string): string => {
  switch (verdict) {
    case 'pass': return `domain of ${domain} designates ${ip} as permitted sender`;
    case 'fail': return `domain of ${domain} does not designate ${ip} as permitted sender`;
    case 'softfail': return `transitioning domain of ${domain} does not designate ${ip} as permitted sender`;
    case 'neutral': return `${ip} is neither permitted nor denied by domain of ${domain}`;
    case 'none': return `domain of ${domain} does not designate permitted sender hosts`;
    default: return `error in processing during lookup of ${domain}`;
  }
};

export interface Receipt {
  id: string;
  /** The envelope's MAIL FROM ('' for the null sender). */
  mailFrom: string;
  recipients: readonly string[];
  /** The client's HELO/EHLO name and address. */
  helo: string;
  clientIp: string;
  receivedAt: Date;
}

/**
 * The message as SES's S3 action stores it: SES's headers (Return-Path, Received with the `for`
 * clause only for a single recipient, the spam and virus verdicts, Received-SPF,
 * Authentication-Results from amazonses.com, X-SES-RECEIPT) above the message as submitted, less
 * the X-Local-Verdicts header, which would not exist in AWS. Format as in the raw mail SES writes.
 */
export function sesStoredMessage(raw: Buffer, receipt: Receipt): Buffer {
  const { head, body } = splitMessage(raw);
  const fields = headerFields(head);
  const verdictFields = fields.filter((field) => fieldName(field) === VERDICTS_HEADER.toLowerCase());
  const verdicts = parseVerdicts(verdictFields.map(fieldValue).join('; ') || undefined);
  const kept = fields.filter((field) => !verdictFields.includes(field)).join('');
  const from = fields.find((field) => fieldName(field) === 'from');
  const headerFrom = fromDomain(from ? fieldValue(from) : undefined);
  // SPF checks the MAIL FROM domain, or the HELO name for the null sender (RFC 7208 2.4).
  const spfDomain = receipt.mailFrom.includes('@') ? receipt.mailFrom.slice(receipt.mailFrom.lastIndexOf('@') + 1).toLowerCase() : receipt.helo;
  const { clientIp: ip, helo } = receipt;
  const spf = `${verdicts.spf} (spfCheck: ${spfComment(verdicts.spf, spfDomain, ip)}) client-ip=${ip}; envelope-from=${receipt.mailFrom}; helo=${helo};`;
  const eol = '\r\n';
  const lines = [
    `Return-Path: <${receipt.mailFrom}>`,
    `Received: from ${helo} (localhost [${ip}])`,
    ` by ${INBOUND_HOST} with SMTP id ${receipt.id}${receipt.recipients.length === 1 ? '' : ';'}`,
    ...(receipt.recipients.length === 1 ? [` for ${receipt.recipients[0]};`] : []),
    ` ${receivedDate(receipt.receivedAt)}`,
    'X-SES-Spam-Verdict: PASS',
    'X-SES-Virus-Verdict: PASS',
    `Received-SPF: ${spf}`,
    'Authentication-Results: amazonses.com;',
    ` spf=${spf}`,
    // SES writes no dkim result for a message without a signature.
    ...(verdicts.dkim === 'none' ? [] : [` dkim=${verdicts.dkim} header.i=@${headerFrom};`]),
    ` dmarc=${verdicts.dmarc} header.from=${headerFrom};`,
    // Opaque in AWS too (SES's own signed receipt); nothing reads it.
    `X-SES-RECEIPT: ${randomBytes(48).toString('base64')}`,
  ];
  return Buffer.concat([Buffer.from(lines.join(eol) + eol, 'latin1'), Buffer.from(kept, 'latin1'), body]);
}

const addressOf = (address: SMTPServerAddress | false): string => (address ? address.address : '');

export async function startSmtpLocal(options: SmtpLocalOptions): Promise<SmtpLocal> {
  const domain = options.domain.toLowerCase().replace(/\.$/, '');
  const maxBytes = options.maxMessageBytes ?? SMTP_MAX_MESSAGE_BYTES;
  const s3 = new S3Client({
    endpoint: options.s3.endpoint, forcePathStyle: true, region: options.s3.region, credentials: options.s3.credentials,
    // s3rver trap (docs: TOOLCHAIN): the SDK's default checksums corrupt its stored bodies.
    requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const writes = new Set<Promise<void>>();

  /** Throws a bad X-Local-Verdicts header's refusal at once; the write is the promise. */
  const store = (raw: Buffer, session: SMTPServerSession): Promise<string> => {
    const id = sesMessageId();
    const stored = sesStoredMessage(raw, {
      id,
      mailFrom: addressOf(session.envelope.mailFrom),
      recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address),
      helo: session.hostNameAppearsAs || session.clientHostname,
      clientIp: session.remoteAddress,
      receivedAt: new Date(),
    });
    return s3.send(new PutObjectCommand({ Bucket: options.bucketName, Key: `mail/${id}`, Body: stored })).then(() => id);
  };

  const server = new SMTPServer({
    name: INBOUND_HOST,
    banner: 'com-drive local SES receiving',
    size: maxBytes,
    rejectOversized: true,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    // No DNS (no internet here, and every client is this machine).
    disableReverseLookup: true,
    logger: false,
    // Stopping waits this long for idle clients (a mail program's open connection), not 30 s.
    closeTimeout: 1000,
    onRcptTo(address, _session, callback) {
      const at = address.address.lastIndexOf('@');
      if (at > 0 && address.address.slice(at + 1).toLowerCase() === domain) return callback();
      callback(refusal(550, `5.1.1 <${address.address}>: mailbox unavailable (mail is received for @${domain} only)`));
    },
    onData(stream: SMTPServerDataStream, session, callback) {
      const chunks: Buffer[] = [];
      let bytes = 0;
      // Past the limit nothing more is held: smtp-server answers 552 (rejectOversized).
      stream.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes <= maxBytes) chunks.push(chunk);
      });
      stream.once('error', (error) => callback(error));
      stream.once('end', () => {
        if (stream.sizeExceeded) return callback(refusal(552, `5.3.4 Message exceeds fixed maximum message size ${maxBytes}`));
        let written: Promise<void>;
        try {
          written = store(Buffer.concat(chunks), session).then(
            (id) => callback(null, `Ok ${id}`),
            (error: unknown) => {
              options.log(`SMTP: storing a message failed: ${error instanceof Error ? error.message : String(error)}`);
              callback(refusal(451, '4.3.0 Temporary failure storing the message'));
            },
          );
        } catch (error) {
          // A bad X-Local-Verdicts header: the sender's mistake, answered as such.
          return callback(error as Error);
        }
        writes.add(written);
        void written.finally(() => writes.delete(written));
      });
    },
  });
  // A listen error is the caller's (listenOnKeptPort tries another port); later ones are logged.
  let listening = false;
  server.on('error', (error) => {
    if (listening) options.log(`SMTP: ${error.message}`);
  });

  const host = '127.0.0.1';
  const port = await new Promise<number>((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.server.once('error', onError);
    server.listen(options.port, host, () => {
      server.server.off('error', onError);
      listening = true;
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : options.port);
    });
  });

  return {
    host,
    port,
    domain,
    stop: async () => {
      // No new connections; a message being received is stored before the S3 front closes.
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.allSettled([...writes]);
      s3.destroy();
    },
  };
}
