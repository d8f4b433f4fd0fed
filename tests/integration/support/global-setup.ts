import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalStack } from '#infra/local/stack.ts';
import { functionEnv } from '#lib/table-design.ts';

/** The property module's sign-in address the test stack knows. */
export const PROPERTY_URL = 'https://property.example.test/sso-login';

/** One local stack (DynamoDB Local, s3rver, SES emulator, the API adapter) for the whole run. */
export default async function setup(project: TestProject) {
  process.env.LOG_LEVEL ??= 'silent';
  const dataDir = await mkdtemp(join(tmpdir(), 'com-drive-it-'));
  // Every test calls from loopback: the source throttle's allowance is set out of reach, and the
  // throttle's own test fills a window of another loopback address to just below it.
  // The pending-upload caps are set low so their test reaches them in a few calls (no other test
  // keeps more than a handful of uploads waiting).
  // The property module's address, for link_to_atp (tests/integration/sibling-modules.test.ts).
  // Password hashes at scrypt 2^10 rather than 2^15: the suites hash thousands (functions/lib/table-design.ts).
  const throttle = {
    [functionEnv.passwordHashCost]: '10',
    [functionEnv.signInSourceLimit]: '1000000', [functionEnv.uploadPendingPerUser]: '20', [functionEnv.uploadPendingPerContract]: '30',
    [functionEnv.moduleUrls]: JSON.stringify({ property: PROPERTY_URL }),
  };
  Object.assign(process.env, throttle);
  const stack = await startLocalStack({ port: 0, dataDir, inMemory: true, seedDemo: false });
  project.provide('stack', { url: stack.url, functionEnv: { ...stack.functionEnv, ...throttle }, mailViewer: stack.endpoints.mailViewer });
  return async () => {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: { url: string; functionEnv: Record<string, string>; mailViewer: string };
  }
}
