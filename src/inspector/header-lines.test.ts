import { describe, expect, it } from 'vitest';
import { headerLines } from './header-lines.js';

describe('headerLines', () => {
  const cases: { title: string; text: string; expected: ReturnType<typeof headerLines> }[] = [
    { title: 'nothing', text: '', expected: { headers: {}, problems: [] } },
    {
      title: 'names lower-cased, values trimmed, blank lines skipped',
      text: 'Accept-Language:  fr-FR \r\n\nPrefer: code=404',
      expected: { headers: { 'accept-language': 'fr-FR', prefer: 'code=404' }, problems: [] },
    },
    {
      title: 'a value holding a colon',
      text: 'x-when: 12:30',
      expected: { headers: { 'x-when': '12:30' }, problems: [] },
    },
    {
      title: 'lines that are not headers',
      text: 'no colon here\nbad name: x',
      expected: {
        headers: {},
        problems: ['not a header (name: value): no colon here', 'not a header (name: value): bad name: x'],
      },
    },
  ];
  it.for(cases)('reads $title', ({ text, expected }) => {
    expect(headerLines(text)).toEqual(expected);
  });
});
