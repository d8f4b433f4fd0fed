import { randomBytes, randomUUID } from 'node:crypto';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DriveItem } from '#shared/schemas/drive.ts';
import { aFolder } from './support/factories.ts';
import { call } from './support/api.ts';
import { seen, trash, uploadFile } from './support/drive.ts';
import { waitForDriveJob } from './support/drive-jobs.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

const text = (value: string) => new TextEncoder().encode(value);
const zip = (token: string, items: DriveItem[]) => call('com_drive/zip_download_btn', { items: items.map(seen) }, token);

/** The entry names of a ZIP in stored order, each with whether its header carries the UTF-8 flag (bit 11). */
function centralDirectory(bytes: Uint8Array): { name: string; utf8: boolean }[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries: { name: string; utf8: boolean }[] = [];
  for (let offset = 0; offset + 46 <= bytes.length; offset++) {
    if (view.getUint32(offset, true) !== 0x02014b50) continue;
    const flags = view.getUint16(offset + 8, true);
    const nameLength = view.getUint16(offset + 28, true);
    entries.push({ name: new TextDecoder().decode(bytes.subarray(offset + 46, offset + 46 + nameLength)), utf8: (flags & 0x0800) !== 0 });
    offset += 45 + nameLength;
  }
  return entries;
}

describe('ZIP download', { timeout: 120_000 }, () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant();
  });

  it('writes a folder as one ZIP with its structure, Japanese names (UTF-8 flag) and bytes; the trash is left out', async () => {
    const folder = await aFolder(t, { name: `資料 ${randomUUID().slice(0, 4)}` });
    const sub = await aFolder(t, { parentId: folder.id, name: '見積' });
    await aFolder(t, { parentId: folder.id, name: 'Empty' });
    const binary = new Uint8Array(randomBytes(200_000));
    await uploadFile(t.token, folder.id, '請求書 2026年4月.pdf', binary, 'application/pdf');
    await uploadFile(t.token, sub.id, 'note.txt', text('メモ'));
    const trashed = await uploadFile(t.token, sub.id, 'old.txt', text('old'));
    await trash(t.token, trashed);

    const started = await zip(t.token, [folder]);
    expect(started.body.code, JSON.stringify(started.body)).toBe(0);
    expect(started.body.data!.job).toMatchObject({ kind: 'zip', state: 'running', download: null });
    const job = await waitForDriveJob(t.token, started.body.data!.job.job_id);
    expect(job).toMatchObject({ state: 'done', done: 2, total: 2, error: null });
    expect(job.download).toMatchObject({ file_name: `${folder.name}.zip` });

    const response = await fetch(job.download!.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent(`${folder.name}.zip`)}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(job.download!.size).toBe(bytes.length);
    const entries = unzipSync(bytes);
    expect(Object.keys(entries).sort()).toEqual([
      `${folder.name}/`, `${folder.name}/Empty/`, `${folder.name}/見積/`, `${folder.name}/見積/note.txt`, `${folder.name}/請求書 2026年4月.pdf`,
    ].sort());
    expect(Buffer.from(entries[`${folder.name}/請求書 2026年4月.pdf`]!).equals(Buffer.from(binary))).toBe(true);
    expect(new TextDecoder().decode(entries[`${folder.name}/見積/note.txt`])).toBe('メモ');
    // Every name with non-ASCII characters says it is UTF-8, so unzip tools on any system read it.
    for (const entry of centralDirectory(bytes)) expect(entry.utf8, entry.name).toBe(/[^\x20-\x7e]/.test(entry.name));
  });

  it('takes several files and folders into one ZIP named by the time', async () => {
    const a = await uploadFile(t.token, 'root', `a-${randomUUID().slice(0, 4)}.txt`, text('A'));
    const folder = await aFolder(t, { name: `F ${randomUUID().slice(0, 4)}` });
    await uploadFile(t.token, folder.id, 'b.txt', text('B'));
    const job = await waitForDriveJob(t.token, (await zip(t.token, [a, folder])).body.data!.job.job_id);
    expect(job.download!.file_name).toMatch(/^download_\d{14}\.zip$/);
    const entries = unzipSync(new Uint8Array(await (await fetch(job.download!.url)).arrayBuffer()));
    expect(Object.keys(entries).sort()).toEqual([a.name, `${folder.name}/`, `${folder.name}/b.txt`].sort());
    // A download of what was selected, in the access log with the ZIP's name.
    for (const entry of [a, folder]) {
      const log = await call('com_drive/access_log', { item_id: entry.id, action: 'download' }, t.token);
      expect(log.body.data!.events.map((event) => [event.item_name, event.detail])).toEqual([[entry.name, job.download!.file_name]]);
    }
  });

  it('refuses what the caller cannot read (gone, trashed, inside a trashed folder) and starts nothing', async () => {
    const folder = await aFolder(t);
    const inside = await uploadFile(t.token, folder.id, 'inside.txt', text('x'));
    await trash(t.token, folder);
    for (const items of [[folder], [inside], [{ ...inside, id: randomUUID() }]]) {
      const refused = await zip(t.token, items);
      expect(refused.body).toMatchObject({ code: -3, message: 'The folder or file does not exist. It may have been moved or deleted.' });
    }
    expect((await call('com_drive/zip_download_btn', { items: [] }, t.token)).body.code).toBe(-4);
  });

  it('keeps tenants and users apart', async () => {
    const file = await uploadFile(t.token, 'root', `secret-${randomUUID().slice(0, 4)}.txt`, text('secret'));
    const other = await newTenant();
    expect((await zip(other.token, [file])).body.code).toBe(-3);
    const started = await zip(t.token, [file]);
    const jobId = started.body.data!.job.job_id;
    expect((await call('com_drive/job_info', { job_id: jobId }, other.token)).body.code).toBe(-3);
    const done = await waitForDriveJob(t.token, jobId);
    expect(done.state).toBe('done');
    expect((await call('com_drive/job_info', { job_id: jobId }, other.token)).body).toMatchObject({ code: -3, data: null });
  });
});
