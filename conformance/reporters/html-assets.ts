/** The report page's own style: no fonts or files from elsewhere, readable from 320 px to wide screens. */
export const STYLE = `
:root{--failed:#b71c1c;--failed-bg:#fdecea;--warned:#7a5300;--warned-bg:#fff3d1;--inconclusive:#5b3fa0;
--inconclusive-bg:#efe9fb;--passed:#1b5e20;--passed-bg:#e6f4ea;--skipped:#4a4a4a;--skipped-bg:#ececec;--line:#d8d8d8}
*{box-sizing:border-box}
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 auto;max-width:72rem;padding:1rem;color:#1b1b1b;
overflow-wrap:anywhere}
h1{font-size:1.35rem;margin:.2rem 0}h2{font-size:1.12rem;margin:1.8rem 0 .6rem;border-bottom:1px solid var(--line)}
a{color:#0b57b3}a:focus-visible,button:focus-visible,select:focus-visible,input:focus-visible,summary:focus-visible{
outline:3px solid #0b57b3;outline-offset:2px}
.run{color:#444;margin:.2rem 0 .8rem}
.verdict{display:inline-block;padding:.05rem .55rem;border-radius:4px;color:#fff;font-size:1rem;vertical-align:middle}
.verdict.failed{background:var(--failed)}.verdict.ok{background:var(--passed)}.verdict.aborted{background:#333}
.bar{display:flex;height:14px;border-radius:7px;overflow:hidden;background:var(--skipped-bg);margin:.6rem 0}
.bar span{display:block;height:100%}
.bar .failed{background:var(--failed)}.bar .warned{background:#e0a100}.bar .inconclusive{background:#8a6fd1}
.bar .passed{background:#2e7d32}.bar .skipped{background:#b5b5b5}
.chips{display:flex;flex-wrap:wrap;gap:.4rem;margin:0;padding:0;list-style:none}
.chip{display:inline-block;padding:.05rem .5rem;border-radius:999px;font-size:.85rem;font-weight:600;border:1px solid transparent}
.chip.failed{color:var(--failed);background:var(--failed-bg);border-color:var(--failed)}
.chip.warned{color:var(--warned);background:var(--warned-bg);border-color:#e0a100}
.chip.inconclusive{color:var(--inconclusive);background:var(--inconclusive-bg);border-color:#8a6fd1}
.chip.passed{color:var(--passed);background:var(--passed-bg);border-color:#2e7d32}
.chip.skipped{color:var(--skipped);background:var(--skipped-bg);border-color:#b5b5b5}
.chip.contract{color:#fff;background:#37474f}.chip.convention{color:#37474f;background:#fff;border-color:#37474f}
.filters{display:flex;flex-wrap:wrap;gap:.6rem 1.2rem;align-items:center;padding:.6rem .8rem;background:#f6f7f9;
border:1px solid var(--line);border-radius:6px;margin:1rem 0}
.filters fieldset{border:0;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.2rem .8rem}
.filters legend{float:left;font-weight:600;margin-right:.5rem}
.filters label{white-space:nowrap}select{font:inherit;max-width:100%}
table.summary{width:100%;border-collapse:collapse;table-layout:fixed;font-size:.9rem}
.summary th,.summary td{border-bottom:1px solid var(--line);padding:.3rem .35rem;text-align:right}
.summary th:first-child,.summary td:first-child{text-align:left;width:28%}
.summary td.n0{color:#9a9a9a}.summary td.failed:not(.n0){color:var(--failed);font-weight:700;background:var(--failed-bg)}
.summary td.warned:not(.n0){color:var(--warned);font-weight:700;background:var(--warned-bg)}
.summary td.inconclusive:not(.n0){color:var(--inconclusive);font-weight:700;background:var(--inconclusive-bg)}
.summary td.passed:not(.n0){color:var(--passed)}
.summary tr.links td{text-align:left;font-size:.85rem;padding-top:0}
.summary tr.links a.failed{color:var(--failed)}.summary tr.links a.warned{color:var(--warned)}
.result{border-left:5px solid var(--line);margin:.8rem 0;padding:.4rem .8rem;background:#fafafa;border-radius:0 6px 6px 0}
.result.failed{border-color:var(--failed)}.result.warned{border-color:#e0a100}.result.inconclusive{border-color:#8a6fd1}
.result h3{font-size:1rem;margin:.2rem 0}.result h3 code{font-size:.95rem}
.failure{margin:.6rem 0;padding:.5rem .7rem;background:#fff;border:1px solid var(--line);border-radius:6px}
.failure p{margin:.25rem 0}.failure dl{margin:.3rem 0;display:grid;grid-template-columns:max-content 1fr;gap:.1rem .6rem}
.failure dt{font-weight:600}.failure dd{margin:0;min-width:0}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f3f5f7;padding:.5rem;font-size:12.5px;max-height:22rem;
overflow-y:auto;margin:.3rem 0;border-radius:4px}
code{font-size:.9em}.curl{position:relative}.curl pre{padding-right:5.5rem}
.curl button{position:absolute;top:.3rem;right:.3rem;font:inherit;font-size:.8rem;padding:.1rem .5rem}
summary{cursor:pointer;font-weight:600}
ul.compact{list-style:none;padding:0;margin:0}ul.compact li{padding:.15rem 0;border-bottom:1px solid #eee}
.known{font-size:.8rem;color:#555;border:1px dashed #777;border-radius:4px;padding:0 .3rem}
.banner{padding:.7rem 1rem;background:var(--failed-bg);border:1px solid var(--failed);border-radius:6px}
.summary .short{display:none}
@media (max-width:600px){.summary .long{display:none}.summary .short{display:inline}
.summary th:first-child,.summary td:first-child{width:38%}}
[hidden]{display:none!important}
`;

/** Filters by family and outcome; without scripts every result stays shown. Copy buttons for curl lines. */
export const SCRIPT = `
(function () {
  var filters = document.getElementById('filters');
  if (!filters) return;
  filters.hidden = false;
  var family = document.getElementById('family-filter');
  var boxes = Array.prototype.slice.call(filters.querySelectorAll('input[type=checkbox]'));
  var shown = document.getElementById('shown');
  var items = Array.prototype.slice.call(document.querySelectorAll('[data-outcome]'));
  function apply() {
    var outcomes = boxes.filter(function (b) { return b.checked; }).map(function (b) { return b.value; });
    var count = 0;
    items.forEach(function (item) {
      var visible = (family.value === '' || item.getAttribute('data-family') === family.value) &&
        outcomes.indexOf(item.getAttribute('data-outcome')) >= 0;
      item.hidden = !visible;
      if (visible) count++;
    });
    Array.prototype.slice.call(document.querySelectorAll('section[data-group]')).forEach(function (section) {
      section.hidden = section.querySelector('[data-outcome]:not([hidden])') === null;
    });
    shown.textContent = count + ' of ' + items.length + ' checks shown';
  }
  family.addEventListener('change', apply);
  boxes.forEach(function (b) { b.addEventListener('change', apply); });
  Array.prototype.slice.call(document.querySelectorAll('button[data-copy]')).forEach(function (button) {
    button.hidden = !(navigator.clipboard && window.isSecureContext);
    button.addEventListener('click', function () {
      var text = button.parentNode.querySelector('code').textContent;
      navigator.clipboard.writeText(text).then(function () { button.textContent = 'Copied'; }, function () {});
    });
  });
  apply();
})();
`;
