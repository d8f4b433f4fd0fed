import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ArrivalInfo } from '#shared/schemas/arrival-info.ts';
import type { DriveItem } from '#shared/schemas/drive.ts';
import { putFileBytes } from '#lib/object-storage.ts';
import { ArrivalRefused, registerArrival } from '#domain/drive/arrivals.ts';
import { aFolder, aUser, type SignedInUser } from './support/factories.ts';
import { auditOfTarget } from './support/audit.ts';
import { call } from './support/api.ts';
import { aFile, trash, waitUntilReady } from './support/drive.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

/**
 * Received files (docs/drive.md "Receiving documents"): registered by the one arrival path both
 * channels use, then accepted or rejected by a member. The channels themselves (file-request links,
 * intake mail) have their own suites; this one holds the decision.
 */

const mailArrival = (creatorId: string, fields: Partial<ArrivalInfo> = {}): ArrivalInfo => ({
  channel: 'mail', source_id: 'abcdefghijkl', creator_id: creatorId, creator_nm: '管理者 太郎', document_style: 'e_trading',
  sender: 'billing@partner.example.jp', subject: '4月分請求書', message_id: `<${randomUUID()}@partner.example.jp>`, received_at: new Date().toISOString(), ...fields,
});

/** One file as the intake function makes it: registered received, its bytes written, confirmed by the storage event. */
async function arrive(t: TestTenant, folderId: string, name: string, arrival: ArrivalInfo = mailArrival(t.adminId)): Promise<DriveItem> {
  const bytes = new TextEncoder().encode(`%PDF-1.4 ${name} ${randomUUID()}`);
  const entry = await registerArrival({ kykId: t.kykId, folderId, creatorId: arrival.creator_id }, { name, size: bytes.byteLength, contentType: 'application/pdf' }, arrival);
  await putFileBytes(entry.s3_key, bytes, 'application/pdf');
  return waitUntilReady(t.token, entry.id);
}

const accept = (token: string, ...ids: string[]) => call('com_drive/arrival_accept_btn', { ids }, token);
const reject = (token: string, ...ids: string[]) => call('com_drive/arrival_reject_btn', { ids }, token);

describe('received files: accepting and rejecting', { timeout: 60_000 }, () => {
  let t: TestTenant;
  let other: TestTenant;
  let folder: DriveItem;
  let active: SignedInUser;
  beforeAll(async () => {
    [t, other] = await Promise.all([newTenant(), newTenant()]);
    folder = await aFolder(t, { name: `Inbox ${randomUUID().slice(0, 6)}` });
    active = await aUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 2 });
  });

  it('registers an arrival as a received general file in its creator\'s name, numbered when the folder holds the name, and marked for attention', async () => {
    const first = await arrive(t, folder.id, 'invoice.pdf');
    const second = await arrive(t, folder.id, 'invoice.pdf');
    expect(first).toMatchObject({ name: 'invoice.pdf', document_style: 'general', regist_user_id: 'admin', received: { channel: 'mail', document_style: 'e_trading', sender: 'billing@partner.example.jp' } });
    expect(second.name).toBe('invoice (1).pdf');
    const attention = (await call('com_drive/attention_list', {}, t.token)).body.data!.items;
    expect(attention.find((entry) => entry.id === first.id)?.reasons).toEqual(['received']);
    // Still general: anyone who may delete it may, before anyone accepts it.
    expect(first).not.toHaveProperty('retention_until');
  });

  it("accepting applies the source's style with its retention, records the acceptance with the person, and clears the mark", async () => {
    const file = await arrive(t, folder.id, `accept-${randomUUID().slice(0, 6)}.pdf`);
    const answer = await accept(t.token, file.id);
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(0);
    expect(answer.body.data!.refused).toEqual([]);
    const accepted = answer.body.data!.done[0]!;
    expect(accepted).toMatchObject({ id: file.id, document_style: 'e_trading', update_user_id: 'admin', version: 2 });
    expect(accepted).not.toHaveProperty('received');
    expect(accepted.retention_until).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const history = await call('com_drive/document_history', { id: file.id }, t.token);
    const acceptance = history.body.data!.records.find((record) => record.kind === 'acceptance');
    expect(acceptance).toMatchObject({ user_id: 'admin', before: { document_style: 'general' }, after: { document_style: 'e_trading' } });
    expect(acceptance!.reason).toContain('billing@partner.example.jp');
    const attention = (await call('com_drive/attention_list', {}, t.token)).body.data!.items;
    expect(attention.some((entry) => entry.id === file.id)).toBe(false);
    const audit = await auditOfTarget(t.kykId, 'file', file.id);
    expect(audit.map((record) => record.action)).toContain('drive.arrival_accept');

    // A legal document now: it may not be deleted for good, and a second acceptance finds nothing to accept.
    const again = await accept(t.token, file.id);
    expect(again.body.data).toEqual({ done: [], refused: [{ id: file.id, reason: 'not_received' }] });
  });

  it('a source without a style leaves the accepted file general', async () => {
    const file = await arrive(t, folder.id, `plain-${randomUUID().slice(0, 6)}.pdf`, mailArrival(t.adminId, { document_style: undefined }));
    const answer = await accept(t.token, file.id);
    expect(answer.body.data!.done[0]).toMatchObject({ document_style: 'general', version: 1 });
    expect(answer.body.data!.done[0]).not.toHaveProperty('received');
  });

  it('rejecting deletes the file for good and gives its bytes back, recorded with the person', async () => {
    const file = await arrive(t, folder.id, `reject-${randomUUID().slice(0, 6)}.pdf`);
    const before = (await call('com_drive/data_usage', {}, t.token)).body.data!;
    const answer = await reject(t.token, file.id);
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(0);
    expect(answer.body.data!.done.map((item) => item.id)).toEqual([file.id]);
    expect((await call('com_drive/file_info', { id: file.id }, t.token)).body.code).toBe(-3);
    const trashList = await call('com_drive/recycle_list', {}, t.token);
    expect(JSON.stringify(trashList.body.data)).not.toContain(file.id);
    const after = (await call('com_drive/data_usage', {}, t.token)).body.data!;
    expect(after.usage_bytes).toBe(before.usage_bytes - file.size!);
    expect(after.file_count).toBe(before.file_count - 1);
    expect(after.trash_count).toBe(before.trash_count);
    const audit = await auditOfTarget(t.kykId, 'file', file.id);
    expect(audit.find((record) => record.action === 'drive.arrival_reject')).toMatchObject({ user_id: 'admin' });
  });

  it('judges each file on its own: not received, not found, and one who may only add (level 2) may not decide', async () => {
    const received = await arrive(t, folder.id, `mixed-${randomUUID().slice(0, 6)}.pdf`);
    const ordinary = await aFile(t.token, folder.id, `ordinary-${randomUUID().slice(0, 6)}.txt`);
    const unknown = randomUUID();
    const answer = await accept(t.token, received.id, ordinary.id, unknown);
    expect(answer.body.data!.done.map((item) => item.id)).toEqual([received.id]);
    expect(answer.body.data!.refused).toEqual([{ id: ordinary.id, reason: 'not_received' }, { id: unknown, reason: 'not_found' }]);

    // Level 2 adds entries and changes what it registered itself: an arrival in its name is still not its to accept.
    const own = await arrive(t, folder.id, `own-${randomUUID().slice(0, 6)}.pdf`, mailArrival(active.userId));
    expect(own.regist_user_id).toBe(active.userId);
    expect((await call('com_drive/arrival_accept_btn', { ids: [own.id] }, active.token)).body.code).toBe(-101);
    expect((await accept(t.token, own.id)).body.data!.done).toHaveLength(1);
  });

  it("another contract's token reaches none of them", async () => {
    const file = await arrive(t, folder.id, `isolated-${randomUUID().slice(0, 6)}.pdf`);
    expect((await accept(other.token, file.id)).body.data).toEqual({ done: [], refused: [{ id: file.id, reason: 'not_found' }] });
    expect((await reject(other.token, file.id)).body.data).toEqual({ done: [], refused: [{ id: file.id, reason: 'not_found' }] });
    const still = await call('com_drive/file_info', { id: file.id }, t.token);
    expect(still.body.data!.item.received).toBeDefined();
  });

  it('refuses an arrival into a folder its creator no longer reaches, and an ill-formed call changes nothing', async () => {
    const gone = await aFolder(t, { name: `Gone ${randomUUID().slice(0, 6)}` });
    await trash(t.token, gone);
    await expect(registerArrival({ kykId: t.kykId, folderId: gone.id, creatorId: t.adminId }, { name: 'late.pdf', size: 3, contentType: 'application/pdf' }, mailArrival(t.adminId)))
      .rejects.toEqual(new ArrivalRefused('folder_gone'));
    // A suspended or deleted creator reaches nothing: their address or link receives nothing more.
    await expect(registerArrival({ kykId: t.kykId, folderId: folder.id, creatorId: 'nobody' }, { name: 'late.pdf', size: 3, contentType: 'application/pdf' }, mailArrival('nobody')))
      .rejects.toEqual(new ArrivalRefused('folder_gone'));
    const empty = await call('com_drive/arrival_accept_btn', { ids: [] } as never, t.token);
    expect(empty.body.code).toBe(-4);
  });
});
