/**
 * Lambda bundle sizes against their floor: each group's bundle is built exactly as CDK builds it
 * (infra/aws/function-bundle.ts), and beside it a "floor" bundle whose entry only creates the AWS SDK
 * clients that group really contains (read off the esbuild metafile). The difference is what the
 * group's own code and its other dependencies add. Cold import: a fresh `node` process importing the bundle, median of runs.
 * `npx tsx tests/bench/lambda-bundles.ts` runs it alone; `npm run bench` includes it.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import ts from 'typescript';
import { esbuildOptions, functionEntry, functionNames, projectRoot } from '#infra/aws/bundling.ts';
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
/** A measure against its floor, to two decimals (as the goals are written). */
const ratio = (value: number, floor: number) => Number((value / floor).toFixed(2));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const packageOf = (input: string): string => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? input.split('/').slice(0, 2).join('/');

function outputOf(metafile: Metafile) {
  return Object.values(metafile.outputs).find((output) => output.entryPoint)!;
}

const packagesOf = (output: ReturnType<typeof outputOf>): Map<string, number> => {
  const byPackage = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) byPackage.set(packageOf(input), (byPackage.get(packageOf(input)) ?? 0) + bytesInOutput);
  return byPackage;
};

/** The SDK clients a bundle holds, read off its inputs. */
const clientsIn = (byPackage: Map<string, number>): string[] =>
  Object.keys(clients).filter((client) => byPackage.has(client) || (client === '@aws-sdk/lib-dynamodb' && byPackage.has('@aws-sdk/client-dynamodb')));

/** The floor of a set of clients: an entry that creates them and nothing else, built with the same options (once per set and run). */
const floors = new Map<string, Promise<{ bytes: number; file: string }>>();
function floorOf(used: string[], dir: string, label: string): Promise<{ bytes: number; file: string }> {
  const id = used.join(' ');
  let floor = floors.get(id);
  if (!floor) {
    floors.set(id, floor = (async () => {
      const entry = join(projectRoot, `.bench-floor-${label}.mjs`);
      await writeFile(entry, `const clients = [];\n${used.map((client) => clients[client]).join('\n')}\nexport const handler = async () => clients.length;\n`);
      const file = join(dir, `${label}-floor`, 'index.mjs');
      try {
        const { metafile } = await build({ ...esbuildOptions, entryPoints: [entry], outfile: file, metafile: true, logLevel: 'silent' });
        return { bytes: outputOf(metafile).bytes, file };
      } finally {
        await rm(entry, { force: true });
      }
    })());
  }
  return floor;
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
  /** The lazy files beside the bundle (its own `import()`s, infra/aws/function-bundle.ts), loaded on first use and not by a cold start. */
  lazy_kib: Record<string, number>;
  /** The five largest inputs, by package (KiB in the minified output). */
  top_inputs: Record<string, number>;
}

export async function measureLambdaBundles(options: { runs?: number; log?: (line: string) => void } = {}): Promise<Record<string, BundleMeasure>> {
  const runs = options.runs ?? 7;
  const log = options.log ?? console.log;
  const dir = await mkdtemp(join(tmpdir(), 'com-drive-bundles-'));
  const results: Record<string, BundleMeasure> = {};
  floors.clear();
  try {
    for (const name of functionNames) {
      const outfile = join(dir, name, 'index.mjs');
      const { metafile, lazyBytes } = await bundleFunction(name, outfile);
      const output = outputOf(metafile);
      const byPackage = packagesOf(output);
      const used = clientsIn(byPackage);

      const { bytes: floor, file: floorFile } = await floorOf(used, dir, name);
      const size = output.bytes;
      const cold = coldImport(outfile, runs);
      const floorCold = coldImport(floorFile, runs);
      const top = [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 5);
      results[name] = {
        kib: kib(size), floor_kib: kib(floor), size_ratio: ratio(size, floor),
        cold_import_ms: cold.ms, floor_cold_import_ms: floorCold.ms, import_ratio: ratio(cold.ms, floorCold.ms),
        cold_import_cpu_ms: cold.cpuMs, floor_cold_import_cpu_ms: floorCold.cpuMs, import_cpu_ratio: ratio(cold.cpuMs, floorCold.cpuMs),
        clients: used, lazy_kib: Object.fromEntries(Object.entries(lazyBytes).map(([file, bytes]) => [file, kib(bytes)])), top_inputs: Object.fromEntries(top.map(([input, bytes]) => [input, kib(bytes)])),
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

export interface RouteBundleMeasure {
  kib: number;
  floor_kib: number;
  size_ratio: number;
}

/**
 * A group's routes as its handler wires them (`createApiHandler(<table>, { '<route>': <operation> })`):
 * for each route, the module of its operation and the operation's name, and the route table's import.
 */
function routesOf(group: string): { table: { name: string; from: string }; routes: { route: string; operation: string; from: string }[] } {
  const file = functionEntry(group);
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const importedFrom = new Map<string, string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !statement.importClause?.namedBindings || !ts.isNamedImports(statement.importClause.namedBindings)) continue;
    const from = (statement.moduleSpecifier as ts.StringLiteral).text;
    for (const element of statement.importClause.namedBindings.elements) importedFrom.set(element.name.text, from.startsWith('.') ? `./functions/${group}/${from.slice(2)}` : from);
  }
  let wiring: ts.CallExpression | undefined;
  const find = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'createApiHandler') wiring = node;
    else ts.forEachChild(node, find);
  };
  find(source);
  const [tableArgument, operations] = wiring?.arguments ?? [];
  if (!tableArgument || !ts.isIdentifier(tableArgument) || !operations || !ts.isObjectLiteralExpression(operations)) throw new Error(`${file}: no createApiHandler(<table>, { ... }) found`);
  const routes = operations.properties.map((property) => {
    if (!ts.isPropertyAssignment(property) || !ts.isIdentifier(property.initializer)) throw new Error(`${file}: a route not wired as '<route>': <operation>`);
    const route = ts.isStringLiteral(property.name) ? property.name.text : property.name.getText(source);
    const operation = property.initializer.text;
    return { route, operation, from: importedFrom.get(operation)! };
  });
  return { table: { name: tableArgument.text, from: importedFrom.get(tableArgument.text)! }, routes };
}

/**
 * Each route of the groups given, alone in a bundle: the group's handler wired with that one
 * operation (the kit and the group's route table come with it), against the floor of the clients
 * that bundle holds. What a group would weigh as Lambdas per route, for the groups above the goal.
 */
export async function measureRouteBundles(groups: readonly string[], options: { log?: (line: string) => void } = {}): Promise<Record<string, Record<string, RouteBundleMeasure>>> {
  const log = options.log ?? console.log;
  const dir = await mkdtemp(join(tmpdir(), 'com-drive-routes-'));
  const results: Record<string, Record<string, RouteBundleMeasure>> = {};
  floors.clear();
  try {
    for (const group of groups) {
      const { table, routes } = routesOf(group);
      const measured: [string, RouteBundleMeasure][] = [];
      // A few at a time: each is two esbuild builds.
      for (let start = 0; start < routes.length; start += 4) {
        await Promise.all(routes.slice(start, start + 4).map(async ({ route, operation, from }, offset) => {
          const label = `${group}-${start + offset}`;
          const entry = join(projectRoot, `.bench-route-${label}.ts`);
          await writeFile(entry, `import { ${table.name} } from '${table.from}';\nimport { createApiHandler } from '#lib/api-handler.ts';\nimport { ${operation} } from '${from}';\nexport const handler = createApiHandler(${table.name}, { '${route}': ${operation} } as never);\n`);
          try {
            const { metafile } = await bundleFunction(group, join(dir, label, 'index.mjs'), entry);
            const output = outputOf(metafile);
            const floor = await floorOf(clientsIn(packagesOf(output)), dir, label);
            measured.push([route, { kib: kib(output.bytes), floor_kib: kib(floor.bytes), size_ratio: ratio(output.bytes, floor.bytes) }]);
          } finally {
            await rm(entry, { force: true });
          }
        }));
      }
      measured.sort((a, b) => b[1].size_ratio - a[1].size_ratio || b[1].kib - a[1].kib);
      results[group] = Object.fromEntries(measured);
      const over = measured.filter(([, m]) => m.size_ratio > 1.25).length;
      log(`${group.padEnd(15)} ${routes.length} routes, ${over} alone above 1.25; largest ratios: ${measured.slice(0, 5).map(([route, m]) => `${route} ${m.kib} KiB (x${m.size_ratio})`).join(', ')}`);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) await measureLambdaBundles();
