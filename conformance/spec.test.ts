import { readFileSync } from 'node:fs';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  atPointer,
  loadDefaultIds,
  loadSpec,
  packageRoot,
  pointerSegment,
  resolveLocal,
  specOperations,
} from './spec.js';

const doc = {
  paths: {
    '/a/{id}': { get: { operationId: 'getA' }, put: { operationId: 'putA' }, parameters: [] },
    '/b': { post: { operationId: 'postB' }, get: {} },
  },
  components: { responses: { R: { $ref: '#/components/responses/S' }, S: { description: 's' } } },
};

describe('specOperations', () => {
  it('indexes every operation with an operationId by method, path and pointer', () => {
    const operations = specOperations(doc);
    expect([...operations.keys()]).toEqual(['getA', 'putA', 'postB']);
    expect(operations.get('putA')).toEqual({
      operationId: 'putA',
      method: 'put',
      path: '/a/{id}',
      pointer: '/paths/~1a~1{id}/put',
    });
  });

  it('finds the four operations of the real spec', () => {
    const operations = specOperations(loadSpec());
    expect([...operations.keys()].sort()).toEqual([
      'createSubscription',
      'getNodeProducts',
      'listSubscriptions',
      'updateSubscription',
    ]);
  });
});

describe('pointers', () => {
  const cases = [
    { pointer: '/paths/~1b/post/operationId', value: 'postB' },
    { pointer: '#/paths/~1a~1{id}/get/operationId', value: 'getA' },
    { pointer: '/paths/~1nope', value: undefined },
    { pointer: '', value: doc },
  ];
  it.each(cases)('reads $pointer', ({ pointer, value }) => {
    expect(atPointer(doc, pointer)).toBe(value);
  });

  it('escapes ~ and / in a segment', () => {
    expect(pointerSegment('/a~b/')).toBe('~1a~0b~1');
  });

  it('follows $ref chains to the final object and its pointer', () => {
    expect(resolveLocal(doc, '/components/responses/R')).toEqual({
      pointer: '/components/responses/S',
      value: { description: 's' },
    });
  });

  it('refuses a $ref cycle', () => {
    const cyclic = { a: { $ref: '#/b' }, b: { $ref: '#/a' } };
    expect(() => resolveLocal(cyclic, '/a')).toThrow(/too long/);
  });
});

describe('loadDefaultIds', () => {
  const dirs: string[] = [];
  afterAll(async () => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it('takes the newest release, the last of release_ids, from the fixtures', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'subcat-ids-'));
    dirs.push(dir);
    await mkdir(join(dir, 'fixtures'));
    await writeFile(
      join(dir, 'fixtures', 'ids.json'),
      JSON.stringify({ catalog: { catalog_id: 'c', release_ids: ['old', 'mid', 'new'], node_id: 'n' } }),
    );
    expect(loadDefaultIds(dir)).toEqual({ catalogId: 'c', releaseId: 'new', nodeId: 'n' });
  });

  it('reads the package fixtures by default', () => {
    const ids = loadDefaultIds();
    expect(ids.catalogId).toMatch(/^[0-9a-f-]{36}$/);
    const manifest = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as {
      name: string;
    };
    expect(manifest.name).toBe('subcat');
  });
});
