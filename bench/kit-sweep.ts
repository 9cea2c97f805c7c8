import { EventEmitter } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../conformance/cli.js';
import { startMock } from '../src/index.js';

/** One run of the sweep: its concurrency, seed and what the kit found. */
export interface SweepRow {
  concurrency: number;
  seed: number;
  code: number;
  failed: number;
  warned: number;
  inconclusive: number;
  seconds: number;
}

/**
 * Issue 27's target against the mock: 0 failures, 0 warnings, 0 inconclusive at every --concurrency and seed. Each
 * run gets a fresh mock (a run writes), the kit in this process.
 * @example const rows = await runSweep([1, 32], [1, 2]);
 */
export async function runSweep(
  concurrencies: readonly number[],
  seeds: readonly number[],
): Promise<SweepRow[]> {
  const dir = await mkdtemp(join(tmpdir(), 'subcat-kit-sweep-'));
  const rows: SweepRow[] = [];
  try {
    for (const concurrency of concurrencies) {
      for (const seed of seeds) {
        const mock = await startMock({ port: 0, host: '127.0.0.1', logLevel: 'silent' });
        const file = join(dir, 'kit.json');
        const started = Date.now();
        try {
          const code = await main(
            [
              '--base-url',
              mock.url,
              '--seed',
              String(seed),
              '--concurrency',
              String(concurrency),
              '--report',
              `json=${file}`,
            ],
            { stdout: () => undefined, stderr: () => undefined, signals: new EventEmitter() },
          );
          const { summary } = JSON.parse(await readFile(file, 'utf8')) as { summary: Record<string, number> };
          rows.push({
            concurrency,
            seed,
            code,
            failed: summary.failed ?? 0,
            warned: summary.warned ?? 0,
            inconclusive: summary.inconclusive ?? 0,
            seconds: (Date.now() - started) / 1000,
          });
        } finally {
          await mock.close();
        }
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return rows;
}

/** `--concurrency 1,2,4` and `--seeds 1,2` after `--sweep` (defaults: every concurrency 1..32, seeds 1..5). */
export function parseSweepArgs(
  argv: readonly string[],
): { concurrencies: number[]; seeds: number[] } | string {
  const list = (text: string | undefined) => (text ?? '').split(',').map(Number);
  let concurrencies = Array.from({ length: 32 }, (_, i) => i + 1);
  let seeds = [1, 2, 3, 4, 5];
  for (let i = 0; i < argv.length; i += 2) {
    const values = list(argv[i + 1]);
    if (values.length === 0 || values.some((n) => !Number.isInteger(n) || n < 0))
      return `${argv[i]} needs numbers`;
    if (argv[i] === '--concurrency') concurrencies = values;
    else if (argv[i] === '--seeds') seeds = values;
    else return `unknown option ${argv[i]} (bench:kit --sweep takes --concurrency LIST and --seeds LIST)`;
  }
  return { concurrencies, seeds };
}

/** The sweep as a Markdown table, and whether every run was clean. */
export function formatSweep(rows: readonly SweepRow[]): { text: string; clean: boolean } {
  const lines = [
    '| concurrency | seed | exit | failed | warned | inconclusive | s |',
    '|--:|--:|--:|--:|--:|--:|--:|',
  ];
  for (const row of rows)
    lines.push(
      `| ${row.concurrency} | ${row.seed} | ${row.code} | ${row.failed} | ${row.warned} | ${row.inconclusive} | ${row.seconds.toFixed(1)} |`,
    );
  const clean = rows.filter(
    (row) => row.code === 0 && row.failed + row.warned + row.inconclusive === 0,
  ).length;
  lines.push('', `${clean} of ${rows.length} runs clean (0 failed, 0 warned, 0 inconclusive, exit 0)`);
  return { text: `${lines.join('\n')}\n`, clean: clean === rows.length };
}
