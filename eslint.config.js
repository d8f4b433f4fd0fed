import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** `import { z } from 'zod/mini'` pulls all of zod into a bundle (locales included); the namespace import tree-shakes. */
const zodNamedImport = {
  selector: "ImportDeclaration[source.value=/^zod(\\/mini)?$/][importKind!='type'] > ImportSpecifier[imported.name='z']",
  message: "Use `import * as z from 'zod/mini'`: it tree-shakes, the z export does not.",
};
/**
 * Code bundled into a Lambda or the SPA uses zod/mini: classic zod's chainable methods defeat tree-shaking
 * (about 95 KiB of each Lambda bundle, against ~30 KiB of zod/mini; tests/bench/lambda-bundles.ts).
 */
const classicZod = { regex: '^zod(/v4(/classic)?|/v3)?$', message: "Use `import * as z from 'zod/mini'` (the functional API tree-shakes; classic zod does not)." };
const restrict = (...patterns) => ['error', { patterns }];
/** The package root re-exports every component: importing it defeats tree-shaking. */
const cloudscapeRoot = { name: '@cloudscape-design/components', message: 'Import Cloudscape components one by one (@cloudscape-design/components/button) to keep bundles small.' };
/** Every dialog is components/app-modal.tsx: Cloudscape's Modal with focus on the first field and back on the opener (docs/architecture.md "Accessibility"). */
const cloudscapeModal = { name: '@cloudscape-design/components/modal', importNames: ['default'], message: "Use @/components/app-modal.tsx (Cloudscape's Modal with the app's focus rules)." };
const restrictWeb = (...patterns) => ['error', { paths: [cloudscapeRoot, cloudscapeModal], patterns }];

/** Import rules of one layer of functions/ (tests may reach across, e.g. to call a group's handler). */
const layer = (files, ignores, forbidden, message, ...more) => ({
  files,
  ignores: [...ignores, '**/*.test.ts'],
  rules: {
    'no-restricted-imports': restrict(
        { group: ['../../*'], message: 'Use a package.json#imports alias instead of climbing directories.' },
        { regex: forbidden, message },
        { regex: '^#infra/', message: 'Runtime code never imports infra/ (the table contract is functions/lib/table-design.ts).' },
        { group: ['**/web/**', 'aws-cdk-lib', 'aws-cdk-lib/*'], message: 'Runtime code never imports web/ or the CDK.' },
        classicZod,
        ...more,
    ),
  },
});
/**
 * Whether a caller reaches a drive entry is decided in one place (functions/domain/drive/reach.ts):
 * the operations of the drive's groups never read entries, folders or paths themselves.
 */
const driveItemReads = {
  regex: '^#data/drive-items\\.ts$',
  importNames: ['getItem', 'getItems', 'listChildren', 'folderPath', 'folderPaths'],
  message: 'Read drive entries for a caller through #domain/drive/reach.ts (the one reach rule), never directly.',
};
const driveGroups = ['functions/drive/**', 'functions/shares/**', 'functions/previews/**', 'functions/drive-jobs/**', 'functions/storage-events/**'];

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'cdk.out', '.local', 'web/dist', 'tests/infra/.cdk.out', 'test-results', 'playwright-report', 'tests/e2e/.artifacts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', zodNamedImport],
      'no-restricted-imports': restrict({ group: ['../../*'], message: 'Use a package.json#imports alias (#shared/, #lib/, #data/, #domain/, #functions/, #infra/) instead of climbing directories.' }),
    },
  },
  {
    // Lambda code never reaches into the SPA, the CDK app or the local stand-ins.
    files: ['functions/**', 'shared/**'],
    rules: {
      'no-restricted-imports': restrict(
          { group: ['../../*'], message: 'Use a package.json#imports alias instead of climbing directories.' },
          { group: ['**/web/**', 'aws-cdk-lib', 'aws-cdk-lib/*'], message: 'functions/ and shared/ must not depend on infra or web code.' },
          { regex: '^#(infra/.*)', message: 'functions/ and shared/ must not depend on infra or web code.' },
          classicZod,
      ),
    },
  },
  // One-way layers inside functions/ (docs/architecture.md "Code layout"): a Lambda group imports the
  // kit (#lib), the entity modules (#data), the domain modules (#domain), shared/ and its own folder,
  // never another group; data never imports domain; the data toolkit imports no entity.
  layer(['functions/*/**'], ['functions/lib/**', 'functions/data/**', 'functions/domain/**', ...driveGroups],
      '^#functions/', 'A Lambda group never imports another group: move what both need to functions/data (entities) or functions/domain (shared logic).'),
  layer(driveGroups, [],
      '^#functions/', 'A Lambda group never imports another group: move what both need to functions/data (entities) or functions/domain (shared logic).', driveItemReads),
  layer(['functions/domain/**'], [], '^#(functions/|lib/api-handler\\.ts)', 'Domain modules stand below the Lambda groups and the handler kit.'),
  layer(['functions/data/**'], [], '^#(functions|domain)/|^#lib/api-handler\\.ts', 'Entity modules stand below the domain, the groups and the handler kit.'),
  layer(['functions/lib/**'], [], '^#functions/', 'The kit never imports a Lambda group.'),
  layer(['functions/lib/data/**'], [], '^#(functions|data|domain)/', 'The data toolkit knows no entity: entity modules use it, not the other way round.'),
  {
    files: ['shared/**'],
    rules: {
      'no-restricted-imports': restrict(
{ group: ['@aws-sdk/*', 'node:*', 'react', 'react-dom'], message: 'shared/ is imported by the browser and the functions: keep it free of runtime-specific code.' },
          { regex: '^#(lib|functions|infra|data|domain)/', message: 'shared/ is imported by the browser and the functions: keep it free of runtime-specific code.' },
          classicZod,
      ),
    },
  },
  {
    // Every spec runs under the CSP guard of tests/e2e/fixtures.ts (a violation fails the test).
    files: ['tests/e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: '@playwright/test', importNames: ['test'], message: "Import test and expect from './fixtures.ts': it fails a test on Content-Security-Policy violations." }],
        patterns: [{ group: ['../../*'], message: 'Use a package.json#imports alias instead of climbing directories.' }],
      }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': restrictWeb(
          { group: ['@aws-sdk/*'], message: 'The SPA talks to the API through web/src/lib/api-client.ts only.' },
          { regex: '^#(lib|functions|infra|data|domain)/', message: 'The SPA talks to the API through web/src/lib/api-client.ts only.' },
          classicZod,
      ),
    },
  },
  {
    // Features never import each other (bulletproof-react's one-way rule): share through web/src/lib or web/src/components.
    files: ['web/src/features/**'],
    rules: {
      'no-restricted-imports': restrictWeb(
          { group: ['@aws-sdk/*'], message: 'The SPA talks to the API through web/src/lib/api-client.ts only.' },
          { regex: '^#(lib|functions|infra|data|domain)/', message: 'The SPA talks to the API through web/src/lib/api-client.ts only.' },
          { group: ['@/features/*', '../../features/*', '../../../features/*'], message: 'A feature does not import another feature: share through web/src/lib or web/src/components.' },
          classicZod,
      ),
    },
  },
);
