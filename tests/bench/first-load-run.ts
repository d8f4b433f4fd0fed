/**
 * `npx tsx tests/bench/first-load-run.ts [--language ja] [--runs 5] [--web-dir <built SPA>]`: the
 * first-load measurement (tests/bench/first-load.ts) alone, against a local stack of its own with a
 * fresh contract. Build the SPA first: `npm run build:web` (or point --web-dir at another build to
 * compare).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startLocalStack } from '#infra/local/stack.ts';
import { createTenant } from '#domain/tenants.ts';
import { measureFirstLoad } from './first-load.ts';

process.env.LOG_LEVEL = 'silent';
const { values } = parseArgs({ options: { language: { type: 'string', default: 'en' }, runs: { type: 'string', default: '3' }, 'web-dir': { type: 'string' } } });
const language = values.language === 'ja' ? 'ja' : 'en';

const dataDir = await mkdtemp(join(tmpdir(), 'com-drive-first-load-'));
const stack = await startLocalStack({ port: 0, dataDir, inMemory: true, seedDemo: false, log: () => {}, ...(values['web-dir'] ? { webDir: values['web-dir'] } : {}) });
try {
  const password = `Bench-${randomBytes(6).toString('hex')}`;
  await createTenant({ kykId: 'firstload', adminUserId: 'admin', adminPassword: password, adminEmail: 'admin@firstload.example' });
  const result = await measureFirstLoad({ baseUrl: stack.url, kykId: 'firstload', userId: 'admin', password, language, runs: Number(values.runs) });
  console.log(JSON.stringify(result, null, 2));
} finally {
  await stack.stop();
  await rm(dataDir, { recursive: true, force: true });
}
