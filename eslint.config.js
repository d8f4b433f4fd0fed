import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** `import { z } from 'zod'` pulls all of zod into a bundle; the namespace import tree-shakes (444 KiB → 95 KiB). */
const zodNamedImport = {
  selector: "ImportDeclaration[source.value='zod'][importKind!='type'] > ImportSpecifier[imported.name='z']",
  message: "Use `import * as z from 'zod'`: it tree-shakes, the z export does not.",
};
const restrict = (...patterns) => ['error', { patterns }];
/** The package root re-exports every component: importing it defeats tree-shaking. */
const cloudscapeRoot = { name: '@cloudscape-design/components', message: 'Import Cloudscape components one by one (@cloudscape-design/components/button) to keep bundles small.' };
const restrictWeb = (...patterns) => ['error', { paths: [cloudscapeRoot], patterns }];

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
      'no-restricted-imports': restrict({ group: ['../../*'], message: 'Use a package.json#imports alias (#shared/, #lib/, #functions/, #infra/) instead of climbing directories.' }),
    },
  },
  {
    // Lambda code never reaches into the SPA, the CDK app or the local stand-ins.
    files: ['functions/**', 'shared/**'],
    rules: {
      'no-restricted-imports': restrict(
          { group: ['../../*'], message: 'Use a package.json#imports alias instead of climbing directories.' },
          { group: ['#infra/aws/*', '#infra/local/*', '**/web/**', 'aws-cdk-lib', 'aws-cdk-lib/*'], message: 'functions/ and shared/ must not depend on infra or web code.' }
      ),
    },
  },
  {
    files: ['shared/**'],
    rules: {
      'no-restricted-imports': restrict(
{ group: ['#lib/*', '#functions/*', '#infra/*', '@aws-sdk/*', 'node:*', 'react', 'react-dom'], message: 'shared/ is imported by the browser and the functions: keep it free of runtime-specific code.' }
      ),
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': restrictWeb(
          { group: ['#lib/*', '#functions/*', '#infra/*', '@aws-sdk/*'], message: 'The SPA talks to the API through web/src/lib/api-client.ts only.' },
      ),
    },
  },
  {
    // Features never import each other (bulletproof-react's one-way rule): share through web/src/lib or web/src/components.
    files: ['web/src/features/**'],
    rules: {
      'no-restricted-imports': restrictWeb(
          { group: ['#lib/*', '#functions/*', '#infra/*', '@aws-sdk/*'], message: 'The SPA talks to the API through web/src/lib/api-client.ts only.' },
          { group: ['@/features/*', '../../features/*', '../../../features/*'], message: 'A feature does not import another feature: share through web/src/lib or web/src/components.' }
      ),
    },
  },
);
