import { closeSync, fsyncSync, openSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** Words for a file system error, without the path it names (which may be a temporary file's). */
const REASONS: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is used up',
  EISDIR: 'it is a folder',
  ENAMETOOLONG: 'its name is too long',
  ELOOP: 'its path has a loop of links',
};
const PLACE_FIX = 'check the path and its permissions, or give another --state-file';

/** What keeps `path` from being a state file (a folder, a missing folder, a device), with the fix. */
export function placeProblem(path: string): { problem: string; fix: string } | undefined {
  const stat = statOf(path);
  if (typeof stat === 'string') return { problem: `cannot be read (${stat})`, fix: PLACE_FIX };
  if (stat?.isDirectory())
    return {
      problem: 'is a folder, not a file',
      fix: `give the path of a file, such as ${join(path, 'state.jsonl')}`,
    };
  if (stat !== undefined)
    return stat.isFile()
      ? undefined
      : {
          problem: 'is not a regular file (a device, pipe or socket)',
          fix: 'give the path of a file, such as state.jsonl',
        };
  const folder = dirname(resolve(path));
  const parent = statOf(folder);
  if (typeof parent === 'string') return { problem: `cannot be made (${parent})`, fix: PLACE_FIX };
  if (parent?.isDirectory()) return undefined;
  return {
    problem: `is in a folder that does not exist (${folder})`,
    fix: 'create the folder first, or give a path in a folder that exists',
  };
}

/** The code of a file system error (`ENOENT`...), undefined for anything else thrown. */
export function errnoCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

export function thrownMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The reason of a file system error in words, e.g. `permission denied, EACCES`. */
export function fsProblem(error: unknown): string {
  const code = errnoCode(error);
  if (code === undefined) return thrownMessage(error);
  return REASONS[code] === undefined ? code : `${REASONS[code]}, ${code}`;
}

/** Syncs the folder of `path`, so that a rename in it survives a power cut, where the system allows it. */
export function syncFolder(path: string): void {
  let fd;
  try {
    fd = openSync(dirname(path), 'r');
    fsyncSync(fd);
  } catch {
    // Windows cannot open a folder, and some file systems refuse to sync one: the rename stands regardless.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function statOf(path: string): ReturnType<typeof statSync> | string | undefined {
  try {
    return statSync(path);
  } catch (error) {
    const code = errnoCode(error);
    return code === 'ENOENT' || code === 'ENOTDIR' ? undefined : fsProblem(error);
  }
}
