import { afterEach, describe, expect, it } from 'vitest';
import { addTransfer, cancelTransfer, clearFinishedTransfers, PARALLEL_TRANSFERS, retryTransfer, summarize, transfersNow, type TransferRun } from './transfer-queue.ts';

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
    expect(summarize(transfersNow())).toEqual({ active: 1, done: 1, failed: 0, total: 4 });
    clearFinishedTransfers();
    expect(transfersNow().map((transfer) => transfer.name)).toEqual(['g2']);
  });
});
