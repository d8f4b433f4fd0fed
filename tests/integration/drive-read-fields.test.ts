import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from '@playwright/test';
import sharp from 'sharp';
import type { DriveItem } from '#shared/schemas/drive.ts';
import type { ReadFieldsResponse } from '#shared/schemas/read-fields.ts';
import { aFolder, aUser } from './support/factories.ts';
import { call } from './support/api.ts';
import { fresh, trash, uploadFile } from './support/drive.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

const NOT_FOUND = -3;

/** A Japanese invoice as a born-digital PDF (Chromium's text layer) and as a scan (a screenshot, greyed and JPEG'd). */
const invoiceHtml = `<!doctype html><html><body style="font-family:'Noto Sans CJK JP',sans-serif;padding:48px;font-size:17px;width:700px">
<h1 style="text-align:center;letter-spacing:.5em">請求書</h1>
<div style="display:flex;justify-content:space-between">
  <div><p style="font-size:20px;border-bottom:1px solid #000">株式会社みなと商事 御中</p></div>
  <div style="text-align:right">請求日 令和6年4月1日<br>株式会社テスト工業<br>〒100-0005 東京都千代田区丸の内1-2-3<br>TEL 03-1234-5678<br>登録番号 T7000012050002</div>
</div>
<table style="width:100%;border-collapse:collapse;margin-top:24px" border="1"><tr><th>品目</th><th>数量</th><th>金額</th></tr>
<tr><td>コピー用紙</td><td>10</td><td>¥5,000</td></tr><tr><td>トナー</td><td>2</td><td>¥12,000</td></tr></table>
<p style="text-align:right">小計 ¥17,000<br>消費税(10%) ¥1,700<br><b>合計 ¥18,700</b></p>
<p>お支払期限 2024年4月30日</p></body></html>`;

let browser: Browser;
async function rendered(): Promise<{ pdf: Uint8Array; scan: Uint8Array }> {
  const page = await browser.newPage({ viewport: { width: 794, height: 1123 }, deviceScaleFactor: 2 });
  await page.setContent(invoiceHtml);
  const pdf = new Uint8Array(await page.pdf({ format: 'A4' }));
  const screenshot = await page.screenshot();
  await page.close();
  const scan = new Uint8Array(await sharp(screenshot).greyscale().jpeg({ quality: 75 }).toBuffer());
  return { pdf, scan };
}

async function readingOf(token: string, id: string): Promise<ReadFieldsResponse> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const answer = await call('com_drive/read_fields', { id }, token);
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(0);
    if (!answer.body.data!.pending) return answer.body.data!;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no reading of ${id}`);
}

const attentionOf = async (token: string) => (await call('com_drive/attention_list', {}, token)).body.data!.items;

describe('fields read from a document (extraction)', { timeout: 180_000 }, () => {
  let t: TestTenant;
  let other: TestTenant;
  let folder: DriveItem;
  let documents: { pdf: Uint8Array; scan: Uint8Array };
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
    [t, other] = await Promise.all([newTenant(), newTenant()]);
    folder = await aFolder(t, { name: `Invoices ${randomUUID().slice(0, 6)}` });
    documents = await rendered();
  });
  afterAll(async () => browser?.close());

  it("reads a born-digital PDF's text layer once its bytes are confirmed, and offers the fields apart from the file's own", async () => {
    const file = await uploadFile(t.token, folder.id, '請求書-みなと商事.pdf', documents.pdf, 'application/pdf');
    // The file is ready before its fields: nothing was stored into them.
    expect(file).not.toHaveProperty('transaction_amount');
    const { reading } = await readingOf(t.token, file.id);
    expect(reading).toMatchObject({ version: 1, status: 'read', method: 'text', pages_read: 1, pages: 1 });
    expect(reading!.fields.transaction_date).toMatchObject({ value: '2024-04-01', source: expect.stringContaining('請求日') });
    expect(reading!.fields.transaction_amount).toMatchObject({ value: 18700, source: expect.stringContaining('合計') });
    expect(reading!.fields.invoice_number).toMatchObject({ value: 'T7000012050002' });
    expect(reading!.fields.provider?.value).toBe('株式会社テスト工業');
    expect(reading!.fields.recipient?.value).toBe('株式会社みなと商事');
    expect(reading!.fields.transaction_amount!.region).toMatchObject({ page: 1 });
    expect(reading!.checks).toEqual(expect.arrayContaining([{ check: 'sum', result: 'ok' }, { check: 'check_digit', result: 'ok' }]));

    // Waiting for confirmation: marked in the listings, and in "Needs attention" with its reason.
    const marked = await fresh(t.token, file.id);
    expect(marked.fields_read).toBe(true);
    expect(marked).not.toHaveProperty('transaction_date');
    expect((await attentionOf(t.token)).find((entry) => entry.id === file.id)?.reasons).toEqual(['fields_read']);

    // A simple-mode file confirmed as an e-bookkeeping document: no reason asked, recorded with each value's source.
    const saved = await call('com_drive/file_detail_upd_btn', {
      id: file.id, row_version: marked.row_version, document_style: 'e_bookkeeping',
      transaction_date: '2024-04-01', transaction_amount: 18700, provider: '株式会社テスト工業', recipient: '株式会社みなと商事', invoice_number: 'T7000012050002',
      confirmed_read: ['transaction_date', 'transaction_amount', 'provider', 'recipient', 'invoice_number'],
    }, t.token);
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
    expect(saved.body.data!.item).toMatchObject({ transaction_date: '2024-04-01', transaction_amount: 18700, invoice_number: 'T7000012050002' });
    expect(saved.body.data!.item).not.toHaveProperty('fields_read');
    expect((await attentionOf(t.token)).some((entry) => entry.id === file.id)).toBe(false);
    const history = await call('com_drive/document_history', { id: file.id }, t.token);
    const confirmation = history.body.data!.records.find((record) => record.kind === 'confirmation');
    expect(confirmation).toMatchObject({ user_id: 'admin', reason: null, after: { transaction_amount: 18700 } });
    expect(confirmation!.sources).toEqual(expect.arrayContaining([
      { field: 'transaction_amount', source: expect.stringContaining('18,700'), confidence: expect.any(Number) },
      { field: 'invoice_number', source: expect.stringContaining('T7000012050002'), confidence: expect.any(Number) },
    ]));
    // The file's activity names the version a confirmation.
    const activity = await call('com_drive/file_activity', { id: file.id }, t.token);
    expect(activity.body.data!.entries.find((entry) => entry.kind === 'confirmation')).toMatchObject({ version: 2, user_id: 'admin' });
  });

  it('a value typed over the suggestion is a correction: on a bookkeeping document it needs a reason', async () => {
    const file = await uploadFile(t.token, folder.id, '請求書-訂正.pdf', documents.pdf, 'application/pdf');
    await readingOf(t.token, file.id);
    const registered = await call('com_drive/file_detail_upd_btn', { id: file.id, row_version: (await fresh(t.token, file.id)).row_version, document_style: 'e_bookkeeping', reason: 'registered' }, t.token);
    expect(registered.body.code, JSON.stringify(registered.body)).toBe(0);
    const typed = await call('com_drive/file_detail_upd_btn', {
      id: file.id, row_version: registered.body.data!.item.row_version, transaction_amount: 18000, confirmed_read: ['transaction_amount'],
    }, t.token);
    expect(typed.body).toMatchObject({ code: -4, data: null });
    expect(JSON.stringify(typed.body)).toContain('reason');
    expect((await fresh(t.token, file.id))).not.toHaveProperty('transaction_amount');
  });

  it('reads a scan by OCR (greyscale JPEG of the page)', async () => {
    const file = await uploadFile(t.token, folder.id, 'scan.jpg', documents.scan, 'image/jpeg');
    const { reading } = await readingOf(t.token, file.id);
    expect(reading).toMatchObject({ status: 'read', method: 'ocr' });
    expect(reading!.fields.transaction_amount?.value).toBe(18700);
    expect(reading!.fields.invoice_number?.value).toBe('T7000012050002');
    expect(reading!.fields.transaction_date?.value).toBe('2024-04-01');
    expect(reading!.fields.transaction_amount!.confidence).toBeLessThanOrEqual(1);
  });

  it('files with nothing to read are skipped with their reason; the file is ready all the same', async () => {
    const notes = await uploadFile(t.token, folder.id, 'notes.txt', new TextEncoder().encode('合計 ¥18,700'), 'text/plain');
    expect(notes.status).toBe('ready');
    expect(await readingOf(t.token, notes.id)).toEqual({ reading: null, pending: false });
    const blank = await uploadFile(t.token, folder.id, 'blank.png', new Uint8Array(await sharp({ create: { width: 400, height: 300, channels: 3, background: '#ffffff' } }).png().toBuffer()), 'image/png');
    const { reading } = await readingOf(t.token, blank.id);
    expect(reading).toMatchObject({ status: 'skipped', reason: 'no_text', fields: {} });
    expect((await fresh(t.token, blank.id)).fields_read).toBeUndefined();
  });

  it('only those who reach the file read its fields: another contract and a closed folder answer as an unknown id', async () => {
    const file = await uploadFile(t.token, folder.id, '請求書-秘密.pdf', documents.pdf, 'application/pdf');
    await readingOf(t.token, file.id);
    expect((await call('com_drive/read_fields', { id: file.id }, other.token)).body).toMatchObject({ code: NOT_FOUND, data: null });
    const closed = await aFolder(t, { name: `Closed ${randomUUID().slice(0, 6)}` });
    const inside = await uploadFile(t.token, closed.id, '請求書-閉.pdf', documents.pdf, 'application/pdf');
    await readingOf(t.token, inside.id);
    const outsider = await aUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 3 });
    const restricted = await call('com_drive/permission_save_btn', {
      id: closed.id, row_version: (await fresh(t.token, closed.id)).row_version, policy: 'deny', view: { users: [outsider.userId], groups: [] }, update: { users: [], groups: [] },
    }, t.token);
    expect(restricted.body.code, JSON.stringify(restricted.body)).toBe(0);
    expect((await call('com_drive/read_fields', { id: inside.id }, outsider.token)).body).toMatchObject({ code: NOT_FOUND, data: null });
    // In the trash: not offered (the reach rule: trashed entries are not seen through the details).
    await trash(t.token, await fresh(t.token, file.id));
    expect((await call('com_drive/read_fields', { id: file.id }, t.token)).body).toMatchObject({ code: NOT_FOUND });
    // Ill-formed input changes nothing and says which field.
    expect((await call('com_drive/read_fields', { id: 'not-an-id' } as never, t.token)).body).toMatchObject({ code: -4 });
  });
});
