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

export default defineConfig(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'reports/**', 'src/spec/openapi-types.gen.ts'] },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [js.configs.recommended],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: nodeGlobals },
  },
  {
    files: ['**/*.ts'],
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // JSON bodies from the wire are unknown by nature; narrowing happens through ajv validators.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
    },
  },
);
