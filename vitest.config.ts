import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      'conformance/**/*.test.ts',
      'spec/**/*.test.ts',
      'test/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    // Servers and seeded stores are CPU-bound; two workers match the 2-core CI machine.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
