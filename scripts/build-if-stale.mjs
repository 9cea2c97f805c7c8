// `npm start` / `npm run mock` / `npm run check` (and `npm ci`, through `prepare`): the quick build
// (scripts/transpile.mjs, no type-check) only when a source is newer than the last build, so a warm start pays
// for no compiler and a fresh clone transpiles once. Type-checking is `npm test`'s; `npm run build` is the full one.
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const stamp = join(root, 'dist', '.build-stamp');
// What the build reads: the sources it compiles, the documents it caches, and its own configuration.
const INPUTS = [
  'src',
  'conformance',
  'spec',
  'scripts/transpile.mjs',
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
  await import('./transpile.mjs');
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
}
