import { describe, expect, it } from 'vitest';
import { curlLine } from './curl-line.js';

describe('curlLine', () => {
  const cases: { title: string; request: Parameters<typeof curlLine>[0]; expected: string }[] = [
    {
      title: 'a GET with brackets, quoted',
      request: { method: 'GET', url: 'http://127.0.0.1:4010/subscriptions/subscriptions?page[limit]=5' },
      expected: "curl -g 'http://127.0.0.1:4010/subscriptions/subscriptions?page[limit]=5'",
    },
    {
      title: 'a POST with its body and headers, the connection headers left out',
      request: {
        method: 'POST',
        url: 'http://h/s',
        headers: {
          host: 'h',
          'content-type': 'application/json',
          'content-length': '9',
          'sec-fetch-mode': 'cors',
        },
        body: '{"a":"it\'s"}',
      },
      expected: `curl -g -X POST http://h/s -H 'content-type: application/json' --data-raw '{"a":"it'\\''s"}'`,
    },
    {
      title: 'a DELETE without a body',
      request: { method: 'DELETE', url: 'http://h/x', headers: { authorization: '<redacted>' }, body: null },
      expected: "curl -g -X DELETE http://h/x -H 'authorization: <redacted>'",
    },
  ];
  it.for(cases)('writes $title', ({ request, expected }) => {
    expect(curlLine(request)).toBe(expected);
  });
});
