import { headersAndReports, readFlags } from '../args.js';
import { secretValues } from '../secrets.js';
import { ExchangeLog } from './exchange-log.js';
import { readHar } from './har.js';
import { operationOf } from '../oracles/exchange-rules.js';
import { createJudge } from './judge.js';
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
  const fail = (message: string) => {
    io.stderr(`subcat check: ${message}\n\n${HAR_USAGE}\n`);
    return 2;
  };
  const flags = readFlags(argv, ['har', 'report', 'header'], ['strict']);
  if ('error' in flags) return fail(`${flags.error} (--har takes only --report, --header and --strict)`);
  const file = flags.values.get('--har')?.[0];
  if (file === undefined || file === '') return fail('--har needs a file');
  const repeated = headersAndReports(flags.values);
  if (typeof repeated === 'string') return fail(repeated);
  const { headers, reports } = repeated;
  let recorded;
  try {
    recorded = await readHar(file);
  } catch (error) {
    return fail(`cannot read --har ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const strict = flags.booleans.has('--strict');
  // Paths are read under the recorded upstream's path; a HAR from elsewhere is read from the root.
  const upstream = recorded.upstream ?? 'http://recorded.invalid';
  const basePath = new URL(upstream).pathname;
  const { judge, checks, close } = createJudge({
    secretHeaders: headers.map(([name]) => name),
    secretValues: secretValues(headers),
    strict,
    upstream,
  });
  const log = new ExchangeLog(checks);
  for (const exchange of recorded.exchanges) {
    const operation = operationOf(exchange.request.method, exchange.request.url, basePath);
    if (operation !== undefined) exchange.operation = operation;
    log.add(exchange, judge(exchange));
  }
  await close();
  const summary = log.summary({ baseUrl: recorded.upstream ?? file, seed: 0, strict, readOnly: true });
  return finishRun(summary, reports, io.stdout);
}
