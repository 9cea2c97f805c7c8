// `npm start` / `npm run mock` / `npm run check`: builds only when a source is newer than the last build, so a
// warm start pays for no compiler (about 5 s saved), and a fresh clone builds once.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const stamp = join(root, 'dist', '.build-stamp');
// What the build reads: the sources it compiles, the documents it caches, and its own configuration.
const INPUTS = [
  'src',
  'conformance',
  'bench',
  'spec',
  'tsconfig.json',
  'tsconfig.build.json',
  'package.json',
  'package-lock.json',
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const changed = Math.max(...INPUTS.map((input) => newest(join(root, input))));
if (changed > built) {
  execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build', '--silent'], {
    cwd: root,
    stdio: 'inherit',
  });
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
}
