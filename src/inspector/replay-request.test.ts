import { describe, expect, it } from 'vitest';
import { replayRequest } from './replay-request.js';

const entry = (over: Partial<Parameters<typeof replayRequest>[0]> = {}) => ({
  method: 'PUT',
  url: '/subscriptions/subscriptions/s1?x=1',
  session: '',
  request: { headers: {}, body: null },
  ...over,
});

const cases: {
  name: string;
  entry: Parameters<typeof replayRequest>[0];
  apiBase: string;
  expected: Partial<ReturnType<typeof replayRequest>>;
}[] = [
  {
    name: 'keeps the method and the path with its query',
    entry: entry(),
    apiBase: '',
    expected: { method: 'PUT', path: '/subscriptions/subscriptions/s1?x=1' },
  },
  {
    name: 'takes the base path off',
    entry: entry({ url: '/v2/subscriptions/subscriptions' }),
    apiBase: '/v2',
    expected: { path: '/subscriptions/subscriptions' },
  },
  {
    name: 'keeps the headers it was sent with, leaving out the connection and the redacted ones',
    entry: entry({
      request: {
        headers: {
          'accept-language': 'fr-FR',
          host: 'h',
          'content-length': '2',
          authorization: '<redacted>',
        },
        body: null,
      },
    }),
    apiBase: '',
    expected: { headers: { 'accept-language': 'fr-FR' } },
  },
  {
    name: "names the entry's session in the header, whatever the request said",
    entry: entry({ session: 'worker-9', request: { headers: { 'x-subcat-session': 'other' }, body: null } }),
    apiBase: '',
    expected: { headers: { 'x-subcat-session': 'worker-9' }, session: 'worker-9' },
  },
  {
    name: 'pretty-prints a JSON body',
    entry: entry({ request: { headers: {}, body: '{"data":{"id":"s1"}}' } }),
    apiBase: '',
    expected: { body: '{\n  "data": {\n    "id": "s1"\n  }\n}' },
  },
  {
    name: 'keeps a body that is not JSON as it is',
    entry: entry({ request: { headers: {}, body: 'not json' } }),
    apiBase: '',
    expected: { body: 'not json' },
  },
];

describe('replayRequest', () => {
  it.each(cases)('$name', ({ entry: given, apiBase, expected }) => {
    expect(replayRequest(given, apiBase)).toMatchObject(expected);
  });
});
