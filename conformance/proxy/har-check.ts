import { parseArgs as parseTokens } from 'node:util';
import { parseHeader, parseReport, type KitOptions } from '../args.js';
import { secretValues } from '../secrets.js';
import { ExchangeLog } from './exchange-log.js';
import { readHar } from './har.js';
import { createJudge, operationOf } from './judge.js';
import { finishRun } from './proxy-cli.js';

export const HAR_USAGE = `Usage: subcat check --har FILE [--report FORMAT=FILE]... [--strict] [--header 'Name: value']...

Judges a recorded run (HAR 1.2, e.g. written by subcat proxy --record, or exported from a browser) with the
rules the proxy applies to live traffic; no request is sent. --header names values to redact from the
reports. Exit codes: 0 no contract rule broken, 1 one was, 2 usage error or unreadable file.`;

/** `subcat check --har FILE`: the proxy's judgement of a recorded run; resolves with the exit code. */
export async function harMain(
  argv: readonly string[],
  io: { stdout: (text: string) => void; stderr: (text: string) => void },
): Promise<number> {
  const { values, positionals } = parseTokens({
    args: [...argv],
    options: {
      har: { type: 'string' },
      report: { type: 'string', multiple: true },
      header: { type: 'string', multiple: true },
      strict: { type: 'boolean' },
    },
    strict: false,
    allowPositionals: true,
  });
  const unknown = Object.keys(values).filter((name) => !['har', 'report', 'header', 'strict'].includes(name));
  const fail = (message: string) => {
    io.stderr(`subcat check: ${message}\n\n${HAR_USAGE}\n`);
    return 2;
  };
  if (positionals.length > 0 || unknown.length > 0)
    return fail(
      `--har takes only --report, --header and --strict (got ${[...unknown.map((n) => `--${n}`), ...positionals].join(' ')})`,
    );
  const file = values.har;
  if (typeof file !== 'string' || file === '') return fail('--har needs a file');
  const reports: KitOptions['reports'] = [];
  for (const raw of (values.report ?? []) as string[]) {
    const report = parseReport(raw);
    if (typeof report === 'string') return fail(report);
    reports.push(report);
  }
  const headers: Array<[string, string]> = [];
  for (const raw of (values.header ?? []) as string[]) {
    const header = parseHeader(raw);
    if (typeof header === 'string') return fail(header);
    headers.push(header);
  }
  let recorded;
  try {
    recorded = await readHar(file);
  } catch (error) {
    return fail(`cannot read --har ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const strict = values.strict === true;
  const { judge, checks, close } = createJudge({
    secretHeaders: headers.map(([name]) => name),
    secretValues: secretValues(headers),
    strict,
  });
  const log = new ExchangeLog(checks);
  const basePath = recorded.upstream === undefined ? undefined : new URL(recorded.upstream).pathname;
  for (const exchange of recorded.exchanges) {
    let path: string;
    try {
      path = new URL(exchange.request.url).pathname;
    } catch {
      continue;
    }
    const operation = operationOf(exchange.request.method, path, basePath);
    if (operation !== undefined) exchange.operation = operation;
    log.add(exchange, judge(exchange));
  }
  await close();
  const summary = log.summary({ baseUrl: recorded.upstream ?? file, seed: 0, strict, readOnly: true });
  return finishRun(summary, reports, io.stdout);
}
