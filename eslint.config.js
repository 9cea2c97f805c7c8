// Lint: plain recommended rules everywhere; type-aware typescript-eslint rules only for TypeScript (they need tsconfig).
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

// The Node globals our .js/.mjs scripts use (the `globals` package is not a dependency; the list is short).
const nodeGlobals = Object.fromEntries(
  [
    'process',
    'console',
    'Buffer',
    'URL',
    'URLSearchParams',
    'setTimeout',
    'clearTimeout',
    'setInterval',
    'clearInterval',
    'setImmediate',
    'structuredClone',
    'fetch',
    'AbortController',
    'TextEncoder',
    'TextDecoder',
  ].map((name) => [name, 'readonly']),
);

/** Import patterns of the given src/ folders, refused with the reason. */
function restricted(folders) {
  return folders.map((folder) => ({
    group: [`**/${folder}/**`, `../${folder}/*`, `../../${folder}/*`],
    message: `this layer does not import ${folder}/: data flows http -> resources -> store, seed -> store (design.md)`,
  }));
}

export default defineConfig(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'reports/**', 'src/**/*.gen.ts'] },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [js.configs.recommended],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: nodeGlobals },
  },
  {
    // The inspector's page runs in the browser (issue 14): its globals, for its folder only.
    files: ['src/inspector/**/*.js'],
    languageOptions: {
      globals: Object.fromEntries(
        [
          'window',
          'document',
          'location',
          'history',
          'navigator',
          'sessionStorage',
          'performance',
          'EventSource',
          'CSS',
        ].map((name) => [name, 'readonly']),
      ),
    },
  },
  {
    files: ['**/*.ts'],
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Tests read JSON answers freely; the code itself narrows what it reads (ajv, the generated types).
    files: ['**/*.test.ts', 'test/**/*.ts', 'conformance/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
    },
  },
  {
    // The layers of design.md, one way: http -> resources -> store, seed -> store; the kit shares only spec/.
    files: ['src/store/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: restricted(['http', 'resources', 'seed', 'admin']) }],
    },
  },
  {
    files: ['src/resources/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: restricted(['http', 'seed', 'admin']) }] },
  },
  {
    files: ['src/seed/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: restricted(['http', 'resources', 'admin']) }] },
  },
  {
    files: ['src/vendor/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: restricted(['http', 'resources', 'store', 'seed', 'admin']) },
      ],
    },
  },
  {
    files: ['src/http/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: restricted(['seed', 'admin']) }] },
  },
  {
    files: ['conformance/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/**'],
              message: 'The kit never imports the mock (design.md): share spec/ only.',
            },
          ],
        },
      ],
    },
  },
);
