/**
 * `npx tsx tests/bench/copy-folder-run.ts [--descendants 10000]`: the folder-copy measurement
 * (tests/bench/copy-folder.ts) alone, against a local stack of its own with a fresh contract.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startLocalStack } from '#infra/local/stack.ts';
import { createTenant } from '#domain/tenants.ts';
import { fillTree, measureFolderCopy } from './copy-folder.ts';
import { benchCall } from './api.ts';

process.env.LOG_LEVEL = 'silent';
const { values } = parseArgs({ options: { descendants: { type: 'string', default: '10000' } } });

const dataDir = await mkdtemp(join(tmpdir(), 'com-drive-copy-bench-'));
const stack = await startLocalStack({ port: 0, dataDir, inMemory: true, seedDemo: false, log: () => {} });
const call = benchCall(stack.url);
try {
  const password = `Bench-${randomBytes(6).toString('hex')}`;
  await createTenant({ kykId: 'benchcopy', adminUserId: 'admin', adminPassword: password, adminEmail: 'admin@benchcopy.example' });
  const token = (await call('login/login_btn', { kyk_id: 'benchcopy', user_id: 'admin', password, force_flg: 1 })).token!;
  const source = (await call('com_drive/folder_reg_btn', { parent_id: 'root', name: 'copy-source' }, token)).data.item;
  await fillTree('benchcopy', source.id, Number(values.descendants));
  console.log(JSON.stringify(await measureFolderCopy(call, token, source), null, 2));
} finally {
  await stack.stop();
  await rm(dataDir, { recursive: true, force: true });
}
