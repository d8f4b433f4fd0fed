/**
 * `tsx bin/parallel.ts <npm script>...`: runs npm scripts side by side and fails when any fails.
 * `npm test` runs the typecheck, the lint, the scale imports, the vitest projects, the moto tests and
 * the walks (after the build they use, in their own lane) together. The walks wait on the browser and
 * the stack far more than they compute (186 s of CPU in 854 s of wall, results.json
 * `test_time_issue_26_before`): run after everything else they left both cores idle for most of their
 * 7 to 14 minutes, run beside the rest they fill its gaps. Each script's output is held and
 * printed whole when it ends, so the log reads script by script rather than interleaved.
 */
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('Usage: tsx bin/parallel.ts <npm script> [<npm script>...]');
  process.exit(2);
}

const run = (script: string) =>
  new Promise<{ script: string; code: number; output: string; seconds: number }>((resolve) => {
    const started = Date.now();
    const chunks: Buffer[] = [];
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('close', (code, signal) => {
      const result = { script, code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString(), seconds: (Date.now() - started) / 1000 };
      process.stdout.write(`\n> ${script} (${result.seconds.toFixed(0)} s, ${result.code === 0 ? 'passed' : `failed with ${result.code}`})\n${result.output}`);
      resolve(result);
    });
  });

const results = await Promise.all(scripts.map(run));
const failed = results.filter((result) => result.code !== 0);
if (failed.length > 0) {
  // CI keeps only the log's tail, where the last script to end (usually the walks) sits: repeat each
  // failed script's failures there, so the cause is in what CI shows.
  for (const result of failed) {
    const lines = result.output.split('\n');
    // vitest's "Failed Tests" section, or Playwright's first numbered failure (`  1) file › title`).
    const from = lines.findIndex((line) => /Failed Tests \d+|\s\s1\) \S/.test(line));
    const excerpt = (from >= 0 ? lines.slice(from) : lines).slice(-150).join('\n');
    console.error(`\n> ${result.script} failed; its failures again:\n${excerpt}`);
  }
  console.error(`\nFailed: ${failed.map((result) => result.script).join(', ')}`);
  process.exit(1);
}
