import { defineConfig } from 'vitest/config';

// `npm run test:unit`: the tests that start no server, spawn no process and run no long measurement (the
// e2e, browser, package and consumer tests, the bench's servers and probes and the heap test are left to
// `npm test`, which runs vitest.config.ts).
export default defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      'conformance/**/*.test.ts',
      'bench/**/*.test.ts',
      'test/architecture/**/*.test.ts',
    ],
    exclude: [
      'bench/probes/**',
      'bench/bench-runner.test.ts',
      'bench/ceiling-server.test.ts',
      'bench/kit-bench.test.ts',
      'conformance/client.test.ts',
      'conformance/detached-slice.test.ts',
      'src/contract/openapi-types.test.ts',
    ],
    pool: 'forks',
    maxWorkers: 2,
    isolate: false,
  },
});
