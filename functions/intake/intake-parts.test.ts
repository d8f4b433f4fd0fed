import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { cleanName, filesOf, isEncryptedZip, mailFileName, referencedCids } from './attachments.ts';
import { headerLines } from './headers.ts';
import { readRawMail } from './parse.ts';
import { recipientSecrets } from './recipient.ts';
import { provenSenders, readVerdicts } from './verdicts.ts';

const DOMAIN = 'in.example.test';
const SECRET = 'abcdefghijklmnopqrstuvwxyz';
const OTHER = 'zyxwvutsrqponmlkjihgfedcba';
const crlf = (lines: string[]) => lines.join('\r\n');
const ses = (results: string) => `Authentication-Results: amazonses.com;\r\n ${results}`;

describe("SES's verdicts", () => {
  it('reads spf, dkim and dmarc from the topmost amazonses.com Authentication-Results, with the envelope sender\'s domain', () => {
    const lines = headerLines(crlf([
      `Received: from mail.example.co.jp by inbound-smtp.ap-northeast-1.amazonaws.com with SMTP id x for ${SECRET}@${DOMAIN}; Mon, 1 Dec 2025 10:00:00 +0000`,
      'X-SES-Spam-Verdict: PASS',
      'X-SES-Virus-Verdict: PASS',
      ses('spf=pass (spf: domain of example.co.jp designates 192.0.2.1 as permitted sender) client-ip=192.0.2.1; envelope-from=Billing@Example.co.jp; helo=mail.example.co.jp;\r\n dkim=pass header.i=@example.co.jp;\r\n dmarc=pass header.from=example.co.jp;'),
      // The sender's own, below SES's: never read.
      'Authentication-Results: amazonses.com; spf=fail; dkim=fail; dmarc=fail',
      'From: "請求 担当" <billing@example.co.jp>',
      '', 'body',
    ]));
    expect(readVerdicts(lines)).toEqual({ spf: 'pass', dkim: 'pass', dmarc: 'pass', mailFromDomain: 'example.co.jp', virus: 'pass' });
  });

  it('takes smtp.mailfrom as RFC 8601 writes it, and a virus FAIL', () => {
    const lines = headerLines(crlf(['X-SES-Virus-Verdict: FAIL', ses('spf=softfail smtp.mailfrom=bounce@lists.example.com; dkim=none; dmarc=fail header.from=example.com'), '', '']));
    expect(readVerdicts(lines)).toEqual({ spf: 'softfail', dkim: 'none', dmarc: 'fail', mailFromDomain: 'lists.example.com', virus: 'fail' });
  });

  it('trusts no Authentication-Results that SES did not write on top', () => {
    const forged = headerLines(crlf(['Authentication-Results: mx.attacker.example; spf=pass; dkim=pass; dmarc=pass', ses('spf=pass; dkim=pass; dmarc=pass'), '', '']));
    expect(readVerdicts(forged)).toMatchObject({ spf: 'none', dkim: 'none', dmarc: 'none', mailFromDomain: undefined });
    expect(readVerdicts(headerLines('From: a@b.jp\r\n\r\n'))).toEqual({ spf: 'none', dkim: 'none', dmarc: 'none', mailFromDomain: undefined, virus: 'none' });
  });

  it('proves From only when DMARC passes, and a forwarder only when SPF passes for its own domain', () => {
    const at = (results: string, more: string[] = []) => {
      const lines = headerLines(crlf([ses(results), 'From: Partner <invoice@partner.example>', ...more, '', '']));
      return provenSenders(lines, readVerdicts(lines));
    };
    expect(at('spf=pass envelope-from=x@partner.example; dkim=pass; dmarc=pass')).toEqual(['invoice@partner.example']);
    expect(at('spf=pass envelope-from=x@partner.example; dkim=none; dmarc=none')).toEqual([]);
    // Gmail's forwarding: X-Forwarded-For names the forwarder first; its envelope sender is at gmail.com.
    const gmail = ['X-Forwarded-For: clerk@gmail.com someone@in.example.test'];
    expect(at('spf=pass envelope-from=clerk+caf_=x@gmail.com; dkim=fail; dmarc=fail', gmail)).toEqual(['clerk@gmail.com']);
    expect(at('spf=fail envelope-from=clerk+caf_=x@gmail.com; dkim=none; dmarc=none', gmail)).toEqual([]);
    // SPF passes, but for another domain than the one the forwarder claims.
    expect(at('spf=pass envelope-from=bounce@elsewhere.example; dkim=none; dmarc=none', gmail)).toEqual([]);
    // Resent-From (Outlook, RFC 5322 resending) wins over X-Forwarded-For.
    expect(at('spf=pass smtp.mailfrom=office@corp.example; dkim=none; dmarc=pass', ['Resent-From: Office <office@corp.example>', ...gmail])).toEqual(['invoice@partner.example', 'office@corp.example']);
  });
});

describe('the recipient', () => {
  it("takes SES's Received ... for <address> alone when it names our domain", () => {
    const lines = headerLines(crlf([
      `Received: from a.example by inbound-smtp.us-east-1.amazonaws.com with SMTP id q for ${SECRET}@${DOMAIN};\r\n Mon, 1 Dec 2025 10:00:00 +0000`,
      `To: ${OTHER}@${DOMAIN}`, '', '',
    ]));
    expect(recipientSecrets(lines, DOMAIN)).toEqual([SECRET]);
  });

  it('falls back to To, Cc and Delivered-To at our domain, case folded, with a +tag dropped', () => {
    const lines = headerLines(crlf([
      'Received: from a.example by inbound-smtp.us-east-1.amazonaws.com with SMTP id q; Mon, 1 Dec 2025 10:00:00 +0000',
      `To: "経理" <${SECRET.toUpperCase()}+invoices@${DOMAIN.toUpperCase()}>, someone@else.example`,
      `Cc: ${OTHER}@${DOMAIN}`, `Delivered-To: ${SECRET}@${DOMAIN}`, '', '',
    ]));
    expect(recipientSecrets(lines, DOMAIN)).toEqual([SECRET, OTHER]);
  });

  it('answers nothing for mail to other domains or local parts that cannot be a secret', () => {
    expect(recipientSecrets(headerLines(`To: ${SECRET}@other.example, short@${DOMAIN}\r\n\r\n`), DOMAIN)).toEqual([]);
    expect(recipientSecrets(headerLines(`Received: by x for <${SECRET}@sub.${DOMAIN}>;\r\n\r\n`), DOMAIN)).toEqual([]);
  });
});

const pdf = new TextEncoder().encode('%PDF-1.4 test');
const part = (fields: Partial<Parameters<typeof filesOf>[0][number]>) => ({ contentType: 'application/pdf', content: pdf, ...fields });

describe('which parts are files', () => {
  it('leaves out the parts the HTML body shows by cid:, keeps unreferenced inline images and every attachment', () => {
    const html = '<p><img src="cid:logo@mail"> <img src=\'CID:sig%40mail\'></p>';
    expect([...referencedCids(html)]).toEqual(['logo@mail', 'sig@mail']);
    const files = filesOf([
      part({ filename: 'a.pdf' }),
      part({ filename: 'logo.png', contentType: 'image/png', cid: 'logo@mail' }),
      part({ filename: 'sig.png', contentType: 'image/png', cid: 'SIG@mail' }),
      part({ filename: 'photo.jpg', contentType: 'image/jpeg', cid: 'photo@mail' }),
      part({ contentType: 'image/png' }),
    ], html);
    expect(files.map((file) => file.name)).toEqual(['a.pdf', 'photo.jpg', 'attachment-3.png']);
    expect(filesOf([part({ filename: 'logo.png', cid: 'logo@mail' })], false).map((file) => file.name)).toEqual(['logo.png']);
  });

  it('cleans names of what a drive name may not hold and names a nameless part by its type', () => {
    expect(cleanName('請求書 2025/11:"最終".pdf')).toBe('請求書 2025_11__最終_.pdf');
    expect(cleanName('  report.pdf. ')).toBe('report.pdf');
    expect(cleanName('a\u200bb\u0007.pdf')).toBe('ab_.pdf');
    expect(cleanName('CON.txt')).toBe('_CON.txt');
    expect(cleanName('...')).toBeUndefined();
    const long = `${'長'.repeat(300)}.pdf`;
    expect([...cleanName(long)!].length).toBe(221);
    expect(cleanName(long)!.endsWith('長.pdf')).toBe(true);
    expect(filesOf([part({ filename: '///', contentType: 'text/csv' })], undefined)[0]!.name).toBe('___');
    expect(filesOf([part({ filename: '', contentType: 'text/csv' })], undefined)[0]!.name).toBe('attachment-1.csv');
    expect(mailFileName('ご注文の確認 #123', '<m1@x>')).toBe('ご注文の確認 #123.eml');
    expect(mailFileName('', '<m1@x.example>')).toBe('m1@x.example.eml');
    expect(mailFileName(undefined, undefined)).toBe('mail.eml');
  });

  it('marks a password-protected ZIP not readable (bit 0 of a local file header or of its central directory entry), and keeps it one file', () => {
    const plain = zipSync({ 'a.txt': new TextEncoder().encode('hello'), 'b.txt': new TextEncoder().encode('world') });
    expect(isEncryptedZip(plain)).toBe(false);
    const firstLocal = plain.slice();
    firstLocal[6] = firstLocal[6]! | 1;
    expect(isEncryptedZip(firstLocal)).toBe(true);
    // The second entry's local header only: found through the central directory's offsets.
    const second = plain.slice();
    const at = second.findIndex((_, i) => i > 0 && second[i] === 0x50 && second[i + 1] === 0x4b && second[i + 2] === 3 && second[i + 3] === 4);
    second[at + 6] = second[at + 6]! | 1;
    expect(isEncryptedZip(second)).toBe(true);
    expect(isEncryptedZip(new TextEncoder().encode('not a zip'))).toBe(false);
    const files = filesOf([part({ filename: 'secret.zip', contentType: 'application/zip', content: firstLocal }), part({ filename: 'open.zip', contentType: 'application/octet-stream', content: plain })], undefined);
    expect(files.map((file) => [file.name, file.note])).toEqual([['secret.zip', 'not_readable'], ['open.zip', undefined]]);
  });
});

/** ISO-2022-JP as a Japanese mailer writes it: JIS X 0208 between ESC $ B and ESC ( B. */
const jis = (codes: string) => `\x1b$B${codes}\x1b(B`;
const b64 = (latin1: string) => Buffer.from(latin1, 'latin1').toString('base64');
const pct = (latin1: string) => [...latin1].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`).join('');

describe('Japanese names (mailparser decodes them)', () => {
  it('keeps an ISO-2022-JP subject, an RFC 2231 ISO-2022-JP name, a MIME-encoded ISO-2022-JP name and an RFC 2231 UTF-8 continuation', async () => {
    const subject = jis('$4@A5a$N$4AwIU'); // ご請求のご送付
    const invoice = jis('@A5a=q'); // 請求書
    const estimate = jis('8+@Q=q'); // 見積書
    expect([subject, invoice, estimate].map((text) => new TextDecoder('iso-2022-jp').decode(Buffer.from(text, 'latin1')))).toEqual(['ご請求のご送付', '請求書', '見積書']);
    const utf8 = pct(Buffer.from('領収書_2025年11月.pdf', 'utf8').toString('latin1'));
    const raw = crlf([
      'From: =?ISO-2022-JP?B?' + b64(jis('@6NA')) + '?= <billing@example.co.jp>',
      `To: ${SECRET}@${DOMAIN}`,
      `Subject: =?ISO-2022-JP?B?${b64(subject)}?=`,
      'Message-ID: <jp-1@example.co.jp>',
      'Date: Mon, 1 Dec 2025 19:00:00 +0900',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain; charset=ISO-2022-JP',
      'Content-Transfer-Encoding: 7bit',
      '',
      jis('$h$m$7$/$*4j$$$7$^$9'),
      '--b1',
      'Content-Type: application/pdf',
      `Content-Disposition: attachment; filename*=ISO-2022-JP''${pct(invoice)}.pdf`,
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from(pdf).toString('base64'),
      '--b1',
      `Content-Type: application/pdf; name="=?ISO-2022-JP?B?${b64(estimate)}?=.pdf"`,
      `Content-Disposition: attachment; filename="=?ISO-2022-JP?B?${b64(estimate + '.pdf')}?="`,
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from(pdf).toString('base64'),
      '--b1',
      'Content-Type: application/pdf',
      `Content-Disposition: attachment;\r\n filename*0*=UTF-8''${utf8.slice(0, 27)};\r\n filename*1*=${utf8.slice(27)}`,
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from(pdf).toString('base64'),
      '--b1--',
      '',
    ]);
    const mail = await readRawMail(Buffer.from(raw, 'latin1'));
    expect(mail.subject).toBe('ご請求のご送付');
    expect(mail.from).toBe('billing@example.co.jp');
    expect(mail.messageId).toBe('<jp-1@example.co.jp>');
    expect(mail.date).toBe('2025-12-01T10:00:00.000Z');
    expect(mail.files.map((file) => file.name)).toEqual(['請求書.pdf', '見積書.pdf', '領収書_2025年11月.pdf']);
    expect(mail.files.map((file) => Buffer.from(file.bytes).toString())).toEqual(['%PDF-1.4 test', '%PDF-1.4 test', '%PDF-1.4 test']);
  });

  it('reads an HTML mail: the cid-referenced image is not a file, an unreferenced inline image is', async () => {
    const png = Buffer.from('89504e470d0a1a0a', 'hex').toString('base64');
    const raw = crlf([
      'From: a@example.com', `To: ${SECRET}@${DOMAIN}`, 'Subject: html', 'MIME-Version: 1.0',
      'Content-Type: multipart/related; boundary="r"', '',
      '--r', 'Content-Type: text/html; charset=utf-8', '', '<p>Hi <img src="cid:logo@x"></p>',
      '--r', 'Content-Type: image/png', 'Content-ID: <logo@x>', 'Content-Disposition: inline; filename="logo.png"', 'Content-Transfer-Encoding: base64', '', png,
      '--r', 'Content-Type: image/png', 'Content-ID: <receipt@x>', 'Content-Disposition: inline; filename="receipt.png"', 'Content-Transfer-Encoding: base64', '', png,
      '--r--', '',
    ]);
    const mail = await readRawMail(Buffer.from(raw));
    expect(mail.files.map((file) => [file.name, file.contentType])).toEqual([['receipt.png', 'image/png']]);
  });
});
