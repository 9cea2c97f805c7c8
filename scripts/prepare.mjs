// npm's `prepare`: runs on `npm ci` / `npm install` in a checkout, and when npm installs this repository as a git
// dependency (it installs the clone's dev dependencies, runs `prepare`, then packs the clone). In a checkout it is
// the quick build `npm start` uses (seconds); for a git dependency it is the full build, whose declarations a
// TypeScript project needs. npm marks a git dependency's preparation with these variables (pacote).
import { execFileSync } from 'node:child_process';

const forDependency =
  process.env.npm_package_resolved !== undefined || process.env._PACOTE_NO_PREPARE_ !== undefined;
if (forDependency) {
  execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build', '--silent'], {
    stdio: 'inherit',
  });
} else {
  await import('./build-if-stale.mjs');
}
