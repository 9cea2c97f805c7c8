import { defineConfig } from 'vitest/config';
import { LongFirstSequencer } from './test/support/long-first-sequencer.js';

export default defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      'conformance/**/*.test.ts',
      'spec/**/*.test.ts',
      'test/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    // A git install takes about 5 minutes: `npm run test:git-install` runs it (SUBCAT_SLOW=1), npm test does not.
    exclude:
      process.env.SUBCAT_SLOW === '1' ? ['**/node_modules/**'] : ['**/node_modules/**', '**/*.slow.test.ts'],
    // Servers and seeded stores are CPU-bound; two workers match the 2-core CI machine.
    pool: 'forks',
    maxWorkers: 2,
    // Files in one worker share loaded modules instead of re-importing the tree for each (about half the wall
    // time). Safe because the mock holds no module-level state it writes (each startMock owns its store and
    // caches; the last seed's records, shared, are read-only) and the two files that fake timers restore them
    // in afterEach.
    isolate: false,
    // The files that start servers, processes or a browser first, so no long one starts last (the sequencer).
    sequence: { sequencer: LongFirstSequencer },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // On CI a JSON summary is kept too, so .ci/run can print one plain "N passed, N failed" line.
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'reports/vitest.json' }]] : ['default'],
  },
});
