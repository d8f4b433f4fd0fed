import { join } from 'node:path';
import { createServer, connect } from 'node:net';
import { readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { simpleParser } from 'mailparser';
import nodemailer, { type Transporter } from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnKeptPort } from '#infra/local/ports.ts';
import { eventFunctionsOf, startS3Local, type S3Local } from '#infra/local/s3-local.ts';
import { startSmtpLocal, type SmtpLocal } from '#infra/local/smtp-local.ts';
import { loadOrCreateS3Credentials } from '#infra/local/token-secret.ts';
import { tempDir } from './support/helpers.ts';

/**
 * The local stand-in of SES receiving (infra/local/smtp-local.ts) before the real S3 front and
 * s3rver, driven by nodemailer as a mail server or a mail program sends: what it stores in the
 * intake bucket is what SES's S3 action stores (its headers above the message as sent).
 * The S3 parts run without background functions: what the intake function makes of the mail is
 * the intake tests' subject; which functions an intake write reaches is checked below.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const region = 'ap-northeast-1';
const filesBucket = 'files-bucket';
const intakeBucket = 'files-bucket-intake';
const domain = 'intake.localhost';
/** Small, so the size refusal needs no 48 MiB message (the default is checked on a second server). */
const LIMIT = 256 * 1024;

let dir: string;
let s3Local: S3Local;
let smtp: SmtpLocal;
let client: S3Client;
let mailer: Transporter;
const logLines: string[] = [];

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n${'x'.repeat(2000)}\n%%EOF\n`);
const invoice = pdf('invoice 2026-001');
const receipt = pdf('receipt 2026-002');

const keysIn = async (bucket: string): Promise<string[]> =>
  ((await client.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((object) => object.Key!).sort();
const stored = async (key: string): Promise<Buffer> =>
  Buffer.from(await (await client.send(new GetObjectCommand({ Bucket: intakeBucket, Key: key }))).Body!.transformToByteArray());

/** Sends and answers the stored object's key (from the server's `Ok <id>` reply) and text. */
async function send(message: Mail.Options): Promise<{ key: string; raw: string; info: { accepted: unknown[]; rejected: unknown[]; response: string } }> {
  const info = (await mailer.sendMail({ from: 'Sender <billing@sender.example>', subject: 'Invoice', text: 'See the attachments.', ...message })) as { accepted: unknown[]; rejected: unknown[]; response: string };
  const id = /Ok ([0-9a-v]{40})/.exec(info.response)?.[1];
  expect(id, info.response).toBeDefined();
  const key = `mail/${id}`;
  return { key, raw: (await stored(key)).toString('latin1'), info };
}

/** The SMTP refusal a send ends in (nodemailer's error), or 'sent'. */
const refusal = (message: Mail.Options) =>
  mailer.sendMail({ from: 'billing@sender.example', subject: 'x', text: 'x', ...message }).then(
    () => 'sent',
    (error: { responseCode?: number; response?: string }) => ({ responseCode: error.responseCode, response: error.response }),
  );

beforeAll(async () => {
  dir = await tempDir('smtp');
  const credentials = loadOrCreateS3Credentials(join(dir, 's3-credentials'));
  s3Local = await startS3Local({
    dir: join(dir, 's3'), socketDir: join(dir, 's3-socket'), bucketName: filesBucket, intakeBucketName: intakeBucket, region, credentials,
    webOrigins: [], log: (line) => logLines.push(line), background: false,
  });
  smtp = await startSmtpLocal({ port: 0, domain, bucketName: intakeBucket, s3: { endpoint: s3Local.endpoint, region, credentials }, maxMessageBytes: LIMIT, log: (line) => logLines.push(line) });
  client = new S3Client({ endpoint: s3Local.endpoint, forcePathStyle: true, region, credentials, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' });
  // `name`: the HELO a sending mail server gives; no STARTTLS is offered, none is tried.
  mailer = nodemailer.createTransport({ host: smtp.host, port: smtp.port, secure: false, ignoreTLS: true, name: 'mail.sender.example' });
});

afterAll(async () => {
  mailer?.close();
  client?.destroy();
  await smtp?.stop();
  await s3Local?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('SMTP stand-in of SES receiving', () => {
  it('stores a mail to @intake.localhost in the intake bucket as SES does: its headers first, the attachments intact', async () => {
    const before = await keysIn(intakeBucket);
    const { key, raw } = await send({
      to: 'x@intake.localhost',
      messageId: '<inv-2026-001@sender.example>',
      attachments: [
        { filename: 'invoice.pdf', content: invoice, contentType: 'application/pdf' },
        { filename: '領収書.pdf', content: receipt, contentType: 'application/pdf' },
      ],
    });
    expect(await keysIn(intakeBucket)).toEqual([...before, key].sort());
    expect(await keysIn(filesBucket)).toEqual([]);

    const id = key.slice('mail/'.length);
    expect(raw).toMatch(new RegExp(
      '^Return-Path: <billing@sender\\.example>\\r\\n' +
      'Received: from mail\\.sender\\.example \\(localhost \\[127\\.0\\.0\\.1\\]\\)\\r\\n' +
      ` by inbound-smtp\\.local with SMTP id ${id}\\r\\n` +
      ' for x@intake\\.localhost;\\r\\n' +
      ' (Mon|Tue|Wed|Thu|Fri|Sat|Sun), \\d{2} \\w{3} \\d{4} \\d{2}:\\d{2}:\\d{2} \\+0000 \\(UTC\\)\\r\\n' +
      'X-SES-Spam-Verdict: PASS\\r\\n' +
      'X-SES-Virus-Verdict: PASS\\r\\n' +
      'Received-SPF: pass \\(spfCheck: domain of sender\\.example designates 127\\.0\\.0\\.1 as permitted sender\\) client-ip=127\\.0\\.0\\.1; envelope-from=billing@sender\\.example; helo=mail\\.sender\\.example;\\r\\n' +
      'Authentication-Results: amazonses\\.com;\\r\\n' +
      ' spf=pass \\(spfCheck: domain of sender\\.example designates 127\\.0\\.0\\.1 as permitted sender\\) client-ip=127\\.0\\.0\\.1; envelope-from=billing@sender\\.example; helo=mail\\.sender\\.example;\\r\\n' +
      ' dkim=pass header\\.i=@sender\\.example;\\r\\n' +
      ' dmarc=pass header\\.from=sender\\.example;\\r\\n' +
      'X-SES-RECEIPT: [A-Za-z0-9+/=]+\\r\\n',
    ));
    // Recipients are in the Received line only, as SES writes them.
    expect(raw).not.toMatch(/X-Local-|Envelope-To/i);

    const parsed = await simpleParser(Buffer.from(raw, 'latin1'));
    expect(parsed.messageId).toBe('<inv-2026-001@sender.example>');
    expect(parsed.from?.value[0]?.address).toBe('billing@sender.example');
    expect(parsed.attachments.map((attachment) => [attachment.filename, attachment.contentType])).toEqual([['invoice.pdf', 'application/pdf'], ['領収書.pdf', 'application/pdf']]);
    expect(parsed.attachments[0]!.content.equals(invoice)).toBe(true);
    expect(parsed.attachments[1]!.content.equals(receipt)).toBe(true);
  });

  it('writes the for clause only for a single recipient, as SES', async () => {
    const { raw } = await send({ to: ['a@intake.localhost', 'b@INTAKE.localhost'] });
    expect(raw).toMatch(/^Return-Path: <billing@sender\.example>\r\nReceived: from mail\.sender\.example \(localhost \[127\.0\.0\.1\]\)\r\n by inbound-smtp\.local with SMTP id [0-9a-v]{40};\r\n \w{3}, /);
    expect(raw.slice(0, raw.indexOf('X-SES-Spam-Verdict'))).not.toContain(' for ');
  });

  it('refuses a recipient on another domain with 550 and writes nothing', async () => {
    const before = await keysIn(intakeBucket);
    expect(await refusal({ to: 'someone@example.com' })).toMatchObject({ responseCode: 550 });
    expect(await refusal({ to: 'x@intake.localhost.example.com' })).toMatchObject({ responseCode: 550 });
    expect(await keysIn(intakeBucket)).toEqual(before);

    // Beside an accepted one: the mail is kept for that one only, as an MX does.
    const { raw, info } = await send({ to: ['x@intake.localhost', 'y@example.com'] });
    expect(info.rejected).toEqual(['y@example.com']);
    expect(raw).toContain('\r\n for x@intake.localhost;\r\n');
    expect(await keysIn(filesBucket)).toEqual([]);
  });

  it('sets the verdicts from X-Local-Verdicts and stores the mail without it', async () => {
    const { raw } = await send({ to: 'x@intake.localhost', headers: { 'X-Local-Verdicts': 'spf=fail; dkim=pass; dmarc=fail' } });
    expect(raw).toContain(
      'Authentication-Results: amazonses.com;\r\n' +
      ' spf=fail (spfCheck: domain of sender.example does not designate 127.0.0.1 as permitted sender) client-ip=127.0.0.1; envelope-from=billing@sender.example; helo=mail.sender.example;\r\n' +
      ' dkim=pass header.i=@sender.example;\r\n' +
      ' dmarc=fail header.from=sender.example;\r\n',
    );
    expect(raw).toContain('\r\nReceived-SPF: fail (spfCheck: domain of sender.example does not designate 127.0.0.1 as permitted sender)');
    expect(raw.toLowerCase()).not.toContain('x-local-verdicts');

    // A forwarded mail: SPF breaks, the From domain's DKIM and DMARC still pass; no signature, no dkim result.
    const forwarded = await send({ to: 'x@intake.localhost', headers: { 'x-local-verdicts': 'spf=softfail; dkim=none' } });
    expect(forwarded.raw).toMatch(/\r\n spf=softfail \(spfCheck: transitioning domain of sender\.example does not designate 127\.0\.0\.1 as permitted sender\)[^\r]*\r\n dmarc=pass header\.from=sender\.example;\r\n/);
    expect(forwarded.raw).not.toContain('dkim=');

    expect(await refusal({ to: 'x@intake.localhost', headers: { 'X-Local-Verdicts': 'dmarc=maybe' } })).toMatchObject({ responseCode: 554, response: expect.stringContaining('X-Local-Verdicts: "dmarc=maybe"') });
  });

  it('refuses a message over its size limit with 552 and writes nothing; the limit is 48 MiB unless set', async () => {
    const before = await keysIn(intakeBucket);
    const big = Buffer.alloc(LIMIT, 1);
    expect(await refusal({ to: 'x@intake.localhost', attachments: [{ filename: 'big.pdf', content: big }] })).toMatchObject({ responseCode: 552 });
    // Announced with MAIL FROM's SIZE parameter, it is refused before the data.
    expect(await ehloAndMail(smtp.port, LIMIT + 1)).toMatchObject({ size: String(LIMIT), mail: expect.stringMatching(/^552 /) });
    expect(await keysIn(intakeBucket)).toEqual(before);

    const defaults = await startSmtpLocal({ port: 0, domain, bucketName: intakeBucket, s3: { endpoint: s3Local.endpoint, region, credentials: { accessKeyId: 'x', secretAccessKey: 'y' } }, log: () => undefined });
    try {
      expect(await ehloAndMail(defaults.port, 40 * 1000 * 1000 + 1)).toMatchObject({ size: String(48 * 1024 * 1024), mail: expect.stringMatching(/^250 /) });
    } finally {
      await defaults.stop();
    }
    expect(logLines).toEqual([]);
  });
});

/** EHLO, then MAIL FROM with a SIZE: the advertised SIZE and the answer to MAIL. */
function ehloAndMail(port: number, size: number): Promise<{ size: string | undefined; mail: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let buffer = '';
    let step = 0;
    let advertised: string | undefined;
    socket.setEncoding('utf8');
    socket.on('error', reject);
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      // A reply is complete at a line whose code is followed by a space.
      const done = /(^|\r\n)\d{3} [^\r\n]*\r\n$/.test(buffer);
      if (!done) return;
      const reply = buffer;
      buffer = '';
      step += 1;
      if (step === 1) socket.write('EHLO client.example\r\n');
      else if (step === 2) {
        advertised = /250[- ]SIZE (\d+)/.exec(reply)?.[1];
        socket.write(`MAIL FROM:<a@client.example> SIZE=${size}\r\n`);
      } else {
        socket.end('QUIT\r\n');
        resolve({ size: advertised, mail: reply });
      }
    });
  });
}

describe('the intake bucket and the kept SMTP port', () => {
  it("delivers the intake bucket's events to the intake function only, and the files bucket's never to it", () => {
    expect(eventFunctionsOf(intakeBucket, intakeBucket)).toEqual(['intake']);
    const files = eventFunctionsOf(filesBucket, intakeBucket);
    expect(files).toEqual(['previews', 'storage-events', 'import-jobs', 'drive-jobs', 'extraction']);
    expect(eventFunctionsOf(filesBucket, undefined)).toEqual(files);
  });

  it('keeps the port per data directory, and takes another when something else holds it', async () => {
    const file = join(dir, 'smtp-port');
    const listenOn = (port: number) => new Promise<number>((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        server.close();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
    const lines: string[] = [];
    const first = await listenOnKeptPort(file, listenOn, (line) => lines.push(line));
    expect(readFileSync(file, 'utf8').trim()).toBe(String(first));
    expect(await listenOnKeptPort(file, listenOn, (line) => lines.push(line))).toBe(first);
    expect(lines).toEqual([]);

    // Another program on the kept port: a new one, kept from now on.
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(first, '127.0.0.1', resolve));
    try {
      const next = await listenOnKeptPort(file, listenOn, (line) => lines.push(line));
      expect(next).not.toBe(first);
      expect(readFileSync(file, 'utf8').trim()).toBe(String(next));
      expect(lines).toEqual([`Port ${first} (kept in ${file}) is in use: taking another one`]);
    } finally {
      await new Promise<void>((resolve) => holder.close(() => resolve()));
    }
    await writeFile(file, 'not a port\n');
    expect(await listenOnKeptPort(file, listenOn, () => undefined)).toBeGreaterThan(0);
  });
});
