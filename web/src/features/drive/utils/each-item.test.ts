import { describe, expect, it } from 'vitest';
import { eachItem } from './each-item.ts';

const describeFailure = (failure: unknown) => ({ code: -1, message: String(failure) });

describe('eachItem', () => {
  it('reports each entry done or failed with its reason, in the order given', async () => {
    const entries = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((id) => ({ id }));
    const result = await eachItem(entries, async ({ id }) => {
      if (id === 'b' || id === 'f') throw new Error(`no ${id}`);
    }, describeFailure, 3);
    expect(result.done).toEqual(['a', 'c', 'd', 'e', 'g']);
    expect(result.failed).toEqual([
      { id: 'b', code: -1, message: 'Error: no b' },
      { id: 'f', code: -1, message: 'Error: no f' },
    ]);
  });

  it('runs at most `parallel` calls at once', async () => {
    let running = 0;
    let most = 0;
    await eachItem(Array.from({ length: 12 }, (_, i) => ({ id: String(i) })), async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 2));
      running -= 1;
    }, describeFailure, 4);
    expect(most).toBe(4);
  });

  it('answers nothing for no entries', async () => {
    expect(await eachItem([], async () => undefined, describeFailure)).toEqual({ done: [], failed: [] });
  });
});
