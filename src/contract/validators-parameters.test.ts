import { describe, expect, it } from 'vitest';
import { inlineSpecDocument } from '../../test/support/inline-spec-document.js';
import { createValidators } from './validators.js';

const validators = createValidators(inlineSpecDocument);

describe('parameter validation', () => {
  const check = (operationId: string, query: string, path: Record<string, string> = {}, headers = {}) =>
    (
      validators.operation(operationId)?.parameters({ path, query: new URLSearchParams(query), headers }) ??
      []
    ).map(({ in: location, at, detail }) => ({ in: location, at, detail }));
  const uuid = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
  const cases: { name: string; run: () => unknown; expected: unknown[] }[] = [
    {
      name: 'valid query parameters pass',
      run: () => check('listThings', 'page[limit]=10&filter=x'),
      expected: [],
    },
    {
      name: 'an integer parameter over its maximum names the limit',
      run: () => check('listThings', 'page[limit]=101'),
      expected: [{ in: 'query', at: 'page[limit]', detail: 'page[limit] must be at most 100' }],
    },
    {
      name: 'a non-numeric integer parameter says it must be an integer',
      run: () => check('listThings', 'page[limit]=ten'),
      expected: [{ in: 'query', at: 'page[limit]', detail: 'page[limit] must be an integer' }],
    },
    {
      name: 'a repeated parameter asks to give it once',
      run: () => check('listThings', 'page[limit]=1&page[limit]=2'),
      expected: [{ in: 'query', at: 'page[limit]', detail: 'page[limit] is given 2 times; give it once' }],
    },
    {
      name: 'a header parameter is checked by name',
      run: () => check('listThings', '', {}, { 'accept-language': 'x' }),
      expected: [
        { in: 'header', at: 'accept-language', detail: 'accept-language must be at least 2 characters' },
      ],
    },
    {
      name: 'a path parameter declared on the path item is checked',
      run: () => check('updateThing', '', { subscription_uuid: 'nope' }),
      expected: [
        {
          in: 'path',
          at: 'subscription_uuid',
          detail: 'subscription_uuid must be a UUID, e.g. 3fa85f64-5717-4562-b3fc-2c963f66afa6',
        },
      ],
    },
    {
      name: 'a missing required path parameter is reported',
      run: () => check('updateThing', ''),
      expected: [{ in: 'path', at: 'subscription_uuid', detail: 'subscription_uuid is required' }],
    },
    {
      name: 'deepObject parameters are named with brackets',
      run: () => check('updateThing', 'page[limit]=500&page[offset]=x', { subscription_uuid: uuid }),
      expected: [
        { in: 'query', at: 'page[limit]', detail: 'page[limit] must be at most 100' },
        { in: 'query', at: 'page[offset]', detail: 'page[offset] must be an integer' },
      ],
    },
  ];

  it.each(cases)('$name', ({ run, expected }) => {
    expect(run()).toEqual(expected);
  });
});
