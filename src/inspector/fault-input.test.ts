import { describe, expect, it } from 'vitest';
import { loadAdminSpec } from '../contract/spec-document.js';
import { faultInput, type FaultFields } from './fault-input.js';
import { limitsFromSpec } from './limits-from-spec.js';

const limits = limitsFromSpec(loadAdminSpec());

describe('faultInput', () => {
  const cases: {
    title: string;
    fields: FaultFields;
    session: string;
    expected: ReturnType<typeof faultInput>;
  }[] = [
    {
      title: 'a status three times on one operation',
      fields: { operationId: 'listSubscriptions', action: 'status', status: '503', times: '3' },
      session: '',
      expected: { input: { operationId: 'listSubscriptions', status: 503, times: 3 } },
    },
    {
      title: 'trimmed match fields, this session only, a body and Retry-After',
      fields: {
        method: 'POST',
        path: ' /subscriptions/* ',
        query: '',
        header: 'x-test',
        onlySession: true,
        status: '429',
        retryAfter: '2',
        body: '{"errors":[]}',
      },
      session: 'w1',
      expected: {
        input: {
          method: 'POST',
          path: '/subscriptions/*',
          header: 'x-test',
          session: 'w1',
          status: 429,
          retry_after: 2,
          body: { errors: [] },
        },
      },
    },
    {
      title: 'only this session is ignored in the default session',
      fields: { onlySession: true, action: 'hang' },
      session: '',
      expected: { input: { hang: true } },
    },
    {
      title: 'a delay range with a probability and a seed',
      fields: { action: 'none', delay: '1000-3000', probability: '0.5', seed: '7' },
      session: '',
      expected: { input: { delay: [1000, 3000], probability: 0.5, seed: 7 } },
    },
    {
      title: 'a delay before a reset',
      fields: { action: 'reset', delay: '300', status: '503' },
      session: '',
      expected: { input: { delay: 300, reset: true } },
    },
    {
      title: 'problems named by field',
      fields: {
        action: 'status',
        status: '200',
        retryAfter: '-1',
        body: '{',
        delay: 'soon',
        times: '0',
        probability: '2',
        seed: '1.5',
      },
      session: '',
      expected: {
        problems: [
          'delay: a delay is milliseconds (300) or a range (100-600), not "soon"',
          'status must be a whole number from 400 to 599',
          'Retry-After must be a whole number from 0 to 86400',
          'body must be JSON',
          'times must be a whole number from 1 to 1000000',
          'probability must be a number from 0 to 1',
          'seed must be a whole number from 0 to 4294967295',
        ],
      },
    },
    {
      title: 'a status action without a status',
      fields: { action: 'status', status: ' ' },
      session: '',
      expected: { problems: ['status is needed to answer an error status'] },
    },
    {
      title: 'only the delay without a delay',
      fields: { action: 'none' },
      session: '',
      expected: { problems: ['only the delay needs a delay'] },
    },
    {
      title: 'an unknown action',
      fields: { action: 'explode' },
      session: '',
      expected: { problems: ['unknown action explode'] },
    },
  ];
  it.for(cases)('makes $title', ({ fields, session, expected }) => {
    expect(faultInput(fields, session, limits)).toEqual(expected);
  });
});
