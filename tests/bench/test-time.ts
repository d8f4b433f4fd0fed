/**
 * `BENCH_ONLY=test_time npm run bench`: how `npm test`'s wall time splits, merged into results.json
 * as `test_time`. It runs the same npm scripts `npm test` runs, as it runs them (side by side as
 * bin/parallel.ts does, `test:walks` after `build` in the lane of its own), with JSON reporters added
 * so each vitest file and each walk has its own duration. It is one `npm test` in time: run it on a
 * quiet machine (in a clean clone, so nobody's edits land mid-run), and read its numbers with the
 * load average it records.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '../..');
const seconds = (ms: number) => Number((ms / 1000).toFixed(1));

/** bash's `times`: the CPU seconds (user + system) of the shell's waited-for children, their children included. */
const cpuOfTimes = (text: string): number => {
  const children = text.trim().split('\n')[1] ?? '';
  return [...children.matchAll(/(\d+)m([\d.]+)s/g)].reduce((sum, [, minutes, secs]) => sum + Number(minutes) * 60 + Number(secs), 0);
};

/**
 * Runs `npm run <script> -- <args>` and resolves with its wall time, its CPU time (every process it
 * started, through bash's `times`: on a shared machine the steadier figure) and its exit code. A
 * failing script does not stop the measurement (others may be mid-change in the shared tree): its
 * code is recorded.
 */
const runScript = (script: string, out: string, args: string[] = [], env: Record<string, string> = {}) =>
  new Promise<{ ms: number; cpu_s: number; code: number }>((resolve) => {
    const started = performance.now();
    const chunks: Buffer[] = [];
    const timesFile = join(out, `${script.replace(/\W/g, '-')}.times`);
    const command = 'npm run --silent "$0" "$@"; code=$?; times > "$TIMES_FILE"; exit $code';
    const child = spawn('bash', ['-c', command, script, ...(args.length ? ['--', ...args] : [])], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env, TIMES_FILE: timesFile } });
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('close', (code, signal) => {
      const ms = performance.now() - started;
      const exit = code ?? (signal ? 1 : 0);
      void readFile(timesFile, 'utf8').catch(() => '').then((times) => {
        const cpu_s = Number(cpuOfTimes(times).toFixed(1));
        console.log(`${script}: ${seconds(ms)} s, ${cpu_s} s of CPU${exit === 0 ? '' : `, failed with ${exit}:\n${Buffer.concat(chunks).toString().slice(-3000)}`}`);
        resolve({ ms, cpu_s, code: exit });
      });
    });
  });

type VitestReport = { numTotalTests: number; numFailedTests: number; testResults: { name: string; status: string; startTime: number; endTime: number; assertionResults: unknown[] }[] };
type PlaywrightSuite = { file: string; specs: { title: string; ok: boolean; tests: { results: { duration: number }[] }[] }[]; suites?: PlaywrightSuite[] };
type PlaywrightReport = { stats: { duration: number; expected: number; unexpected: number }; suites: PlaywrightSuite[] };

/** Per vitest project (from the file's folder) the summed file time, and the slowest files. */
const vitestSplit = (report: VitestReport, slowest: number) => {
  const files = report.testResults.map((result) => ({ file: relative(root, result.name), s: seconds(result.endTime - result.startTime), tests: result.assertionResults.length }));
  const project = (file: string) => (/^tests\/(integration|local|infra|scale)\//.exec(file)?.[1] ?? 'unit');
  const byProject: Record<string, { files: number; tests: number; file_seconds: number }> = {};
  for (const entry of files) {
    const sum = (byProject[project(entry.file)] ??= { files: 0, tests: 0, file_seconds: 0 });
    sum.files++;
    sum.tests += entry.tests;
    sum.file_seconds = seconds(sum.file_seconds * 1000 + entry.s * 1000);
  }
  const failed = report.testResults.filter((result) => result.status !== 'passed').map((result) => relative(root, result.name));
  return { tests: report.numTotalTests, failed_tests: report.numFailedTests, ...(failed.length ? { failed_files: failed } : {}), by_project: byProject, slowest_files: files.sort((a, b) => b.s - a.s).slice(0, slowest) };
};

const walks = (suites: PlaywrightSuite[]): { walk: string; s: number; failed?: true }[] =>
  suites.flatMap((suite) => [
    ...suite.specs.flatMap((spec) => spec.tests.map((test) => ({ walk: `${suite.file}: ${spec.title}`, s: seconds(test.results.reduce((sum, result) => sum + result.duration, 0)), ...(spec.ok ? {} : { failed: true as const }) }))),
    ...walks(suite.suites ?? []),
  ]);

export async function measureTestTime() {
  const out = await mkdtemp(join(tmpdir(), 'com-drive-test-time-'));
  try {
    const measured_at = new Date().toISOString();
    const load_average_at_start = loadavg().map((value) => Number(value.toFixed(2)));
    const started = performance.now();
    // `npm test`: these side by side (bin/parallel.ts), the walks after the build in their lane (test:e2e).
    let builtAt = 0;
    const [typecheck, lint, scale, vitest, moto, [build, e2e]] = await Promise.all([
      runScript('typecheck', out),
      runScript('lint', out),
      runScript('test:scale', out, ['--reporter=json', `--outputFile=${join(out, 'scale.json')}`]),
      runScript('test:vitest', out, ['--reporter=json', `--outputFile=${join(out, 'vitest.json')}`]),
      runScript('test:moto', out),
      runScript('build', out).then(async (built) => {
        builtAt = performance.now() - started;
        return [built, await runScript('test:walks', out, ['--reporter=json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: join(out, 'e2e.json') })] as const;
      }),
    ]);
    const total = performance.now() - started;
    const load_average_at_end = loadavg().map((value) => Number(value.toFixed(2)));

    const vitestReport = JSON.parse(await readFile(join(out, 'vitest.json'), 'utf8')) as VitestReport;
    const scaleReport = JSON.parse(await readFile(join(out, 'scale.json'), 'utf8')) as VitestReport;
    const e2eReport = JSON.parse(await readFile(join(out, 'e2e.json'), 'utf8')) as PlaywrightReport;
    const walked = walks(e2eReport.suites);
    return {
      measured_at,
      how: 'BENCH_ONLY=test_time npm run bench: npm test\'s scripts in its order, with JSON reporters; wall seconds on this machine, shared with other sessions (see the load averages), and CPU seconds of every process each script started (bash times), the steadier figure under load',
      cpus: cpus().length,
      load_average_at_start,
      load_average_at_end,
      total_s: seconds(total),
      total_cpu_s: Number([typecheck, lint, scale, vitest, moto, build, e2e].reduce((sum, run) => sum + run.cpu_s, 0).toFixed(1)),
      scripts: {
        walks_started_at_s: seconds(builtAt),
        scripts_s: { typecheck: seconds(typecheck.ms), lint: seconds(lint.ms), 'test:scale': seconds(scale.ms), 'test:vitest': seconds(vitest.ms), 'test:moto': seconds(moto.ms), build: seconds(build.ms), 'test:walks': seconds(e2e.ms) },
        scripts_cpu_s: { typecheck: typecheck.cpu_s, lint: lint.cpu_s, 'test:scale': scale.cpu_s, 'test:vitest': vitest.cpu_s, 'test:moto': moto.cpu_s, build: build.cpu_s, 'test:walks': e2e.cpu_s },
        failed_scripts: Object.entries({ typecheck, lint, 'test:scale': scale, 'test:vitest': vitest, 'test:moto': moto, build, 'test:walks': e2e }).filter(([, run]) => run.code !== 0).map(([script]) => script),
      },
      vitest: vitestSplit(vitestReport, 20),
      scale: vitestSplit(scaleReport, 5),
      e2e: {
        wall_s: seconds(e2e.ms),
        cpu_s: e2e.cpu_s,
        playwright_s: seconds(e2eReport.stats.duration),
        walks: walked.length,
        walk_seconds: seconds(walked.reduce((sum, walk) => sum + walk.s * 1000, 0)),
        every_walk: walked.sort((a, b) => b.s - a.s),
      },
    };
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}
