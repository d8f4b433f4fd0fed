import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Newest modification time of any file below `dir`, skipping build output and dependencies. */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** True when web/dist/index.html is missing or older than a source of the SPA (web/ or shared/). */
export function webBuildIsStale(repoRoot: string): boolean {
  const index = join(repoRoot, 'web', 'dist', 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return ['web', 'shared'].some((dir) => existsSync(join(repoRoot, dir)) && newestMtime(join(repoRoot, dir)) > built);
}

/** Builds the SPA when stale. 'skipped': no web/vite.config.ts yet. Throws when the build fails. */
export function buildWebIfStale(repoRoot: string, log: (line: string) => void): 'fresh' | 'built' | 'skipped' {
  const config = join('web', 'vite.config.ts');
  if (!existsSync(join(repoRoot, config))) {
    log(`Warning: ${config} does not exist yet: serving web/dist as it is`);
    return 'skipped';
  }
  if (!webBuildIsStale(repoRoot)) return 'fresh';
  log('Building the web app (web/dist is missing or older than its sources)...');
  const result = spawnSync('npx', ['vite', 'build', '--config', config], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`The web build failed (npx vite build --config ${config} exited with ${result.status ?? result.signal})`);
  return 'built';
}
