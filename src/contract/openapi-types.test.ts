// The generated types follow spec/openapi.yaml: a stale file fails here, so code and spec cannot drift.
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../package-root.js';
import { specPath } from './spec-document.js';
import type { components } from './openapi-types.gen.js';

type Schemas = components['schemas'];
const root = packageRoot();
const TARGETS = [
  {
    target: 'contract',
    file: join(root, 'src', 'contract', 'openapi-types.gen.ts'),
    spec: 'spec/openapi.yaml',
  },
  {
    target: 'admin',
    file: join(root, 'src', 'admin', 'admin-types.gen.ts'),
    spec: 'spec/admin.openapi.yaml',
  },
];

describe.each(TARGETS)('the types generated from $spec', ({ target, file, spec }) => {
  it('are what scripts/gen-types.mjs makes from the document today', async () => {
    const [{ stdout: fresh }, onDisk] = await Promise.all([
      promisify(execFile)(process.execPath, [join(root, 'scripts', 'gen-types.mjs'), '--stdout', target], {
        cwd: root,
        maxBuffer: 16 * 1024 * 1024,
      }),
      readFile(file, 'utf8'),
    ]);
    expect(fresh.length).toBeGreaterThan(0);
    expect(onDisk === fresh, `${file} is stale: run \`npm run gen:types\``).toBe(true);
  });

  it('say they are generated, from which document and by which command', async () => {
    const firstLine = (await readFile(file, 'utf8')).split('\n')[0];
    expect(firstLine).toContain(`Generated from ${spec} by \`npm run gen:types\``);
  });
});

const doc = (await SwaggerParser.dereference(specPath)) as unknown as {
  components: { schemas: Record<string, { properties?: Record<string, object> } & object> };
};

describe('the generated types and the spec schemas', () => {
  // Strictness over the spec's own schemas is spec/openapi.test.ts's job; here only the verdicts matter.
  const ajv = new Ajv2020({ strict: false });
  addFormatsModule.default(ajv);
  const schema = (name: string, property?: string): object => {
    const whole = doc.components.schemas[name] ?? {};
    return property === undefined ? whole : (whole.properties?.[property] ?? {});
  };

  // Each value is checked twice: by tsc against the generated type (`satisfies`, or @ts-expect-error for a value
  // the type must refuse), and here against the spec schema, which must give the same verdict.
  const cases = [
    {
      name: 'accept a state meta with every required flag',
      schema: schema('StateMeta'),
      valid: true,
      value: {
        created_at: '2026-01-01T00:00:00.000Z',
        manual_payments: false,
        canceled: false,
        paused: false,
        closed: false,
        suspended: false,
        pending: true,
        invoice_after: '2026-02-01T00:00:00.000Z',
      } satisfies Schemas['StateMeta'],
    },
    {
      name: 'accept a weekly billing interval',
      schema: schema('OfferingPlanAttributes', 'billing_interval_type'),
      valid: true,
      value: 'week' satisfies Schemas['OfferingPlanAttributes']['billing_interval_type'],
    },
    {
      name: 'refuse a subscription type other than "subscription"',
      schema: schema('Subscription', 'type'),
      valid: false,
      value:
        // @ts-expect-error the subscription type is the constant "subscription"
        'offering' satisfies Schemas['Subscription']['type'],
    },
    {
      name: 'refuse a payment authority of another gateway',
      schema: schema('PaymentAuthority'),
      valid: false,
      value: {
        // @ts-expect-error provider_payments_processor is the only payment authority type
        type: 'cash',
      } satisfies Schemas['PaymentAuthority'],
    },
  ];
  it.each(cases)('$name', ({ schema: s, value, valid }) => {
    expect(ajv.validate(s, value)).toBe(valid);
  });
});
