import { describe, expect, it } from 'vitest';
import { xmlProblems } from './xml-well-formed.js';

describe('xmlProblems', () => {
  const cases = [
    { xml: '<?xml version="1.0"?>\n<a x="1"><b/><c>t &amp; u</c></a>\n', ok: true },
    { xml: '<a><b></a></b>', ok: false },
    { xml: '<a>', ok: false },
    { xml: '<a>x & y</a>', ok: false },
    { xml: '<a x="a & b"/>', ok: false },
    { xml: '<a>1 < 2</a>', ok: false },
    { xml: '<a/><b/>', ok: false },
    { xml: '<a x=1/>', ok: false },
    { xml: '<a><!-- <b> --></a>', ok: true },
  ];
  it.each(cases)('says $xml is well-formed: $ok', ({ xml, ok }) => {
    expect(xmlProblems(xml).length === 0).toBe(ok);
  });
});
