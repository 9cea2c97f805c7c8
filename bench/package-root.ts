import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The nearest folder at or above `from` holding a package.json: the checkout, whether the bench runs from
 * `bench/` (vitest) or `dist/bench/` (npm run bench). Local on purpose: bench/ does not import src/.
 */
export function findPackageRoot(
  from: string = dirname(fileURLToPath(import.meta.url)),
  exists: (path: string) => boolean = existsSync,
): string {
  let dir = from;
  while (!exists(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json at or above ${from}`);
    dir = parent;
  }
  return dir;
}
