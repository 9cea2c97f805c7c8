import { escapeXml as escape } from '../reporters/xml-escape.js';
import { EXCHANGES_PATH, VIOLATIONS_PATH } from './routes.js';

/**
 * The proxy's page at `/`: the exchanges with their verdicts, newest first, refreshed every second; a row
 * with broken rules opens to each violation's rule, source, citation, request, response and curl line.
 * Everything shown is set as text (never parsed as HTML) and was redacted before it reached the page.
 */
export function livePage(upstream: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>subcat proxy — ${escape(upstream)}</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 1rem 2rem; color: #1b1b1b; }
h1 { font-size: 1.2rem; } code, pre { font: 12px/1.35 ui-monospace, monospace; }
pre { background: #f4f4f4; padding: .5rem; white-space: pre-wrap; word-break: break-all; max-height: 20rem; overflow: auto; }
table { border-collapse: collapse; width: 100%; } td, th { text-align: left; padding: .2rem .5rem; border-bottom: 1px solid #ddd; }
tr.broken td.verdict { color: #b00020; font-weight: 600; } tr.warned td.verdict { color: #8a5a00; }
tr.ok td.verdict { color: #1b6e20; } tr[data-open] { cursor: pointer; } .violation { border-left: 4px solid #b00020; padding-left: .75rem; margin: .75rem 0; }
.violation.convention { border-color: #8a5a00; } #summary { margin: .5rem 0 1rem; }
</style></head><body>
<h1>subcat proxy → <code>${escape(upstream)}</code></h1>
<p id="summary" role="status">waiting for the first exchange…</p>
<p><button id="clear" type="button">Clear violations</button></p>
<table><thead><tr><th>#</th><th>verdict</th><th>request</th><th>status</th><th>ms</th><th>operation</th></tr></thead>
<tbody id="exchanges"></tbody></table>
<section id="details" hidden><h2>Violations of exchange <span id="details-seq"></span></h2><div id="violations"></div></section>
<script>
const exchangesUrl = ${JSON.stringify(EXCHANGES_PATH)};
const violationsUrl = ${JSON.stringify(VIOLATIONS_PATH)};
let violations = [];
let opened;
function el(tag, text, cls) { const node = document.createElement(tag); if (text !== undefined) node.textContent = text; if (cls) node.className = cls; return node; }
function show(exchange) {
  opened = exchange.seq;
  const box = document.getElementById('violations');
  box.replaceChildren();
  document.getElementById('details-seq').textContent = String(exchange.seq);
  for (const index of exchange.violations) {
    const v = violations[index];
    if (!v) continue;
    const div = el('div', undefined, 'violation ' + v.source);
    div.append(el('h3', v.rule), el('p', v.source + ' · ' + v.checkId + ' · ' + v.cites), el('p', v.message));
    div.append(el('h4', 'Replay'), el('pre', v.curl || ''));
    if (v.request) div.append(el('h4', 'Request'), el('pre', v.request.method + ' ' + v.request.url + '\\n' + Object.entries(v.request.headers).map(([k, x]) => k + ': ' + x).join('\\n') + (v.request.body ? '\\n\\n' + v.request.body : '')));
    if (v.response) div.append(el('h4', 'Response'), el('pre', v.response.status + '\\n' + Object.entries(v.response.headers).map(([k, x]) => k + ': ' + x).join('\\n') + '\\n\\n' + v.response.text));
    box.append(div);
  }
  document.getElementById('details').hidden = false;
}
async function refresh() {
  try {
    const [ex, vi] = await Promise.all([fetch(exchangesUrl, { credentials: 'omit' }), fetch(violationsUrl, { credentials: 'omit' })]);
    const exchanges = (await ex.json()).data;
    const body = await vi.json();
    violations = body.data;
    const broken = exchanges.filter((x) => x.broken > 0).length;
    document.getElementById('summary').textContent = body.meta.exchanges + ' exchanges judged; ' + body.meta.violations + ' violations' + (broken > 0 ? ' (' + broken + ' listed exchanges broke a contract rule)' : '');
    const rows = exchanges.slice().reverse().map((x) => {
      const tr = el('tr', undefined, x.broken > 0 ? 'broken' : x.warned > 0 ? 'warned' : 'ok');
      tr.dataset.seq = String(x.seq);
      const verdict = x.broken > 0 ? x.broken + ' broken' : x.warned > 0 ? x.warned + ' warned' : 'ok';
      tr.append(el('td', String(x.seq)), el('td', verdict, 'verdict'), el('td', x.method + ' ' + x.url), el('td', String(x.status)), el('td', String(x.ms)), el('td', x.operation || '—'));
      if (x.violations.length > 0) { tr.dataset.open = ''; tr.addEventListener('click', () => show(x)); }
      return tr;
    });
    document.getElementById('exchanges').replaceChildren(...rows);
    const still = exchanges.find((x) => x.seq === opened);
    if (still) show(still);
  } catch (error) {
    document.getElementById('summary').textContent = 'the proxy does not answer: ' + error;
  }
}
document.getElementById('clear').addEventListener('click', async () => {
  await fetch(violationsUrl, { method: 'DELETE', credentials: 'omit' });
  document.getElementById('details').hidden = true;
  refresh();
});
refresh();
setInterval(refresh, 1000);
</script>
</body></html>
`;
}
