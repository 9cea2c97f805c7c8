import { OUTCOMES, type CheckResult, type Failure, type Outcome } from '../check.js';
import { formatValue, groupByFamily, schemaLines, SEVERITY } from './group-by-family.js';
import { SCRIPT, STYLE } from './html-assets.js';
import type { RunSummary } from './reporter.js';
import { coverageLines, transportLine, VERDICT_LABELS, verdictOfSummary } from './run-notes.js';
import { escapeXml as escape } from './xml-escape.js';

const HEADINGS: Record<Outcome, string> = {
  failed: 'Failures',
  warned: 'Warnings (conventions of decisions.md; --strict makes them fail)',
  inconclusive: 'Inconclusive (the kit could not judge; never counted as passed)',
  passed: 'Passed',
  skipped: 'Skipped',
};

/**
 * One self-contained page for people: verdict and summary bar, a table by family linking to each failure,
 * filters by family and outcome, then failures first, each with rule, source, curl line, request and
 * response. Inline style and script only: it works offline, opened from a CI artifact.
 */
export function renderHtml(summary: RunSummary): string {
  const { plan } = summary;
  const title = `subcat check — ${plan.baseUrl}`;
  const body = [
    header(summary),
    summary.aborted === undefined
      ? ''
      : `<p class="banner" role="alert"><strong>The run did not start:</strong> ${escape(summary.aborted)}</p>`,
    summary.results.length === 0 ? '' : filters(summary),
    summary.results.length === 0 ? '' : familyTable(summary),
    fixedSection(summary),
    notesSection(summary),
    ...OUTCOMES.slice()
      .sort((a, b) => SEVERITY[a] - SEVERITY[b])
      .map((outcome) => outcomeSection(summary, outcome)),
  ];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title><style>${STYLE}</style></head><body>
<main>
${body.filter((part) => part !== '').join('\n')}
</main>
<script>${SCRIPT}</script>
</body></html>
`;
}

function verdict(summary: RunSummary): { label: string; css: string } {
  if (summary.aborted !== undefined) return { label: 'DID NOT RUN', css: 'aborted' };
  const verdict = verdictOfSummary(summary);
  const css = verdict === 'passed' ? 'ok' : verdict === 'failed' ? 'failed' : 'aborted';
  return { label: VERDICT_LABELS[verdict], css };
}

/** The verdict's reason, the client's retries and waits, and what the run reached of the contract. */
function notesSection(summary: RunSummary): string {
  const transport = transportLine(summary.transport);
  const coverage = coverageLines(summary.coverage);
  const parts = [
    summary.verdictReason === undefined ? '' : `<p><strong>${escape(summary.verdictReason)}</strong></p>`,
    transport === undefined ? '' : `<p>${escape(transport)}</p>`,
    coverage.length === 0
      ? ''
      : `<details><summary>Coverage</summary><ul>${coverage.map((line) => `<li>${escape(line)}</li>`).join('')}</ul></details>`,
  ].filter((part) => part !== '');
  return parts.length === 0 ? '' : `<section aria-label="Run notes">${parts.join('\n')}</section>`;
}

function header(summary: RunSummary): string {
  const { plan, counts } = summary;
  const { label, css } = verdict(summary);
  const facts = [
    escape(plan.baseUrl),
    `seed ${plan.seed}`,
    ...(plan.strict ? ['strict'] : []),
    ...(plan.readOnly ? ['read-only'] : []),
    ...(plan.baseline === undefined ? [] : [`baseline ${escape(plan.baseline)}`]),
    `${summary.requests} requests in ${(summary.ms / 1000).toFixed(1)} s`,
  ];
  const total = summary.results.length;
  const order = OUTCOMES.slice().sort((a, b) => SEVERITY[a] - SEVERITY[b]);
  const segments = order
    .filter((outcome) => counts[outcome] > 0)
    .map((outcome) => `<span class="${outcome}" style="flex:${counts[outcome]}"></span>`)
    .join('');
  const chips = order
    .map((outcome) => `<li><span class="chip ${outcome}">${counts[outcome]} ${outcome}</span></li>`)
    .join('');
  const described = order.map((outcome) => `${counts[outcome]} ${outcome}`).join(', ');
  return `<header>
<h1>subcat check <span class="verdict ${css}">${label}</span></h1>
<p class="run">${facts.join(' · ')}</p>
${total === 0 ? '' : `<div class="bar" role="img" aria-label="${described} of ${total} checks">${segments}</div>`}
<ul class="chips" aria-label="Checks by outcome">${chips}</ul>
</header>`;
}

function filters(summary: RunSummary): string {
  const families = [...new Set(summary.results.map((result) => result.check.family))];
  const options = families.map((family) => `<option value="${escape(family)}">${escape(family)}</option>`);
  const boxes = OUTCOMES.slice()
    .sort((a, b) => SEVERITY[a] - SEVERITY[b])
    .map(
      (outcome) =>
        `<label><input type="checkbox" name="outcome" value="${outcome}" checked> ${outcome} (${summary.counts[outcome]})</label>`,
    );
  return `<nav class="filters" id="filters" aria-label="Filter the checks" hidden>
<label>Family <select id="family-filter"><option value="">all families</option>${options.join('')}</select></label>
<fieldset><legend>Outcome</legend>${boxes.join('')}</fieldset>
<output id="shown" aria-live="polite"></output>
</nav>`;
}

/** Column heads on a phone: the console's marks (the chips above name them). */
const SHORT: Record<Outcome, string> = {
  failed: '✗',
  warned: '!',
  inconclusive: '?',
  passed: '✓',
  skipped: '–',
};

/** Anchor of the n-th failure of a check. */
const failureId = (checkId: string, index: number) => `f-${checkId}-${index + 1}`;

function familyTable(summary: RunSummary): string {
  const order = OUTCOMES.slice().sort((a, b) => SEVERITY[a] - SEVERITY[b]);
  const rows = groupByFamily(summary.results, true).map((group) => {
    const cells = order.map(
      (outcome) =>
        `<td class="${outcome}${group.counts[outcome] === 0 ? ' n0' : ''}">${group.counts[outcome]}</td>`,
    );
    // One link per check, to its first failure (the check lists the rest): a row stays readable.
    const links = group.results
      .filter((result) => result.outcome === 'failed' || result.outcome === 'warned')
      .map((result) => {
        const count = result.failures.length > 1 ? ` (${result.failures.length})` : '';
        return `<a href="#${escape(failureId(result.check.id, 0))}" class="${result.outcome}">${escape(result.check.id)}</a>${count}`;
      });
    const row = `<tr><th scope="row"><a href="#family-${escape(group.family)}">${escape(group.family)}</a></th>${cells.join('')}</tr>`;
    return links.length === 0
      ? row
      : `${row}\n<tr class="links"><td colspan="${order.length + 1}">${links.join(' · ')}</td></tr>`;
  });
  return `<section aria-labelledby="by-family"><h2 id="by-family">By family</h2>
<table class="summary"><thead><tr><th scope="col">family</th>${order.map((o) => `<th scope="col" aria-label="${o}"><span class="long">${o}</span><span class="short" title="${o}">${SHORT[o]}</span></th>`).join('')}</tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table></section>`;
}

function fixedSection(summary: RunSummary): string {
  if (summary.fixed === undefined || summary.fixed.length === 0) return '';
  const items = summary.fixed.map(
    (fixed) =>
      `<li><code>${escape(fixed.check)}</code> — ${escape(fixed.rule)} (${escape(fixed.where)})</li>`,
  );
  return `<section><h2>Fixed since the baseline (${summary.fixed.length})</h2><ul>${items.join('')}</ul></section>`;
}

function outcomeSection(summary: RunSummary, outcome: Outcome): string {
  const results = summary.results.filter((result) => result.outcome === outcome);
  if (results.length === 0) return '';
  const firstOfFamily = new Set<string>();
  const anchor = (result: CheckResult) => {
    if (firstOfFamily.has(result.check.family)) return '';
    firstOfFamily.add(result.check.family);
    return ` data-first-of="${escape(result.check.family)}"`;
  };
  const compact = outcome === 'passed' || outcome === 'skipped';
  const items = results.map((result) =>
    compact ? compactItem(result, anchor(result)) : resultHtml(result, anchor(result)),
  );
  const list = compact ? `<ul class="compact">${items.join('\n')}</ul>` : items.join('\n');
  return `<section data-group="${outcome}" aria-labelledby="h-${outcome}"><h2 id="h-${outcome}">${HEADINGS[outcome]} (${results.length})</h2>
${list}</section>`;
}

function compactItem(result: CheckResult, anchor: string): string {
  const { check } = result;
  return `<li id="${escape(check.id)}" class="${result.outcome}" data-family="${escape(check.family)}" data-outcome="${result.outcome}"${anchor}><code>${escape(check.id)}</code> — ${escape(result.message)} <small>(${escape(check.operation)}, ${check.source}${result.outcome === 'skipped' ? '' : `, ${result.ms} ms`})</small></li>`;
}

function resultHtml(result: CheckResult, anchor: string): string {
  const { check } = result;
  const open = result.outcome === 'failed';
  return `<article class="result ${result.outcome}" id="${escape(check.id)}" data-family="${escape(check.family)}" data-outcome="${result.outcome}"${anchor}>
<h3><span class="chip ${result.outcome}">${result.outcome}</span> <code>${escape(check.id)}</code></h3>
<p>${escape(check.title)} <small>(${escape(check.operation)}, ${result.ms} ms)</small></p>
<p>${escape(result.message)}</p>
${result.failures.map((failure, i) => failureHtml(failure, failureId(check.id, i), open && i < 5)).join('\n')}</article>`;
}

function failureHtml(failure: Failure, id: string, open: boolean): string {
  const facts: string[] = [];
  if ('expected' in failure)
    facts.push(`<dt>expected</dt><dd><code>${escape(formatValue(failure.expected, 2000))}</code></dd>`);
  if ('actual' in failure)
    facts.push(`<dt>actual</dt><dd><code>${escape(formatValue(failure.actual, 2000))}</code></dd>`);
  if (failure.response !== undefined) facts.push(`<dt>status</dt><dd>${failure.response.status}</dd>`);
  const schema = schemaLines(failure, 20);
  const parts = [
    `<p><strong>Rule:</strong> ${escape(failure.rule)}${failure.known === true ? ' <span class="known">known (baseline)</span>' : ''}</p>`,
    `<p><strong>Source:</strong> <span class="chip ${failure.source}">${failure.source}</span> ${escape(failure.cites)}</p>`,
    `<p>${escape(failure.message)}</p>`,
    facts.length === 0 ? '' : `<dl>${facts.join('')}</dl>`,
    schema.length === 0
      ? ''
      : `<p><strong>Schema errors</strong></p><ul>${schema.map((line) => `<li><code>${escape(line)}</code></li>`).join('')}</ul>`,
    failure.curl === undefined
      ? ''
      : `<div class="curl"><p><strong>Reproduce</strong> (add your own credentials)</p><pre><code>${escape(failure.curl)}</code></pre><button type="button" data-copy hidden>Copy</button></div>`,
    exchangeHtml(failure, open),
  ];
  return `<div class="failure" id="${escape(id)}">${parts.filter((part) => part !== '').join('\n')}</div>`;
}

function exchangeHtml(failure: Failure, open: boolean): string {
  const out: string[] = [];
  const attribute = open ? ' open' : '';
  if (failure.request !== undefined) {
    const { method, url, headers, body } = failure.request;
    const text = [
      `${method} ${url}`,
      ...Object.entries(headers).map(([n, v]) => `${n}: ${v}`),
      '',
      body ?? '',
    ];
    out.push(
      `<details${attribute}><summary>Request: ${escape(method)} ${escape(url)}</summary><pre>${escape(text.join('\n'))}</pre></details>`,
    );
  }
  if (failure.response !== undefined) {
    const { status, headers, text, ms } = failure.response;
    const lines = [
      `${status}`,
      ...Object.entries(headers).map(([n, v]) => `${n}: ${v}`),
      '',
      prettyJson(text),
    ];
    out.push(
      `<details${attribute}><summary>Response: ${status} (${ms} ms)</summary><pre>${escape(lines.join('\n'))}</pre></details>`,
    );
  }
  return out.join('\n');
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
