import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { MAX_DELAY_MS } from '../admin/faults.js';
import { sessionNameOf } from '../admin/control-plane.js';
import { loadAdminSpec } from '../contract/spec-document.js';
import { limitsFromSpec } from './limits-from-spec.js';

/** A document declaring the limits the inspector reads, with `change` applied to its schemas. */
function documentWith(change: (schemas: Record<string, Record<string, unknown>>) => void): unknown {
  const integer = (minimum: number, maximum: number) => ({ type: 'integer', minimum, maximum });
  const schemas: Record<string, Record<string, unknown>> = {
    Name: { type: 'string', pattern: '^[a-z]{1,3}$', description: 'One to three small letters.' },
    Delay: { oneOf: [{ type: 'null' }, integer(5, 900)] },
    FaultRuleFields: {
      properties: {
        status: integer(500, 503),
        retry_after: integer(0, 60),
        times: integer(1, 9),
        probability: { type: 'number', minimum: 0, maximum: 0.5 },
        seed: integer(0, 99),
      },
    },
  };
  change(schemas);
  return { openapi: '3.1.0', components: { schemas } };
}

describe('limitsFromSpec', () => {
  it('reads every limit the document declares', () => {
    const limits = limitsFromSpec(documentWith(() => {}));
    expect(limits).toEqual({
      name: /^[a-z]{1,3}$/u,
      nameRule: 'One to three small letters.',
      delay: { min: 5, max: 900 },
      status: { min: 500, max: 503 },
      retryAfter: { min: 0, max: 60 },
      times: { min: 1, max: 9 },
      probability: { min: 0, max: 0.5 },
      seed: { min: 0, max: 99 },
    });
    expect(['abc', 'abcd', 'A'].map((name) => limits.name.test(name))).toEqual([true, false, false]);
  });

  const cases: { name: string; document: unknown; problem: RegExp }[] = [
    { name: 'a document that is not an object', document: 'nope', problem: /the Name pattern/ },
    { name: 'a document without schemas', document: { openapi: '3.1.0' }, problem: /the Name pattern/ },
    {
      name: 'a Name without a pattern',
      document: documentWith((schemas) => delete schemas.Name?.pattern),
      problem: /the Name pattern/,
    },
    {
      name: 'a Name pattern that does not compile',
      document: documentWith((schemas) => Object.assign(schemas.Name ?? {}, { pattern: '^[a-' })),
      problem: /a Name pattern that compiles \(\^\[a-\)/,
    },
    {
      name: 'a Delay without an integer bound',
      document: documentWith((schemas) => Object.assign(schemas.Delay ?? {}, { oneOf: [{ type: 'null' }] })),
      problem: /the bounds of a Delay in milliseconds/,
    },
    {
      name: 'a fault rule without its fields',
      document: documentWith((schemas) => delete schemas.FaultRuleFields),
      problem: /the bounds of a fault rule status/,
    },
  ];
  it.for(cases)('names what is missing in $name', ({ document, problem }) => {
    expect(() => limitsFromSpec(document)).toThrow(problem);
  });
});

describe('the inspector and the control plane', () => {
  const limits = limitsFromSpec(loadAdminSpec());

  it('take the same session and snapshot names', () => {
    const request = { headers: {} } as IncomingMessage;
    const taken = (name: string) => {
      try {
        return sessionNameOf(request, name) === name;
      } catch {
        return false;
      }
    };
    const names = ['w1', 'a.b_c-D', 'x'.repeat(64), 'x'.repeat(65), 'a b', 'é', 'a/b', 'a\n'];
    expect(names.map((name) => limits.name.test(name))).toEqual(names.map(taken));
    expect(names.map(taken)).toEqual([true, true, true, false, false, false, false, false]);
  });

  it('take the same longest delay', () => {
    expect(limits.delay).toEqual({ min: 0, max: MAX_DELAY_MS });
  });
});
