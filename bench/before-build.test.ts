import { describe, expect, it } from 'vitest';
import { beforeBuildPlan } from './before-build.js';

const plans = [
  {
    name: 'the same lockfile borrows node_modules and runs the build script',
    lockfileSame: true,
    buildScript: 'tsc -p tsconfig.build.json && node dist/src/spec/write-spec-cache.js',
    plan: [
      { kind: 'link-node-modules' },
      { kind: 'run', command: 'npm', args: ['run', 'build', '--silent'] },
    ],
  },
  {
    name: 'another lockfile installs its own dependencies first',
    lockfileSame: false,
    buildScript: 'tsc -p tsconfig.build.json',
    plan: [
      { kind: 'run', command: 'npm', args: ['ci', '--no-audit', '--no-fund'] },
      { kind: 'run', command: 'npm', args: ['run', 'build', '--silent'] },
    ],
  },
  {
    name: 'a commit without a build script is compiled with its tsconfig.build.json',
    lockfileSame: true,
    buildScript: undefined,
    plan: [
      { kind: 'link-node-modules' },
      { kind: 'run', command: 'npx', args: ['tsc', '-p', 'tsconfig.build.json'] },
    ],
  },
];

describe('beforeBuildPlan', () => {
  it.each(plans)('$name', ({ lockfileSame, buildScript, plan }) => {
    expect(beforeBuildPlan(lockfileSame, buildScript)).toEqual(plan);
  });
});
