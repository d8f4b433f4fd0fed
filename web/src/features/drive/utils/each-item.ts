/**
 * Runs one call per entry for actions the API takes one entry at a time (favourites), a few at
 * once, and answers in the shape of the bulk calls (`done` ids, `failed` with the server's code and
 * message) so one flash reports them like the others (utils/bulk-outcome.ts).
 */
export async function eachItem<T extends { id: string }>(
  entries: readonly T[],
  call: (entry: T) => Promise<unknown>,
  describe: (failure: unknown) => { code: number; message: string },
  parallel = 5,
): Promise<{ done: string[]; failed: { id: string; code: number; message: string }[] }> {
  const done: string[] = [];
  const failed: { id: string; code: number; message: string }[] = [];
  for (let i = 0; i < entries.length; i += parallel) {
    const chunk = entries.slice(i, i + parallel);
    const results = await Promise.allSettled(chunk.map((entry) => call(entry)));
    results.forEach((result, index) => {
      const id = chunk[index]!.id;
      if (result.status === 'fulfilled') done.push(id);
      else failed.push({ id, ...describe(result.reason) });
    });
  }
  return { done, failed };
}
