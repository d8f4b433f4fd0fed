import { createInstance, type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { en } from '@/lib/i18n/en.ts';
import { ja } from '@/lib/i18n/ja.ts';
import { formatDateTime } from '@/lib/format.ts';
import type { DriveItem } from '../api/get-file-info.ts';
import { arrivalOutcome, describeArrival, isReceived, type Arrival } from './arrival.ts';

async function translator(language: 'en' | 'ja'): Promise<TFunction> {
  const i18n = createInstance();
  await i18n.init({ lng: language, resources: { en: { translation: en }, ja: { translation: ja } }, interpolation: { escapeValue: false } });
  return i18n.t;
}

const mailed: Arrival = {
  channel: 'mail',
  source_id: 'abcdefghijkl',
  creator_id: 'admin',
  creator_nm: '管理者',
  document_style: 'e_trading',
  sender: 'billing@example.co.jp',
  subject: '請求書 2026年1月分',
  mail_date: '2026-01-05T01:02:00Z',
  message_id: '<m1@example.co.jp>',
  received_at: '2026-01-05T01:03:00Z',
};
const linked: Arrival = { channel: 'link', source_id: 'AAAAAAAAAAAAAAAA', creator_id: 'taro', subject: 'Receipts for March', sender: 'Hanako', received_at: '2026-03-01T00:00:00Z' };

describe('how a received file came, in words', () => {
  it('says a mail came from its sender, with the subject and the date, that it waits, and the style accepting applies', async () => {
    const [enT, jaT] = await Promise.all([translator('en'), translator('ja')]);
    expect(describeArrival(mailed, enT, 'en')).toEqual([
      'Mailed by billing@example.co.jp.',
      'Subject: 請求書 2026年1月分',
      `Mail dated ${formatDateTime(mailed.mail_date, 'en')}.`,
      `Arrived ${formatDateTime(mailed.received_at, 'en')}.`,
      'It waits for a member who may update this folder to accept or reject it.',
      'Accepting registers it as Electronic trading.',
    ]);
    expect(describeArrival(mailed, jaT, 'ja')).toContain('受け入れると電子取引として登録されます。');
    expect(describeArrival(mailed, jaT, 'ja')[0]).toBe('billing@example.co.jp からメールで届きました。');
  });

  it('names the link by its title and the unverified sender; a general arrival names no style; a mail without a date leaves it out', async () => {
    const t = await translator('en');
    const lines = describeArrival(linked, t, 'en');
    expect(lines.slice(0, 2)).toEqual(['Sent through the file-request link "Receipts for March".', 'The sender gave the name Hanako (not verified).']);
    expect(lines.some((line) => line.startsWith('Accepting'))).toBe(false);
    expect(describeArrival({ ...linked, subject: undefined, sender: undefined }, t, 'en')[0]).toBe('Sent through a file-request link.');
    const undated = describeArrival({ ...mailed, mail_date: undefined, sender: undefined, subject: undefined, document_style: 'general' }, t, 'en');
    expect(undated).toEqual(['Received by mail.', `Arrived ${formatDateTime(mailed.received_at, 'en')}.`, 'It waits for a member who may update this folder to accept or reject it.']);
  });

  it('knows a received file: a file carrying its arrival, never a folder', () => {
    expect(isReceived({ type: 'file', received: mailed })).toBe(true);
    expect(isReceived({ type: 'file' })).toBe(false);
    expect(isReceived({ type: 'folder', received: mailed })).toBe(false);
  });
});

describe('the outcome of an accept or reject', () => {
  it('counts what was done and names each refused file with its reason in words', async () => {
    const [enT, jaT] = await Promise.all([translator('en'), translator('ja')]);
    const sent = [
      { id: 'a', name: 'a.pdf' },
      { id: 'b', name: 'b.pdf' },
      { id: 'c', name: 'c.pdf' },
    ];
    const answer = {
      done: [{ id: 'a', name: 'a.pdf' } as DriveItem],
      refused: [
        { id: 'b', reason: 'edited' as const },
        { id: 'c', reason: 'not_received' as const },
      ],
    };
    const outcome = arrivalOutcome(sent, answer, enT);
    expect(outcome.done.map((entry) => entry.name)).toEqual(['a.pdf']);
    expect(outcome.failed.map(({ entry, message }) => [entry.name, message])).toEqual([
      ['b.pdf', 'It was changed meanwhile. Refresh the folder and try again.'],
      ['c.pdf', 'It is not waiting to be accepted (someone accepted or rejected it already).'],
    ]);
    expect(arrivalOutcome(sent, { done: [], refused: [{ id: 'x', reason: 'permission' }] }, jaT).failed).toEqual([
      { entry: { id: 'x', name: 'x' }, code: 0, message: 'このファイルのフォルダーを更新する権限がありません。' },
    ]);
    expect(enT('arrivals.outcome.accepted', { count: 1 })).toBe('Accepted 1 file.');
    expect(enT('arrivals.outcome.rejectRefused', { count: 2 })).toBe('2 files were not rejected.');
  });
});
