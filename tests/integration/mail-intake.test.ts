import { randomUUID } from 'node:crypto';
import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { zipSync } from 'fflate';
import nodemailer, { type Transporter } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpLocal, VERDICTS_HEADER, type SmtpLocal } from '#infra/local/smtp-local.ts';
import type { DriveItem } from '#shared/schemas/drive.ts';
import { MAIL_FILES_MAX, type IntakeEntry, type MailAddress } from '#shared/schemas/mail-intake.ts';
import { s3, db } from '#lib/clients.ts';
import { config } from '#lib/config.ts';
import { handler } from '#functions/intake/handler.ts';
import { listMailAddressesOperation, saveMailAddress } from '#functions/drive/mail-addresses.ts';
import { mailAddressCounterKey } from '#data/mail-addresses.ts';
import { listIntakeEntries } from '#data/intake-log.ts';
import { auditOfTarget } from './support/audit.ts';
import { call } from './support/api.ts';
import { waitUntilReady } from './support/drive.ts';
import { aFolder } from './support/factories.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

/**
 * Receiving documents by mail, through the real stand-ins: mail sent by an SMTP client (nodemailer)
 * to the local SMTP stand-in of SES receiving, or raw MIME as SES's S3 action stores it (its
 * Received, X-SES-* and Authentication-Results headers on top) put into the local intake bucket,
 * whose event runs the intake function in the local stack as S3's notification runs it in AWS; the
 * files appear through the same registration, storage event and listing as any upload.
 */

const domain = () => config.mailIntakeDomain!;
const pdf = (label: string) => new TextEncoder().encode(`%PDF-1.4\n% ${label}\n%%EOF\n`);
const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

interface MailPart { name?: string; type: string; bytes: Uint8Array; cid?: string }
interface Mail {
  to: string;
  from?: string;
  subject?: string;
  messageId?: string | null;
  spf?: string;
  dkim?: string;
  dmarc?: string;
  virus?: string;
  html?: string;
  parts?: MailPart[];
  headers?: string[];
}

const wrap = (base64: string) => base64.replace(/.{1,76}/g, '$&\r\n').trimEnd();
const partLines = (part: MailPart) => [
  `Content-Type: ${part.type}${part.name ? `; name="${part.name}"` : ''}`,
  ...(part.cid ? [`Content-ID: <${part.cid}>`, `Content-Disposition: inline${part.name ? `; filename="${part.name}"` : ''}`] : [`Content-Disposition: attachment${part.name ? `; filename="${part.name}"` : ''}`]),
  'Content-Transfer-Encoding: base64', '', wrap(Buffer.from(part.bytes).toString('base64')),
];

/** A mail as SES stores it: its own headers above the sender's. */
function rawMail(mail: Mail): Buffer {
  const from = mail.from ?? 'billing@partner.example';
  const fromDomain = from.slice(from.indexOf('@') + 1);
  const inline = (mail.parts ?? []).filter((part) => part.cid);
  const attached = (mail.parts ?? []).filter((part) => !part.cid);
  const body = mail.html
    ? ['Content-Type: multipart/related; boundary="rel"', '', '--rel', 'Content-Type: text/html; charset=utf-8', '', mail.html, ...inline.flatMap((part) => ['--rel', ...partLines(part)]), '--rel--']
    : ['Content-Type: text/plain; charset=utf-8', '', 'Please find the documents attached.'];
  const lines = [
    `Return-Path: <bounce@${fromDomain}>`,
    `Received: from mail.${fromDomain} (mail.${fromDomain} [192.0.2.10]) by inbound-smtp.ap-northeast-1.amazonaws.com with SMTP id ${randomUUID()} for ${mail.to}; Mon, 01 Dec 2025 01:00:00 +0000 (UTC)`,
    'X-SES-Spam-Verdict: PASS',
    `X-SES-Virus-Verdict: ${mail.virus ?? 'PASS'}`,
    `Authentication-Results: amazonses.com;\r\n spf=${mail.spf ?? 'pass'} (spf: domain of ${fromDomain} designates 192.0.2.10 as permitted sender) client-ip=192.0.2.10; envelope-from=bounce@${fromDomain}; helo=mail.${fromDomain};\r\n dkim=${mail.dkim ?? 'pass'} header.i=@${fromDomain};\r\n dmarc=${mail.dmarc ?? 'pass'} header.from=${fromDomain};`,
    ...(mail.headers ?? []),
    `From: Partner Billing <${from}>`,
    `To: ${mail.to}`,
    `Subject: ${mail.subject ?? 'Invoice'}`,
    ...(mail.messageId === null ? [] : [`Message-ID: ${mail.messageId ?? `<${randomUUID()}@${fromDomain}>`}`]),
    'Date: Mon, 01 Dec 2025 10:00:00 +0900',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="mix"',
    '',
    '--mix',
    ...body,
    ...attached.flatMap((part) => ['--mix', ...partLines(part)]),
    '--mix--',
    '',
  ];
  return Buffer.from(lines.join('\r\n'));
}

const mailKey = () => `mail/${randomUUID().replace(/-/g, '')}`;
async function store(raw: Uint8Array, key = mailKey()): Promise<string> {
  await s3().send(new PutObjectCommand({ Bucket: config.intakeBucketName, Key: key, Body: raw, ContentLength: raw.byteLength }));
  return key;
}
async function stored(key: string): Promise<boolean> {
  try {
    await s3().send(new HeadObjectCommand({ Bucket: config.intakeBucketName, Key: key }));
    return true;
  } catch (error) {
    if (error instanceof Error && error.name === 'NotFound') return false;
    throw error;
  }
}
/** Until the intake function has handled the stored mail (it deletes it then). */
async function handled(key: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (!(await stored(key))) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${key} was never handled`);
}

async function log(t: TestTenant, addressId?: string): Promise<IntakeEntry[]> {
  const result = await call('com_drive/intake_log', { ...(addressId ? { address_id: addressId } : {}) }, t.token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!.entries;
}
/** Stores a mail and answers its log entry at the address (found by its Message-ID). */
async function deliver(t: TestTenant, address: MailAddress, mail: Omit<Mail, 'to' | 'messageId'> & { messageId?: string }): Promise<IntakeEntry> {
  const messageId = mail.messageId ?? `<${randomUUID()}@partner.example>`;
  const key = await store(rawMail({ to: address.address, ...mail, messageId }));
  await handled(key);
  const entries = (await log(t, address.address_id)).filter((entry) => entry.message_id === messageId);
  expect(entries.length).toBeGreaterThan(0);
  return entries[0]!;
}

/** Until the address's log has the entry of this Message-ID (the mail went by SMTP: its object key is the stand-in's). */
async function entryOf(t: TestTenant, address: MailAddress, messageId: string): Promise<IntakeEntry> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const entry = (await log(t, address.address_id)).find((one) => one.message_id === messageId);
    if (entry) return entry;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no log entry for ${messageId}`);
}

async function anAddress(t: TestTenant, fields: Partial<Parameters<typeof saveMailAddress>[0]['input']> & { folder_id: string }): Promise<MailAddress> {
  const result = await call('com_drive/mail_address_save_btn', fields, t.token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!.address;
}
async function filesIn(t: TestTenant, folderId: string): Promise<DriveItem[]> {
  const result = await call('com_drive/drive_info', { folder_id: folderId }, t.token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!.items.filter((item) => item.type === 'file');
}

describe('receiving documents by mail', { timeout: 60_000 }, () => {
  let a: TestTenant;
  let b: TestTenant;
  let c: TestTenant;
  let smtp: SmtpLocal;
  let mailer: Transporter;
  beforeAll(async () => {
    [a, b, c, smtp] = await Promise.all([
      newTenant(), newTenant(), newTenant(),
      startSmtpLocal({
        port: 0, domain: domain(), bucketName: config.intakeBucketName, log: () => undefined,
        s3: { endpoint: config.s3Endpoint!, region: process.env.AWS_REGION ?? 'ap-northeast-1', credentials: { accessKeyId: config.s3AccessKeyId!, secretAccessKey: config.s3SecretAccessKey! } },
      }),
    ]);
    mailer = nodemailer.createTransport({ host: smtp.host, port: smtp.port, secure: false, ignoreTLS: true, name: 'mail.partner.example' });
  });
  afterAll(async () => {
    mailer?.close();
    await smtp?.stop();
  });

  it('gives an address of a 26-character secret at the receiving domain, audited; changes it on its row_version; rotates and deletes it', async () => {
    const folder = await aFolder(a);
    const address = await anAddress(a, { folder_id: folder.id, document_style: 'e_trading', allowed_senders: ['Partner.example'], keep_mail: 1 });
    expect(address.address).toMatch(new RegExp(`^[a-z2-7]{26}@${domain().replace(/\./g, '\\.')}$`));
    expect(address).toMatchObject({ folder_id: folder.id, folder_name: folder.name, document_style: 'e_trading', allowed_senders: ['partner.example'], keep_mail: 1, creator_id: 'admin', row_version: 1 });
    const listed = await call('com_drive/mail_address_list', { folder_id: folder.id }, a.token);
    expect(listed.body.data).toEqual({ domain: domain(), addresses: [address] });

    const changed = await call('com_drive/mail_address_save_btn', { address_id: address.address_id, row_version: 1, folder_id: folder.id, allowed_senders: [], keep_mail: 0 }, a.token);
    expect(changed.body.data!.address).toMatchObject({ address: address.address, allowed_senders: [], keep_mail: 0, row_version: 2 });
    expect(changed.body.data!.address.document_style).toBeUndefined();
    const stale = await call('com_drive/mail_address_save_btn', { address_id: address.address_id, row_version: 1, folder_id: folder.id }, a.token);
    expect(stale.body.code).toBe(-201);

    const rotated = await call('com_drive/mail_address_rotate_btn', { address_id: address.address_id }, a.token);
    expect(rotated.body.code).toBe(0);
    const renewed = rotated.body.data!.address;
    expect(renewed.address).not.toBe(address.address);
    expect(renewed.row_version).toBe(3);
    // Mail to the old secret resolves to nothing now: handled, and nothing logged in the contract.
    const old = await store(rawMail({ to: address.address, parts: [{ name: 'x.pdf', type: 'application/pdf', bytes: pdf('old') }] }));
    await handled(old);
    expect(await log(a, address.address_id)).toEqual([]);
    expect(await filesIn(a, folder.id)).toEqual([]);

    expect((await call('com_drive/mail_address_delete_btn', { address_id: address.address_id }, a.token)).body.code).toBe(0);
    expect((await call('com_drive/mail_address_list', { folder_id: folder.id }, a.token)).body.data!.addresses).toEqual([]);
    expect((await call('com_drive/mail_address_rotate_btn', { address_id: address.address_id }, a.token)).body.code).toBe(-3);
    const actions = (await auditOfTarget(a.kykId, 'mail_address', address.address_id)).map((record) => record.action);
    expect(actions).toEqual(['drive.mail_address_create', 'drive.mail_address_update', 'drive.mail_address_rotate', 'drive.mail_address_delete']);
  });

  it('refuses a folder the administrator cannot add to, and a contract past ADDRESSES_PER_CONTRACT_MAX, counted in the transaction', async () => {
    const t = c;
    expect((await call('com_drive/mail_address_save_btn', { folder_id: randomUUID() }, t.token)).body.code).toBe(-3);
    const folder = await aFolder(t);
    // The count as 99 addresses would leave it (arranged directly, not by 99 calls).
    await db().send(new UpdateCommand({ TableName: config.tableName, Key: mailAddressCounterKey(t.kykId), UpdateExpression: 'SET address_count = :n', ExpressionAttributeValues: { ':n': 99 } }));
    await anAddress(t, { folder_id: folder.id });
    const over = await call('com_drive/mail_address_save_btn', { folder_id: folder.id }, t.token);
    expect(over.body).toMatchObject({ code: -990000370002, message: 'This contract already has 100 intake addresses. Delete addresses it no longer needs first.' });
    expect((await call('com_drive/mail_address_list', {}, t.token)).body.data!.addresses).toHaveLength(1);
  });

  it('answers mailIntakeNotConfigured, and a null domain, where no receiving domain is set', async () => {
    const saved = process.env.MAIL_INTAKE_DOMAIN;
    delete process.env.MAIL_INTAKE_DOMAIN;
    try {
      const caller = { kykId: a.kykId, userId: 'admin', user: { user_nm: 'admin', groups: {} }, rights: { admin: true, drive: 3, source: 'individual' } };
      const context = { caller, input: { folder_id: 'root', allowed_senders: [], keep_mail: 0 }, requestId: 'r', sourceIp: '127.0.0.1' } as unknown as Parameters<typeof saveMailAddress>[0];
      await expect(saveMailAddress(context)).rejects.toMatchObject({ codeName: 'mailIntakeNotConfigured' });
      const listed = await listMailAddressesOperation({ ...context, input: {} } as unknown as Parameters<typeof listMailAddressesOperation>[0]);
      expect(listed).toMatchObject({ domain: null });
    } finally {
      process.env.MAIL_INTAKE_DOMAIN = saved;
    }
  });

  it.concurrent('makes each attachment of a mail sent by SMTP a received file in the creator\'s name with the sender kept, not the cid-referenced image; accepted, they are 電子取引; the same Message-ID again makes nothing', async () => {
    const folder = await aFolder(a);
    const address = await anAddress(a, { folder_id: folder.id, document_style: 'e_trading', allowed_senders: ['partner.example'] });
    const messageId = `<${randomUUID()}@partner.example>`;
    const message = {
      from: 'Partner Billing <billing@partner.example>', to: address.address, subject: '11月分 請求書', messageId, date: new Date('2025-12-01T01:00:00Z'),
      headers: { [VERDICTS_HEADER]: 'spf=pass; dkim=pass; dmarc=pass' },
      html: '<p>Invoices attached.</p><img src="cid:logo@partner.example">',
      attachments: [
        { filename: 'logo.png', content: png, contentType: 'image/png', cid: 'logo@partner.example' },
        { filename: 'invoice-1.pdf', content: Buffer.from(pdf('one')), contentType: 'application/pdf' },
        { filename: 'invoice-2.pdf', content: Buffer.from(pdf('two')), contentType: 'application/pdf' },
      ],
    };
    await mailer.sendMail(message);
    const entry = await entryOf(a, address, messageId);
    expect(entry).toMatchObject({ outcome: 'registered', reason: null, from: 'billing@partner.example', subject: '11月分 請求書', message_id: messageId, spf: 'pass', dkim: 'pass', dmarc: 'pass', folder_id: folder.id });
    expect(entry.files.map((file) => file.name)).toEqual(['invoice-1.pdf', 'invoice-2.pdf']);

    const files = await Promise.all(entry.files.map((file) => waitUntilReady(a.token, file.id!)));
    expect(files.map((file) => file.name)).toEqual(['invoice-1.pdf', 'invoice-2.pdf']);
    for (const file of files) {
      expect(file.regist_user_id).toBe('admin');
      expect(file.document_style).toBe('general');
      expect(file.received).toMatchObject({ channel: 'mail', source_id: address.address_id, creator_id: 'admin', sender: 'billing@partner.example', subject: '11月分 請求書', message_id: messageId, document_style: 'e_trading', mail_date: '2025-12-01T01:00:00.000Z' });
    }
    expect((await filesIn(a, folder.id)).map((file) => file.name).sort()).toEqual(['invoice-1.pdf', 'invoice-2.pdf']);

    const accepted = await call('com_drive/arrival_accept_btn', { ids: files.map((file) => file.id) }, a.token);
    expect(accepted.body.code, JSON.stringify(accepted.body)).toBe(0);
    expect(accepted.body.data!.done.map((file) => file.document_style)).toEqual(['e_trading', 'e_trading']);

    // The same Message-ID again (sent twice): nothing new, logged as a duplicate.
    await mailer.sendMail({ ...message, attachments: message.attachments.slice(1, 2) });
    for (let attempt = 0; attempt < 200 && (await log(a, address.address_id)).length < 2; attempt++) await new Promise((resolve) => setTimeout(resolve, 50));
    const entries = await log(a, address.address_id);
    expect(entries.map((one) => [one.outcome, one.message_id, one.files.length])).toEqual([['duplicate', messageId, 0], ['registered', messageId, 2]]);
    expect(await filesIn(a, folder.id)).toHaveLength(2);
  });

  it.concurrent('makes nothing new from a second delivery of the same stored mail (S3 delivers events at least once), even at the same time', async () => {
    const folder = await aFolder(a);
    const address = await anAddress(a, { folder_id: folder.id });
    // Without a Message-ID: the object's own key is the marker.
    const raw = rawMail({ to: address.address, messageId: null, parts: [{ name: 'receipt.pdf', type: 'application/pdf', bytes: pdf('r') }] });
    const key = mailKey();
    const event = { Records: [{ eventName: 'ObjectCreated:Put', s3: { bucket: { name: config.intakeBucketName }, object: { key, size: raw.byteLength } } }] } as unknown as Parameters<typeof handler>[0];
    await store(raw, key);
    // The stack's own delivery runs now; this is the second, racing it.
    await handler(event);
    await handled(key);
    await handler(event);
    const entries = await log(a, address.address_id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ outcome: 'registered', message_id: null });
    expect((await filesIn(a, folder.id)).map((file) => file.name)).toEqual(['receipt.pdf']);
  });

  it.concurrent("refuses a stranger (not on the allow-list, or not proven), a DMARC failure and a virus, keeping SES's verdicts", async () => {
    const folder = await aFolder(a);
    const address = await anAddress(a, { folder_id: folder.id, allowed_senders: ['partner.example', 'clerk@gmail.com'] });
    const parts = [{ name: 'x.pdf', type: 'application/pdf', bytes: pdf('x') }];
    const gmail = ['X-Forwarded-For: clerk@gmail.com someone@in.example'];
    const [stranger, unproven, dmarcFail, virus, forwardedFail, forwarded] = await Promise.all([
      deliver(a, address, { from: 'someone@stranger.example', parts }),
      // From on the list but DMARC not passing: From proves nothing.
      deliver(a, address, { dmarc: 'none', dkim: 'none', parts }),
      deliver(a, address, { dmarc: 'fail', spf: 'fail', parts }),
      deliver(a, address, { virus: 'FAIL', parts }),
      // Forwarded by Gmail (its envelope sender at gmail.com, SPF passing for it): a DMARC failure is still refused...
      deliver(a, address, { from: 'clerk+caf_=x@gmail.com', dmarc: 'fail', dkim: 'fail', headers: gmail, parts }),
      // ...and without one the forwarder is matched, whoever wrote the original.
      deliver(a, address, { from: 'clerk+caf_=x@gmail.com', dmarc: 'none', dkim: 'none', headers: gmail, parts }),
    ]);
    expect(stranger).toMatchObject({ outcome: 'refused', reason: 'sender_not_allowed', from: 'someone@stranger.example', files: [] });
    expect(unproven).toMatchObject({ outcome: 'refused', reason: 'sender_not_allowed', dmarc: 'none', dkim: 'none', spf: 'pass' });
    expect(dmarcFail).toMatchObject({ outcome: 'refused', reason: 'dmarc_fail', spf: 'fail', dmarc: 'fail' });
    expect(virus).toMatchObject({ outcome: 'refused', reason: 'virus' });
    expect(forwardedFail).toMatchObject({ outcome: 'refused', reason: 'dmarc_fail' });
    expect(forwarded).toMatchObject({ outcome: 'registered', reason: null });
    expect((await filesIn(a, folder.id)).map((file) => file.name)).toEqual(['x.pdf']);
  });

  it.concurrent('keeps the mail as .eml when the address asks (alone when it has no attachment), refuses a mail without one otherwise, marks a password ZIP not readable', async () => {
    const folder = await aFolder(a);
    const [plain, keeping] = await Promise.all([anAddress(a, { folder_id: folder.id }), anAddress(a, { folder_id: folder.id, keep_mail: 1 })]);
    const zip = zipSync({ 'a.pdf': pdf('zipped') });
    zip[6] = zip[6]! | 1;
    const [bare, order, zipped] = await Promise.all([
      deliver(a, plain, { subject: 'Order confirmation' }),
      deliver(a, keeping, { subject: 'ご注文の確認: #123' }),
      deliver(a, keeping, { subject: 'Receipts', parts: [{ name: 'receipts.zip', type: 'application/zip', bytes: zip }] }),
    ]);
    expect(bare).toMatchObject({ outcome: 'refused', reason: 'no_attachment', files: [] });
    expect(order).toMatchObject({ outcome: 'registered', files: [{ name: 'ご注文の確認_ #123.eml', note: 'mail' }] });
    expect(zipped.files.map((file) => [file.name, file.note])).toEqual([['receipts.zip', 'not_readable'], ['Receipts.eml', 'mail']]);
    const eml = await waitUntilReady(a.token, order.files[0]!.id!);
    expect(eml.size).toBe(order.size);
  });

  it.concurrent('makes at most MAIL_FILES_MAX files of one mail, its kept .eml first, and says the rest were not made', async () => {
    const folder = await aFolder(a);
    const keeping = await anAddress(a, { folder_id: folder.id, keep_mail: 1 });
    const parts = Array.from({ length: MAIL_FILES_MAX + 2 }, (_, n) => ({ name: `r${n}.pdf`, type: 'application/pdf', bytes: pdf(`part ${n}`) }));
    const entry = await deliver(a, keeping, { subject: 'Many receipts', parts });
    expect(entry).toMatchObject({ outcome: 'registered', reason: 'too_many_files' });
    expect(entry.files).toHaveLength(MAIL_FILES_MAX);
    expect(entry.files[0]).toMatchObject({ name: 'Many receipts.eml', note: 'mail' });
    expect(entry.files.at(-1)!.name).toBe(`r${MAIL_FILES_MAX - 2}.pdf`);
  });

  it.concurrent('refuses a mail over 40 MB from its headers alone, and one whose folder is gone', async () => {
    const folder = await aFolder(a);
    const address = await anAddress(a, { folder_id: folder.id });
    const head = rawMail({ to: address.address, subject: 'Scans', parts: [{ name: 'a.pdf', type: 'application/pdf', bytes: pdf('a') }] });
    // 40 MiB and one byte: the body's padding is zeros, never read.
    const large = new Uint8Array(40 * 1024 ** 2 + 1);
    large.set(head);
    const key = await store(large);
    await handled(key);
    expect((await log(a, address.address_id))[0]).toMatchObject({ outcome: 'refused', reason: 'too_large', subject: 'Scans', size: large.byteLength });

    const gone = await aFolder(a);
    const orphan = await anAddress(a, { folder_id: gone.id });
    expect((await call('com_drive/delete_btn', { items: [{ id: gone.id, type: 'folder', row_version: gone.row_version }] }, a.token)).body.code).toBe(0);
    expect(await deliver(a, orphan, { parts: [{ name: 'a.pdf', type: 'application/pdf', bytes: pdf('a') }] })).toMatchObject({ outcome: 'refused', reason: 'folder_gone' });
    expect((await call('com_drive/mail_address_list', { folder_id: gone.id }, a.token)).body.data!.addresses[0]!.folder_name).toBeNull();
  });

  it.concurrent('makes nothing in any tenant from mail to an unknown address', async () => {
    const messageId = `<${randomUUID()}@partner.example>`;
    const key = await store(rawMail({ to: `${'a'.repeat(26)}@${domain()}`, messageId, parts: [{ name: 'a.pdf', type: 'application/pdf', bytes: pdf('a') }] }));
    await handled(key);
    const { Items = [] } = await db().send(new ScanCommand({ TableName: config.tableName, FilterExpression: 'message_id = :id OR received.message_id = :id', ExpressionAttributeValues: { ':id': messageId } }));
    expect(Items).toEqual([]);
  });

  it.concurrent("keeps contracts apart: B's administrator cannot list, change, rotate or delete A's addresses, nor read A's log", async () => {
    const folder = await aFolder(a);
    const address = await anAddress(a, { folder_id: folder.id });
    await deliver(a, address, { parts: [{ name: 'a.pdf', type: 'application/pdf', bytes: pdf('a') }] });
    expect((await call('com_drive/mail_address_list', {}, b.token)).body.data!.addresses).toEqual([]);
    const bFolder = await aFolder(b);
    const change = await call('com_drive/mail_address_save_btn', { address_id: address.address_id, row_version: address.row_version, folder_id: bFolder.id }, b.token);
    expect(change.body.code).toBe(-3);
    expect((await call('com_drive/mail_address_rotate_btn', { address_id: address.address_id }, b.token)).body.code).toBe(-3);
    expect((await call('com_drive/mail_address_delete_btn', { address_id: address.address_id }, b.token)).body.code).toBe(-3);
    expect(await log(b, address.address_id)).toEqual([]);
    expect(await log(b)).toEqual([]);
    const still = (await call('com_drive/mail_address_list', {}, a.token)).body.data!.addresses.find((one) => one.address_id === address.address_id);
    expect(still).toMatchObject({ address: address.address, row_version: 1 });
  });

  it('pages the log newest first with a cursor', async () => {
    // B's contract log holds nothing else (its isolation test above leaves it empty).
    const t = b;
    const folder = await aFolder(t);
    const address = await anAddress(t, { folder_id: folder.id });
    const subjects = ['first', 'second', 'third'];
    for (const subject of subjects) await deliver(t, address, { subject });
    const first = await call('com_drive/intake_log', { page_size: 50 }, t.token);
    expect(first.body.data!.entries.map((entry) => entry.subject)).toEqual(['third', 'second', 'first']);
    expect((await call('com_drive/intake_log', { cursor: 'bogus' }, t.token)).body.code).toBe(-4);
    // Pages smaller than the route's smallest, through the same query: the cursor carries on where the page ended.
    const page = (await listIntakeEntries(t.kykId, { pageSize: 2 }))!;
    expect(page.entries.map((entry) => entry.subject)).toEqual(['third', 'second']);
    const rest = (await listIntakeEntries(t.kykId, { pageSize: 2, cursor: page.next! }))!;
    expect(rest.entries.map((entry) => entry.subject)).toEqual(['first']);
    const byAddress = (await listIntakeEntries(t.kykId, { addressId: address.address_id, pageSize: 1, cursor: page.next! }))!;
    expect(byAddress.entries.map((entry) => entry.subject)).toEqual(['first']);
  });
});
