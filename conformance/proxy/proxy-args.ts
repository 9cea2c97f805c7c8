import {
  DEFAULTS,
  headersAndReports,
  parseBaseUrl,
  parseInteger,
  readFlags,
  type KitOptions,
} from '../args.js';

export interface ProxyArgs {
  upstream: URL;
  credentials: KitOptions['credentials'];
  headers: Array<[string, string]>;
  port: number;
  host: string;
  reports: KitOptions['reports'];
  record: string | undefined;
  strict: boolean;
  maxBodyBytes: number;
  timeoutMs: number;
}

export const DEFAULT_PROXY_PORT = 4011;

export const PROXY_USAGE = `Usage: subcat proxy --upstream URL [options]

Puts the contract between an app and a server: forwards every request to the upstream unchanged and
answers with the upstream's answer unchanged, then judges each exchange of the four operations with the
kit's rules (schema, status and content type, limits, filters, paging, include, catalog rules).

Options:
  --upstream URL          server to forward to; may carry a path (http://host/staging) and credentials
                          (http://user:password@host: sent as Basic auth, redacted everywhere)
  --port N                port to listen on (default ${DEFAULT_PROXY_PORT}; 0 picks a free one)
  --host H                address to listen on (default 127.0.0.1)
  --header 'Name: value'  header sent to the upstream on every request (repeatable); never to another
                          host, and its value is redacted wherever it appears
  --report FORMAT=FILE    on exit, write a report: json=, junit=, html= or markdown=FILE (repeatable)
  --record FILE           write every exchange as HAR 1.2, secrets redacted (judge it again later with
                          subcat check --har FILE)
  --strict                convention breaks count as contract breaks (exit code, reports)
  --max-body-bytes N      bodies held for judging at most (default ${DEFAULTS.maxBodyBytes}); bigger ones still
                          stream through, unjudged, and fail robustness.body-size
  --timeout-ms N          upstream timeout per request (default ${DEFAULTS.timeoutMs})
  --help                  show this text

While it runs:
  http://HOST:PORT/                          the live page: exchanges, verdicts, each violation with its
                                             rule, citation, request, response and a curl line
  GET    http://HOST:PORT/__subcat/violations  { "data": [ { checkId, rule, source, operation, request,
                                             response, cites, message, curl } ] }
  DELETE http://HOST:PORT/__subcat/violations  clears the page and that list (the reports keep the run)
Every other path is forwarded to the upstream.

On SIGTERM or SIGINT (Ctrl-C) it writes every --report, closes --record and exits: 1 when a contract
rule was broken, 0 otherwise, 2 on a usage error. So \`subcat proxy ... & npm run e2e; kill %1; wait\`
gates a release.`;

const VALUE_FLAGS = [
  'upstream',
  'port',
  'host',
  'header',
  'report',
  'record',
  'max-body-bytes',
  'timeout-ms',
];

export type ParsedProxyArgs =
  { kind: 'run'; options: ProxyArgs } | { kind: 'help' } | { kind: 'error'; message: string };

/** Parses `subcat proxy` arguments; pure, so usage errors are table-tested. */
export function parseProxyArgs(argv: readonly string[]): ParsedProxyArgs {
  const flags = readFlags(argv, VALUE_FLAGS, ['strict']);
  if ('error' in flags) return { kind: 'error', message: flags.error };
  const { values, booleans } = flags;
  if (booleans.has('--help')) return { kind: 'help' };
  const strict = booleans.has('--strict');
  const single = (flag: string) => values.get(flag)?.[0];
  const rawUpstream = single('--upstream');
  if (rawUpstream === undefined) return { kind: 'error', message: '--upstream is required' };
  const upstream = parseBaseUrl(rawUpstream);
  if (typeof upstream === 'string')
    return { kind: 'error', message: upstream.replace('--base-url', '--upstream') };
  const repeated = headersAndReports(values);
  if (typeof repeated === 'string') return { kind: 'error', message: repeated };
  const { headers, reports } = repeated;
  const port = parseInteger('--port', single('--port') ?? String(DEFAULT_PROXY_PORT), 0, 65535);
  if (typeof port === 'string') return { kind: 'error', message: port };
  const maxBodyBytes = parseInteger(
    '--max-body-bytes',
    single('--max-body-bytes') ?? String(DEFAULTS.maxBodyBytes),
    1024,
  );
  if (typeof maxBodyBytes === 'string') return { kind: 'error', message: maxBodyBytes };
  const timeoutMs = parseInteger('--timeout-ms', single('--timeout-ms') ?? String(DEFAULTS.timeoutMs), 1);
  if (typeof timeoutMs === 'string') return { kind: 'error', message: timeoutMs };
  const host = single('--host') ?? '127.0.0.1';
  if (host.trim() === '') return { kind: 'error', message: '--host must not be empty' };
  return {
    kind: 'run',
    options: {
      upstream: upstream.url,
      credentials: upstream.credentials,
      headers,
      port,
      host,
      reports,
      record: single('--record'),
      strict,
      maxBodyBytes,
      timeoutMs,
    },
  };
}
