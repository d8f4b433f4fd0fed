/**
 * Lambda bundle sizes against their floor: each group's bundle is built exactly as CDK builds it
 * (infra/aws/function-bundle.ts), and beside it a "floor" bundle whose entry only creates the AWS SDK
 * clients that group really contains (read off the esbuild metafile). The difference is what the
 * group's own code and its other dependencies add. Cold import: a fresh `node` process importing the bundle, median of runs.
 * `npx tsx tests/bench/lambda-bundles.ts` runs it alone; `npm run bench` includes it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { esbuildOptions, functionNames, projectRoot } from '#infra/aws/bundling.ts';
import { bundleFunction } from '#infra/aws/function-bundle.ts';

/** The SDK clients a bundle may hold, and how the floor entry creates each (so it is not tree-shaken away). */
const clients: Record<string, string> = {
  '@aws-sdk/lib-dynamodb': "import { DynamoDBClient } from '@aws-sdk/client-dynamodb'; import { DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand, PutCommand, BatchGetCommand, BatchWriteCommand, DeleteCommand } from '@aws-sdk/lib-dynamodb'; clients.push(DynamoDBDocumentClient.from(new DynamoDBClient({})), GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand, PutCommand, BatchGetCommand, BatchWriteCommand, DeleteCommand);",
  '@aws-sdk/client-s3': "import { S3Client, PutObjectCommand, GetObjectCommand } from '@aws-sdk/client-s3'; clients.push(new S3Client({}), PutObjectCommand, GetObjectCommand);",
  '@aws-sdk/s3-request-presigner': "import { getSignedUrl } from '@aws-sdk/s3-request-presigner'; clients.push(getSignedUrl);",
  '@aws-sdk/client-ses': "import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses'; clients.push(new SESClient({}), SendEmailCommand);",
  '@aws-sdk/client-ssm': "import { SSMClient, GetParameterCommand } from '@aws-sdk/client-ssm'; clients.push(new SSMClient({}), GetParameterCommand);",
  '@aws-sdk/client-secrets-manager': "import { SecretsManagerClient, GetSecretValueCommand } from '@aws-sdk/client-secrets-manager'; clients.push(new SecretsManagerClient({}), GetSecretValueCommand);",
};

const kib = (bytes: number) => Number((bytes / 1024).toFixed(1));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const packageOf = (input: string): string => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? input.split('/').slice(0, 2).join('/');

function outputOf(metafile: Metafile) {
  return Object.values(metafile.outputs).find((output) => output.entryPoint)!;
}

/**
 * Median wall time and CPU time (user + system) of importing the bundle in a fresh process. On a
 * busy machine wall time also counts waiting for a core; CPU time is the steadier comparison.
 */
function coldImport(file: string, runs: number): { ms: number; cpuMs: number } {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const script = `const t=performance.now(); const c=process.cpuUsage(); await import(${JSON.stringify(file)}); const u=process.cpuUsage(c); console.log(performance.now()-t, (u.user+u.system)/1000);`;
    const [ms, cpuMs] = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }).stdout.trim().split(' ').map(Number);
    wall.push(ms!);
    cpu.push(cpuMs!);
  }
  return { ms: Number(median(wall).toFixed(1)), cpuMs: Number(median(cpu).toFixed(1)) };
}

export interface BundleMeasure {
  kib: number;
  floor_kib: number;
  size_ratio: number;
  cold_import_ms: number;
  floor_cold_import_ms: number;
  import_ratio: number;
  cold_import_cpu_ms: number;
  floor_cold_import_cpu_ms: number;
  import_cpu_ratio: number;
  clients: string[];
  /** The five largest inputs, by package (KiB in the minified output). */
  top_inputs: Record<string, number>;
}

export async function measureLambdaBundles(options: { runs?: number; log?: (line: string) => void } = {}): Promise<Record<string, BundleMeasure>> {
  const runs = options.runs ?? 7;
  const log = options.log ?? console.log;
  const dir = await mkdtemp(join(tmpdir(), 'com-drive-bundles-'));
  const results: Record<string, BundleMeasure> = {};
  try {
    for (const name of functionNames) {
      const outfile = join(dir, name, 'index.mjs');
      const { metafile } = await bundleFunction(name, outfile);
      const output = outputOf(metafile);
      const byPackage = new Map<string, number>();
      for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) byPackage.set(packageOf(input), (byPackage.get(packageOf(input)) ?? 0) + bytesInOutput);
      const used = Object.keys(clients).filter((client) => byPackage.has(client) || (client === '@aws-sdk/lib-dynamodb' && byPackage.has('@aws-sdk/client-dynamodb')));

      // The floor: the same clients, created and nothing else, built with the same options.
      const floorEntry = join(projectRoot, `.bench-floor-${name}.mjs`);
      await writeFile(floorEntry, `const clients = [];\n${used.map((client) => clients[client]).join('\n')}\nexport const handler = async () => clients.length;\n`);
      const floorFile = join(dir, `${name}-floor`, 'index.mjs');
      let floorMeta: Metafile;
      try {
        floorMeta = (await build({ ...esbuildOptions, entryPoints: [floorEntry], outfile: floorFile, metafile: true, logLevel: 'silent' })).metafile;
      } finally {
        await rm(floorEntry, { force: true });
      }
      const size = output.bytes;
      const floor = outputOf(floorMeta).bytes;
      const cold = coldImport(outfile, runs);
      const floorCold = coldImport(floorFile, runs);
      const top = [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 5);
      results[name] = {
        kib: kib(size), floor_kib: kib(floor), size_ratio: Number((size / floor).toFixed(2)),
        cold_import_ms: cold.ms, floor_cold_import_ms: floorCold.ms, import_ratio: Number((cold.ms / floorCold.ms).toFixed(2)),
        cold_import_cpu_ms: cold.cpuMs, floor_cold_import_cpu_ms: floorCold.cpuMs, import_cpu_ratio: Number((cold.cpuMs / floorCold.cpuMs).toFixed(2)),
        clients: used, top_inputs: Object.fromEntries(top.map(([input, bytes]) => [input, kib(bytes)])),
      };
      const r = results[name];
      log(`${name.padEnd(15)} ${String(r.kib).padStart(7)} KiB / floor ${String(r.floor_kib).padStart(6)} KiB (x${r.size_ratio})  cold ${r.cold_import_ms} ms / ${r.floor_cold_import_ms} ms (x${r.import_ratio}), CPU ${r.cold_import_cpu_ms} / ${r.floor_cold_import_cpu_ms} ms (x${r.import_cpu_ratio})`);
      log(`${''.padEnd(15)} largest: ${top.map(([input, bytes]) => `${input} ${kib(bytes)}`).join(', ')}`);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) await measureLambdaBundles();
