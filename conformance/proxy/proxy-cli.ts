import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileReporter } from '../reporters/file-reporter.js';
import { renderHtml } from '../reporters/html.js';
import { renderJson } from '../reporters/json.js';
import { renderJunit } from '../reporters/junit.js';
import { renderMarkdown } from '../reporters/markdown.js';
import type { RunSummary } from '../reporters/reporter.js';
import { exitCode } from '../runner.js';
import { basicToken, redactText, secretValues } from '../secrets.js';
import { packageRoot } from '../spec.js';
import type { ReportFormat } from '../args.js';
import { ExchangeLog } from './exchange-log.js';
import { HarWriter } from './har.js';
import { createJudge } from './judge.js';
import { parseProxyArgs, PROXY_USAGE } from './proxy-args.js';
import { startProxy } from './proxy-server.js';

export interface ProxyIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Resolves when the process is asked to stop (SIGTERM, SIGINT). */
  shutdown(): Promise<string>;
}

export const RENDERERS: Record<ReportFormat, (summary: RunSummary) => string> = {
  json: renderJson,
  junit: renderJunit,
  html: renderHtml,
  markdown: renderMarkdown,
};

/** Writes every requested report of a judged run (the kit's formats) and tells the console its outcome. */
export async function finishRun(
  summary: RunSummary,
  reports: ReadonlyArray<{ format: ReportFormat; file: string }>,
  stdout: (text: string) => void,
): Promise<number> {
  for (const { format, file } of reports) await fileReporter(file, RENDERERS[format]).finish(summary);
  const { failed, warned, passed, skipped } = summary.counts;
  stdout(
    `${summary.requests} exchanges judged: ${failed} checks failed, ${warned} warned, ${passed} passed, ${skipped} saw nothing to judge\n`,
  );
  for (const result of summary.results) {
    if (result.outcome === 'failed' || result.outcome === 'warned')
      stdout(`  ${result.outcome === 'failed' ? '✗' : '!'} ${result.check.id}: ${result.message}\n`);
  }
  return exitCode(summary);
}

export function packageVersion(): string {
  try {
    return (
      (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version?: string })
        .version ?? ''
    );
  } catch {
    return '';
  }
}

/**
 * `subcat proxy`: runs until SIGTERM/SIGINT, then writes the reports and resolves with the exit code (1 when a
 * contract rule was broken, 0 otherwise, 2 on a usage error or when it cannot listen).
 * @example await main(['--upstream', 'https://staging.example.com', '--report', 'junit=proxy.xml'], io)
 */
export async function main(argv: readonly string[], io: ProxyIo): Promise<number> {
  const parsed = parseProxyArgs(argv);
  if (parsed.kind === 'help') {
    io.stdout(`${PROXY_USAGE}\n`);
    return 0;
  }
  if (parsed.kind === 'error') {
    io.stderr(`subcat proxy: ${parsed.message}\nRun subcat proxy --help for the options.\n`);
    return 2;
  }
  const options = parsed.options;
  const headers = [...options.headers];
  if (options.credentials !== undefined && !headers.some(([name]) => name.toLowerCase() === 'authorization'))
    headers.push(['Authorization', `Basic ${basicToken(options.credentials)}`]);
  const secrets = secretValues(headers, options.credentials);
  const secretHeaders = headers.map(([name]) => name);
  const upstream = options.upstream.href.replace(/\/$/, '');
  const judgeSettings = { secretHeaders, secretValues: secrets, strict: options.strict, upstream };
  const { judge, checks, close } = createJudge(judgeSettings);
  const log = new ExchangeLog(checks);
  const har =
    options.record === undefined ? undefined : new HarWriter(options.record, upstream, packageVersion());
  let proxy;
  try {
    proxy = await startProxy({
      upstream: options.upstream,
      headers,
      port: options.port,
      host: options.host,
      maxBodyBytes: options.maxBodyBytes,
      timeoutMs: options.timeoutMs,
      judge,
      judgeSettings,
      log,
      secretValues: secrets,
      secretHeaders,
      ...(har === undefined ? {} : { har }),
    });
  } catch (error) {
    io.stderr(
      `subcat proxy: cannot listen on ${options.host}:${options.port}: ${redactText(String(error), secrets)}\n`,
    );
    await har?.close();
    await close();
    return 2;
  }
  io.stdout(`subcat proxy on ${proxy.url} -> ${upstream}\n  live page: ${proxy.url}/\n`);
  await io.shutdown();
  await proxy.close();
  await har?.close();
  await close();
  const summary = log.summary({ baseUrl: upstream, seed: 0, strict: options.strict, readOnly: true });
  if (log.unjudged > 0)
    io.stderr(
      `subcat proxy: ${log.unjudged} exchanges were forwarded but not judged (judging fell behind)\n`,
    );
  return finishRun(summary, options.reports, io.stdout);
}
