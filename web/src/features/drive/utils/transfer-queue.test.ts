import { afterEach, describe, expect, it } from 'vitest';
import { addPausedTransfer, addTransfer, cancelTransfer, clearFinishedTransfers, PARALLEL_TRANSFERS, refusePausedFile, removeTransfer, resumeTransfer, retryTransfer, summarize, transfersNow, type TransferRun } from './transfer-queue.ts';
import type { ResumableUpload } from './upload-resume.ts';

/** A run that waits until the test lets it finish (or fail), reporting progress on the way. */
function gate() {
  let open!: () => void;
  let fail!: (error: Error) => void;
  const run: TransferRun = (report, signal) =>
    new Promise<void>((resolve, reject) => {
      report({ loaded: 1 });
      open = resolve;
      fail = reject;
      signal.addEventListener('abort', () => reject(new DOMException('stopped', 'AbortError')));
    });
  return { run, open: () => open(), fail: (message: string) => fail(new Error(message)) };
}

const add = (name: string, run: TransferRun) => addTransfer({ name, place: '/', size: 10, run, describeError: (error) => (error as Error).message });
const stateOf = (id: string) => transfersNow().find((transfer) => transfer.id === id)?.state;

afterEach(async () => {
  for (const transfer of transfersNow()) cancelTransfer(transfer.id);
  // A running transfer ends when its work has seen the abort.
  await new Promise((resolve) => setTimeout(resolve, 0));
  clearFinishedTransfers();
});

describe('transfer queue', () => {
  it(`runs ${PARALLEL_TRANSFERS} at once, oldest first, and starts the next when one ends`, async () => {
    const gates = Array.from({ length: PARALLEL_TRANSFERS + 1 }, gate);
    const added = gates.map((entry, i) => add(`f${i}`, entry.run));
    expect(added.map(({ id }) => stateOf(id))).toEqual([...Array<string>(PARALLEL_TRANSFERS).fill('running'), 'queued']);
    expect(transfersNow().find((transfer) => transfer.id === added[0]!.id)?.loaded).toBe(1);
    gates[0]!.open();
    await expect(added[0]!.ended).resolves.toBe('done');
    expect(stateOf(added[PARALLEL_TRANSFERS]!.id)).toBe('running');
  });

  it('cancels a running and a queued transfer, retries a failed one with the same work, and clears the finished', async () => {
    const gates = Array.from({ length: PARALLEL_TRANSFERS + 1 }, gate);
    const added = gates.map((entry, i) => add(`g${i}`, entry.run));
    cancelTransfer(added[PARALLEL_TRANSFERS]!.id);
    await expect(added[PARALLEL_TRANSFERS]!.ended).resolves.toBe('cancelled');
    cancelTransfer(added[0]!.id);
    await expect(added[0]!.ended).resolves.toBe('cancelled');
    gates[1]!.fail('The server capacity has been exceeded.');
    await expect(added[1]!.ended).resolves.toBe('failed');
    expect(transfersNow().find((transfer) => transfer.id === added[1]!.id)?.error).toBe('The server capacity has been exceeded.');
    const again = retryTransfer(added[1]!.id)!;
    expect(stateOf(added[1]!.id)).toBe('running');
    gates[1]!.open();
    await expect(again).resolves.toBe('done');
    expect(summarize(transfersNow())).toEqual({ active: 1, done: 1, failed: 0, paused: 0, total: 4 });
    clearFinishedTransfers();
    expect(transfersNow().map((transfer) => transfer.name)).toEqual(['g2']);
  });

  it('keeps an upload cut off by a reload paused until its file is picked again, then runs it as any other; discarding takes it off', async () => {
    const kept: ResumableUpload = {
      item_id: 'item-1', upload_id: 'u-1', part_size: 16, name: 'big.bin', size: 40, last_modified: 1, folder_id: 'root', place: 'Drive', owner: 'k/u', parts: [{ part_number: 1, etag: '"a"' }], started_at: 1,
    };
    const id = addPausedTransfer(kept, 16);
    const other = addPausedTransfer({ ...kept, item_id: 'item-2', name: 'other.bin' }, 0);
    expect(transfersNow().find((transfer) => transfer.id === id)).toMatchObject({ state: 'paused', loaded: 16, name: 'big.bin', resume: kept });
    expect(summarize(transfersNow())).toMatchObject({ active: 0, paused: 2, total: 2 });
    // Not finished: clearing leaves it.
    clearFinishedTransfers();
    expect(transfersNow()).toHaveLength(2);
    refusePausedFile(id, 'Not the same file.');
    expect(transfersNow().find((transfer) => transfer.id === id)?.error).toBe('Not the same file.');
    const resumed = gate();
    const ended = resumeTransfer(id, { name: 'big.bin', place: 'Drive', size: 40, run: resumed.run, describeError: String });
    expect(transfersNow().find((transfer) => transfer.id === id)).toMatchObject({ state: 'running', error: undefined });
    resumed.open();
    await expect(ended).resolves.toBe('done');
    removeTransfer(other);
    expect(transfersNow().map((transfer) => transfer.state)).toEqual(['done']);
  });
});
