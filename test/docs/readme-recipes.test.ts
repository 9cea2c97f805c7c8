import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../src/index.js';
import { packageRoot } from '../../src/package-root.js';
import { readmeBlocks, shellCommands, type CodeBlock } from './readme-blocks.js';
import { BAD_LINE, KIT_BLOCKS, LOCK_LINE, PLAYWRIGHT_FILES, SERVER_BLOCKS } from './recipe-blocks.js';
import { runNodeScript } from './recipe-shell.js';

// The README's recipes for front-end teams and QA, run as written against a mock on a free port (the one
// change: the README's http://127.0.0.1:4010 becomes that mock's address), in README order, so a recipe
// that stops working fails here. The blocks the other files of this folder run are listed below; a new block
// must be run here or there, so none is forgotten.

const run = promisify(execFile);
const README = readFileSync(join(packageRoot(), 'README.md'), 'utf8');
const blocks = readmeBlocks(README, ['For front-end teams', 'For QA and CI']);
const DOCUMENTED = 'http://127.0.0.1:4010';

/**
 * Blocks (by their first line) run by the other test files of this folder: the ones that start a mock of their
 * own, the kit's and the CI's, and the Playwright recipe.
 */
const RUN_ELSEWHERE: readonly string[] = [
  ...SERVER_BLOCKS,
  LOCK_LINE,
  BAD_LINE,
  ...Object.values(KIT_BLOCKS),
  ...PLAYWRIGHT_FILES.map((file) => `// ${file}`),
];

/** Blocks run as vitest suites of their own (by their first line): `subcat` is this checkout's src/index.ts. */
const VITEST_SUITES = ["import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';"];

const firstLine = (block: CodeBlock) => block.code.split('\n')[0] ?? '';
const isCurlBlock = (block: CodeBlock) =>
  block.lang === 'sh' && shellCommands(block.code).some((command) => command.startsWith('curl '));

let mock: RunningMock;
let scratch = '';

beforeAll(async () => {
  mock = await startMock({ port: 0 });
  scratch = mkdtempSync(join(tmpdir(), 'subcat-recipes-'));
});

afterAll(async () => {
  await mock.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe("the README's front-end and QA recipes", () => {
  it('are each run, here or by another test file of this folder', () => {
    const unaccounted = blocks
      .filter(
        (block) =>
          !isCurlBlock(block) &&
          !RUN_ELSEWHERE.some((line) => firstLine(block).startsWith(line)) &&
          !VITEST_SUITES.includes(firstLine(block)),
      )
      .map((block) => `README.md:${block.line} ${firstLine(block)}`);
    expect(unaccounted).toEqual([]);
    const stale = RUN_ELSEWHERE.filter((line) => !blocks.some((block) => firstLine(block).startsWith(line)));
    expect(stale).toEqual([]);
  });

  it('run every curl command as written, in README order, each answering within 5 s', async () => {
    const commands = blocks.filter(isCurlBlock).flatMap((block) =>
      shellCommands(block.code)
        .filter((line) => line.startsWith('curl '))
        .map((command) => ({ block, command, live: / -N /.test(command) })),
    );
    // One shell runs them all in order, each printing `index exit` (one process, not one per command). A live
    // stream (-N) never ends by itself: it passes when it is still open at its 2 s limit, and waits in the
    // background while the commands after it run.
    const script = commands
      .map(({ command, live }, index) => {
        // Braces, so a trailing `# comment` of the README ends before the redirections.
        const line = `{ timeout ${live ? 2 : 5} ${command.replaceAll(DOCUMENTED, mock.url)}\n} >/dev/null 2>&1 </dev/null; echo "${index} $?"`;
        return live ? `( ${line} ) &` : line;
      })
      .join('\n');
    const { stdout } = await run('bash', ['-c', `${script}\nwait`], { cwd: scratch });
    const exits = new Map(
      [...stdout.matchAll(/^(\d+) (\d+)$/gm)].map((match) => [Number(match[1]), Number(match[2])] as const),
    );
    const ran = exits.size;
    const failed = commands.flatMap(({ block, command, live }, index) => {
      const exit = exits.get(index);
      return exit === 0 || (live && exit === 124) ? [] : [`README.md:${block.line} exit ${exit}: ${command}`];
    });
    expect(failed).toEqual([]);
    expect(ran).toBeGreaterThanOrEqual(35);
    const serverErrors = [...mock.requests(), ...mock.session('worker-1').requests()].filter(
      (entry) => entry.status >= 500 && entry.fault === null,
    );
    expect(serverErrors.map((entry) => `${entry.method} ${entry.url} ${entry.status}`)).toEqual([]);
  }, 120_000);

  it.each(VITEST_SUITES)(
    'run the vitest suite as written: %s',
    async (line) => {
      const block = blocks.find((candidate) => firstLine(candidate) === line);
      expect(block, line).toBeDefined();
      // Under node_modules, so the suite resolves vitest from this checkout and no lint or test glob sees it.
      const root = packageRoot();
      const parent = join(root, 'node_modules', '.cache', 'subcat-recipes');
      mkdirSync(parent, { recursive: true });
      const suite = mkdtempSync(join(parent, 'vitest-'));
      try {
        writeFileSync(join(suite, 'recipe.test.ts'), block?.code ?? '');
        const config = {
          resolve: { alias: { subcat: join(root, 'src', 'index.ts') } },
          test: { include: ['recipe.test.ts'], exclude: [], watch: false },
        };
        writeFileSync(join(suite, 'vitest.config.mjs'), `export default ${JSON.stringify(config)};\n`);
        const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
        const result = await runNodeScript([vitest, 'run', '--config', 'vitest.config.mjs'], {
          cwd: suite,
        });
        expect(result.exit, result.output).toBe(0);
        expect(result.output).toMatch(/Tests\s+2 passed \(2\)/);
      } finally {
        rmSync(suite, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
