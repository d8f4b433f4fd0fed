/**
 * `npm run bench`: measures what ARCHITECTURE.md promises, against the local stack's real
 * stand-ins, and writes tests/bench/results.json. Not part of `npm test`: timings are measured
 * here, never asserted inside tests. Numbers are for this 2-core machine with DynamoDB Local and
 * s3rver; against AWS they differ, their ratios are what to watch.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { build } from 'esbuild';
import { bearer, readBearer, TOKEN_HEADER, type Envelope } from '#shared/envelope.ts';
import { endpointGroups, type RoutePath, type RouteRequest, type RouteResponse } from '#shared/routes.ts';
import { esbuildOptions, functionEntry } from '#infra/aws/bundling.ts';
import { startLocalStack } from '#infra/local/stack.ts';
import { s3 } from '#lib/clients.ts';
import { config } from '#lib/config.ts';
import { createTenant } from '#lib/tenants.ts';
import { insertItem, nameKey, type ItemRecord } from '#functions/drive/data/items.ts';

process.env.LOG_LEVEL = 'silent';

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const median = (values: number[]) => percentile(values, 50);

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const result = await work();
  return [performance.now() - start, result];
}

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'com-drive-bench-'));
  const stack = await startLocalStack({ port: 0, dataDir, inMemory: true, seedDemo: false, log: () => {} });
  const call = async <P extends RoutePath>(path: P, body: RouteRequest<P>, token?: string) => {
    const response = await fetch(`${stack.url}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { [TOKEN_HEADER]: bearer(token) } : {}) },
      body: JSON.stringify(body),
    });
    const envelope = (await response.json()) as Envelope<RouteResponse<P>>;
    if (envelope.code !== 0) throw new Error(`${path}: ${envelope.code} ${envelope.message}`);
    return { data: envelope.data!, token: readBearer(response.headers.get(TOKEN_HEADER)) };
  };

  try {
    const results: Record<string, unknown> = { measured_at: new Date().toISOString(), node: process.version, cpus: (await import('node:os')).cpus().length };
    const password = `Bench-${randomBytes(6).toString('hex')}`;
    await createTenant({ kykId: 'bench', adminUserId: 'admin', adminPassword: password });

    // Sign-in: scrypt dominates by design (memory-hard hashing).
    const signIns: number[] = [];
    let token = '';
    for (let i = 0; i < 40; i++) {
      const [ms, result] = await timed(() => call('login/login_btn', { kyk_id: 'bench', user_id: 'admin', password, force_flg: 1 }));
      signIns.push(ms);
      token = result.token!;
    }
    results.sign_in_ms = { p50: round(median(signIns)), p95: round(percentile(signIns, 95)), samples: signIns.length };

    // Folder pages: the cost of one page must not grow with the folder.
    const folderPage: Record<string, unknown> = {};
    for (const size of [100, 10_000]) {
      const folder = (await call('com_drive/folder_reg_btn', { parent_id: 'root', name: `folder-${size}` }, token)).data.item;
      const now = new Date().toISOString();
      const records: ItemRecord[] = Array.from({ length: size }, (_, i) => {
        const name = `entry-${String(i).padStart(5, '0')}`;
        return {
          kyk_id: 'bench', id: randomUUID(), parent_id: folder.id, ancestors: ['root', folder.id], type: i % 10 === 0 ? 'folder' : 'file',
          name, name_key: nameKey(name), size: 1, declared_size: null, version: 1, status: 'ready', content_type: 'text/plain', s3_key: null,
          row_version: 1, regist_date: now, regist_user_id: 'admin', update_date: now, update_user_id: 'admin',
        };
      });
      const [fillMs] = await timed(async () => {
        for (let i = 0; i < records.length; i += 25) await Promise.all(records.slice(i, i + 25).map((record) => insertItem(record)));
      });
      const pages: number[] = [];
      for (let i = 0; i < 40; i++) {
        const sortItem = i % 2 === 0 ? 'name' : 'update_date';
        const [ms] = await timed(() => call('com_drive/drive_info', { folder_id: folder.id, sort_item: sortItem, page_size: 50 }, token));
        pages.push(ms);
      }
      folderPage[`items_${size}`] = { p50: round(median(pages)), p95: round(percentile(pages, 95)), page_size: 50, fill_seconds: round(fillMs / 1000) };
    }
    results.folder_page_ms = folderPage;

    // Upload: the presigned flow (register, PUT, storage event) next to a direct PutObject.
    const bytes = randomBytes(50 * 1024 * 1024);
    const presigned: number[] = [];
    const direct: number[] = [];
    for (let i = 0; i < 3; i++) {
      const [flowMs] = await timed(async () => {
        const { data } = await call('com_drive/file_reg_btn', { folder_id: 'root', name: `big-${i}.bin`, size: bytes.length }, token);
        if (data.upload.method !== 'PUT') throw new Error('50 MiB is below the multipart threshold: expected one PUT');
        const put = await fetch(data.upload.url, { method: 'PUT', headers: data.upload.headers, body: bytes });
        if (!put.ok) throw new Error(`PUT ${put.status}`);
        for (;;) {
          const { data: info } = await call('com_drive/file_info', { id: data.item.id }, token);
          if (info.item.status === 'ready') break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      });
      presigned.push(flowMs);
      const [directMs] = await timed(() => s3().send(new PutObjectCommand({ Bucket: config.bucketName, Key: `bench/direct-${i}`, Body: bytes })));
      direct.push(directMs);
    }
    const mib = bytes.length / 1024 / 1024;
    results.upload_50mib = {
      presigned_mib_s: round(mib / (median(presigned) / 1000)),
      direct_put_mib_s: round(mib / (median(direct) / 1000)),
      ratio: round(median(direct) / median(presigned), 2),
    };

    // Lambda bundles: size and cold import time of each, built with the deployed esbuild options.
    const outdir = join(dataDir, 'bundles');
    const bundles: Record<string, unknown> = {};
    for (const name of [...endpointGroups, 'storage-events']) {
      const outfile = join(outdir, name, 'index.mjs');
      const result = await build({ ...esbuildOptions, entryPoints: [functionEntry(name)], outfile, metafile: true, logLevel: 'silent' });
      const bytesOut = Object.entries(result.metafile.outputs).find(([file]) => file.endsWith('.mjs'))![1].bytes;
      const imports: number[] = [];
      for (let i = 0; i < 5; i++) {
        const run = spawnSync(process.execPath, ['--input-type=module', '-e',
          `const t=performance.now(); await import(${JSON.stringify(outfile)}); console.log(performance.now()-t);`], { encoding: 'utf8' });
        imports.push(Number(run.stdout.trim()));
      }
      bundles[name] = { kib: round(bytesOut / 1024), cold_import_ms: round(median(imports)) };
    }
    results.lambda_bundles = bundles;

    const file = new URL('./results.json', import.meta.url);
    await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
    printTable(results);
    console.log(`\nwrote ${file.pathname}`);
  } finally {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function printTable(results: Record<string, unknown>) {
  const rows: [string, string][] = [];
  const signIn = results.sign_in_ms as { p50: number; p95: number };
  rows.push(['sign-in latency', `p50 ${signIn.p50} ms, p95 ${signIn.p95} ms`]);
  for (const [key, value] of Object.entries(results.folder_page_ms as Record<string, { p50: number; p95: number }>)) {
    rows.push([`folder page (50) of ${key.replace('items_', '')} items`, `p50 ${value.p50} ms, p95 ${value.p95} ms`]);
  }
  const upload = results.upload_50mib as { presigned_mib_s: number; direct_put_mib_s: number; ratio: number };
  rows.push(['upload 50 MiB presigned flow', `${upload.presigned_mib_s} MiB/s`]);
  rows.push(['upload 50 MiB direct PutObject', `${upload.direct_put_mib_s} MiB/s (presigned/direct ${upload.ratio})`]);
  for (const [name, value] of Object.entries(results.lambda_bundles as Record<string, { kib: number; cold_import_ms: number }>)) {
    rows.push([`lambda ${name}`, `${value.kib} KiB, cold import ${value.cold_import_ms} ms`]);
  }
  const width = Math.max(...rows.map(([label]) => label.length));
  for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`);
}

await main();
