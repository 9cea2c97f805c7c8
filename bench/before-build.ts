import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type BuildStep = { kind: 'link-node-modules' } | { kind: 'run'; command: string; args: string[] };

/**
 * What building another commit takes: this checkout's node_modules when the lockfiles are identical (an
 * install would give the same tree), else its own `npm ci`; then its own build script, or the bare compile
 * when it has none.
 */
export function beforeBuildPlan(lockfileSame: boolean, buildScript: string | undefined): BuildStep[] {
  return [
    lockfileSame
      ? { kind: 'link-node-modules' }
      : { kind: 'run', command: 'npm', args: ['ci', '--no-audit', '--no-fund'] },
    buildScript === undefined
      ? { kind: 'run', command: 'npx', args: ['tsc', '-p', 'tsconfig.build.json'] }
      : { kind: 'run', command: 'npm', args: ['run', 'build', '--silent'] },
  ];
}

/** A commit built in a temporary git worktree; `remove()` deletes it (idempotent, never throws). */
export interface BeforeBuild {
  ref: string;
  commit: string;
  /** The worktree: its package root. */
  root: string;
  remove(): void;
}

function run(command: string, args: readonly string[], cwd: string): string {
  try {
    return execFileSync(command, args, {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 64 * 1024 * 1024,
    }).trim();
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    const tail = `${stdout ?? ''}${stderr ?? ''}`.trim().slice(-2000);
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${tail}`, { cause: error });
  }
}

/** `git rev-parse --short HEAD` of the checkout, and whether it has changes not committed. */
export function describeCheckout(root: string): string {
  try {
    const head = run('git', ['rev-parse', '--short', 'HEAD'], root);
    const dirty = run('git', ['status', '--porcelain'], root) !== '';
    return `this checkout (${head}${dirty ? ' with uncommitted changes' : ''})`;
  } catch {
    return 'this checkout';
  }
}

/**
 * Checks out `ref` into a temporary worktree beside this checkout's repository and builds it there. On any
 * failure the worktree is removed before the error is thrown.
 */
export function buildBefore(root: string, ref: string, log: (line: string) => void): BeforeBuild {
  const commit = run('git', ['rev-parse', '--verify', `${ref}^{commit}`], root);
  const dir = mkdtempSync(join(tmpdir(), 'subcat-before-'));
  const tree = join(dir, 'tree');
  let added = false;
  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    // Unlinked first, so nothing that removes the worktree can reach through it into our node_modules.
    try {
      if (lstatSync(join(tree, 'node_modules')).isSymbolicLink()) unlinkSync(join(tree, 'node_modules'));
    } catch {
      // No link: nothing to unlink.
    }
    if (added) {
      try {
        run('git', ['worktree', 'remove', '--force', tree], root);
      } catch (error) {
        log(
          `could not remove the worktree ${tree} (git worktree prune clears it): ${(error as Error).message}`,
        );
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    log(`before: checking out ${ref} (${commit.slice(0, 12)}) into ${tree}`);
    run('git', ['worktree', 'add', '--detach', tree, commit], root);
    added = true;
    const theirLock = run('git', ['show', `${commit}:package-lock.json`], root);
    const ourLock = readFileSync(join(root, 'package-lock.json'), 'utf8').trim();
    const manifest = JSON.parse(readFileSync(join(tree, 'package.json'), 'utf8')) as {
      scripts?: Record<string, string>;
    };
    for (const step of beforeBuildPlan(theirLock === ourLock, manifest.scripts?.['build'])) {
      if (step.kind === 'link-node-modules') {
        log("before: same package-lock.json, linking this checkout's node_modules");
        symlinkSync(join(root, 'node_modules'), join(tree, 'node_modules'), 'dir');
      } else {
        log(`before: ${step.command} ${step.args.join(' ')}`);
        run(step.command, step.args, tree);
      }
    }
    if (!existsSync(join(tree, 'dist', 'src', 'cli.js')))
      throw new Error(`the build of ${ref} wrote no dist/src/cli.js`);
    return { ref, commit, root: tree, remove };
  } catch (error) {
    remove();
    throw error;
  }
}
