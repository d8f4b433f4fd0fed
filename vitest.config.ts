import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * One vitest run, these projects: pure unit tests beside the code, integration tests through the
 * local adapter against the real stand-ins (started once per run), the local stack's own tests,
 * infra tests that synthesize every environment, and the S3 code against moto's Object Lock.
 */
export default defineConfig({
  test: {
    // Two files at a time: vitest's default on a 2-core machine is one, and the integration files
    // spend most of their time waiting on the stand-ins (DynamoDB Local, the adapter), not on a core.
    maxWorkers: 2,
    projects: [
      {
        // The SPA's aliases (web/vite.config.ts), so web unit tests can import @shared/ and @/ like the app.
        resolve: { alias: { '@shared': fileURLToPath(new URL('./shared', import.meta.url)), '@': fileURLToPath(new URL('./web/src', import.meta.url)) } },
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'functions/**/*.test.ts', 'tests/unit/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}', 'web/build/**/*.test.ts'],
          environment: 'node',
          // Files share a worker's modules instead of importing them again each (pure functions; the
          // few AWS client mocks restore themselves): measured 49 s against 16 s, 51 against 20 s of CPU.
          isolate: false,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/integration/support/global-setup.ts'],
          setupFiles: ['tests/integration/support/setup-env.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Run alone (`npm run test:scale`): one local stack per process, and these write tens of
        // thousands of items the other integration tests should not wade through.
        test: {
          name: 'scale',
          include: ['tests/scale/**/*.test.ts'],
          globalSetup: ['tests/integration/support/global-setup.ts'],
          setupFiles: ['tests/integration/support/setup-env.ts'],
          testTimeout: 600_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The stacks these start (in process and as `npm start`) hash the demo passwords at scrypt 2^10 (functions/lib/table-design.ts).
        test: { name: 'local', include: ['tests/local/**/*.test.ts'], env: { PASSWORD_HASH_COST: '10' }, testTimeout: 60_000, hookTimeout: 120_000, fileParallelism: false },
      },
      {
        test: { name: 'infra', include: ['tests/infra/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 300_000 },
      },
      {
        // The product's S3 code against moto_server's versioning and Object Lock (`npm run test:moto`):
        // one moto and the files bucket from the synthesized storage stack, made once per run.
        test: {
          name: 'moto',
          include: ['tests/moto/**/*.test.ts'],
          globalSetup: ['tests/moto/support/global-setup.ts'],
          setupFiles: ['tests/moto/support/setup-env.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
