import { describe, expect, it } from 'vitest';
import { checkRow } from './kit-check-probe.js';

const runs = [
  { name: 'a clean run gives its time', exitCode: 0, value: 1560, note: 'exit 0' },
  { name: 'a run that found violations still timed the kit', exitCode: 1, value: 1560, note: 'exit 1' },
  { name: 'a kit that could not run has no figure', exitCode: 2, value: null, note: 'exit 2: ECONNREFUSED' },
  {
    name: 'a kit killed by its timeout has no figure',
    exitCode: null,
    value: null,
    note: 'exit none: ECONNREFUSED',
  },
];

describe('checkRow', () => {
  it.each(runs)('$name', ({ exitCode, value, note }) => {
    const row = checkRow('subcat', exitCode, 1559.6, 'ECONNREFUSED');
    expect([row.value, row.note, row.unit]).toEqual([value, note, 'ms']);
  });
});
