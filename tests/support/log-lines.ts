/** Runs `work` with this process's stdout and stderr captured; answers the JSON lines written (log lines and EMF records). */
export async function logLinesOf(work: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const written: string[] = [];
  const original = { out: process.stdout.write, err: process.stderr.write };
  const capture = ((chunk: string | Uint8Array) => written.push(String(chunk)) > 0) as typeof process.stdout.write;
  process.stdout.write = capture;
  process.stderr.write = capture;
  try {
    await work();
  } finally {
    process.stdout.write = original.out;
    process.stderr.write = original.err;
  }
  return written.join('').split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
}
