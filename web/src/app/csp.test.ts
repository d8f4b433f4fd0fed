import { expect, test } from 'vitest';

test('zod runs jitless once csp.ts ran, though csp.ts does not import zod', async () => {
  await import('./csp.ts');
  const { config } = await import('zod/v4/core');
  expect(config().jitless).toBe(true);
  const { z } = await import('zod/mini');
  // A schema built afterwards parses without compiling (no `new Function`).
  expect(z.object({ a: z.string() }).safeParse({ a: 'x' }).success).toBe(true);
});
