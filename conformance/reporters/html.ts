import type { CheckResult, Failure, Outcome } from '../check.js';
import { formatValue, groupByFamily } from './group-by-family.js';
import type { RunSummary } from './reporter.js';
import { escapeXml as escape } from './xml-escape.js';

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem;color:#1b1b1b}
h1{font-size:1.4rem}h2{font-size:1.15rem;margin-top:2rem;border-bottom:1px solid #ddd}
.counts span{display:inline-block;margin-right:1rem;padding:.2rem .6rem;border-radius:4px;background:#f1f1f1}
.result{border-left:4px solid #bbb;margin:.6rem 0;padding:.3rem .8rem;background:#fafafa}
.failed{border-color:#c62828}.warned{border-color:#e0a100}.passed{border-color:#2e7d32}.skipped{border-color:#9e9e9e}
.outcome{font-weight:600;text-transform:uppercase;font-size:.8rem;margin-right:.5rem}
.failure{margin:.5rem 0 .5rem 1rem;padding:.4rem .6rem;background:#fff;border:1px solid #eee}
pre{white-space:pre-wrap;word-break:break-all;background:#f6f8fa;padding:.5rem;font-size:12px;max-height:24rem;overflow:auto}
code{font-size:12px}dt{font-weight:600}dd{margin:0 0 .3rem 1rem}
`;

/** One self-contained page (inline CSS, no scripts): summary, then results by family, failures first. */
export function renderHtml(summary: RunSummary): string {
  const { counts, plan } = summary;
  const sections = groupByFamily(summary.results, true).map(
    (group) =>
      `<section><h2>${escape(group.family)} <small>${group.counts.failed} failed, ${group.counts.warned} warned, ` +
      `${group.counts.passed} passed, ${group.counts.skipped} skipped</small></h2>\n${group.results.map(resultHtml).join('\n')}</section>`,
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>subcat check — ${escape(plan.baseUrl)}</title>
<style>${STYLE}</style></head><body>
<h1>subcat check — ${escape(plan.baseUrl)}</h1>
<p>${counts.failed > 0 ? '<strong>FAILED</strong>' : '<strong>OK</strong>'} · seed ${plan.seed}${plan.strict ? ' · strict' : ''}${plan.readOnly ? ' · read-only' : ''} · ${summary.requests} requests in ${(summary.ms / 1000).toFixed(1)} s</p>
<p class="counts"><span>passed ${counts.passed}</span><span>failed ${counts.failed}</span><span>warned ${counts.warned}</span><span>skipped ${counts.skipped}</span></p>
${sections.join('\n')}
</body></html>
`;
}

const LABELS: Record<Outcome, string> = {
  failed: 'failed',
  warned: 'warned',
  passed: 'passed',
  skipped: 'skipped',
};

function resultHtml(result: CheckResult): string {
  const { check } = result;
  return `<div class="result ${result.outcome}" id="${escape(check.id)}"><span class="outcome">${LABELS[result.outcome]}</span><code>${escape(check.id)}</code> — ${escape(check.title)} <small>(${escape(check.operation)}, ${check.source}${result.outcome === 'skipped' ? '' : `, ${result.ms} ms`})</small>
<div>${escape(result.message)}</div>
${result.failures.map(failureHtml).join('\n')}</div>`;
}

function failureHtml(failure: Failure): string {
  const facts: string[] = [
    `<dt>rule</dt><dd>${escape(failure.rule)} <small>[${failure.source}]</small></dd>`,
    `<dt>message</dt><dd>${escape(failure.message)}</dd>`,
  ];
  if ('expected' in failure)
    facts.push(`<dt>expected</dt><dd><code>${escape(formatValue(failure.expected, 2000))}</code></dd>`);
  if ('actual' in failure)
    facts.push(`<dt>actual</dt><dd><code>${escape(formatValue(failure.actual, 2000))}</code></dd>`);
  if (failure.schemaErrors !== undefined && failure.schemaErrors.length > 0) {
    const items = failure.schemaErrors.map(
      (error) =>
        `<li><code>${escape(error.instancePath === '' ? '(root)' : error.instancePath)}</code> ${escape(error.keyword)}: ${escape(error.message)}</li>`,
    );
    facts.push(`<dt>schema</dt><dd><ul>${items.join('')}</ul></dd>`);
  }
  if (failure.curl !== undefined) facts.push(`<dt>reproduce</dt><dd><pre>${escape(failure.curl)}</pre></dd>`);
  const exchange: string[] = [];
  if (failure.request !== undefined) {
    const { method, url, headers, body } = failure.request;
    exchange.push(
      `<details><summary>request ${escape(method)} ${escape(url)}</summary><pre>${escape(
        [`${method} ${url}`, ...Object.entries(headers).map(([n, v]) => `${n}: ${v}`), '', body ?? ''].join(
          '\n',
        ),
      )}</pre></details>`,
    );
  }
  if (failure.response !== undefined) {
    const { status, headers, text, ms } = failure.response;
    exchange.push(
      `<details><summary>response ${status} (${ms} ms)</summary><pre>${escape(
        [`${status}`, ...Object.entries(headers).map(([n, v]) => `${n}: ${v}`), '', prettyJson(text)].join(
          '\n',
        ),
      )}</pre></details>`,
    );
  }
  return `<div class="failure"><dl>${facts.join('')}</dl>${exchange.join('')}</div>`;
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
