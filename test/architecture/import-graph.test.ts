import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/package-root.js';
import { cycles, forbiddenImports, importGraph, type ImportGraph } from './import-graph.js';

// design.md: data flows one way, socket -> http -> resources -> store, seed -> store, nothing back; the kit
// shares only spec/. ESLint's no-restricted-imports says the same per file; this test sees the whole graph.
const LAYERS = [
  { from: 'src/store/', never: ['src/http/', 'src/resources/', 'src/seed/', 'src/admin/'] },
  { from: 'src/resources/', never: ['src/http/', 'src/seed/', 'src/admin/'] },
  { from: 'src/seed/', never: ['src/http/', 'src/resources/', 'src/admin/'] },
  { from: 'src/query/', never: ['src/http/', 'src/resources/', 'src/store/', 'src/seed/', 'src/admin/'] },
  { from: 'src/contract/', never: ['src/http/', 'src/resources/', 'src/store/', 'src/seed/', 'src/admin/'] },
  { from: 'src/http/', never: ['src/seed/', 'src/admin/'] },
  // The vendor's aliases live at the edge: pure pieces the http layer calls, which call nothing of the mock.
  { from: 'src/vendor/', never: ['src/http/', 'src/resources/', 'src/store/', 'src/seed/', 'src/admin/'] },
  { from: 'conformance/', never: ['src/'] },
];

const graph = importGraph(packageRoot(), ['src', 'conformance']);

describe('the import graph', () => {
  it('reads the project: hundreds of files, the entry importing the http layer', () => {
    expect(graph.size).toBeGreaterThan(80);
    expect(graph.get('src/index.ts')).toContain('src/http/server.ts');
  });

  it('has no import cycle', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('runs one way: no layer imports one above it, and the kit imports nothing of the mock', () => {
    expect(forbiddenImports(graph, LAYERS)).toEqual([]);
  });
});

describe('the graph checks themselves', () => {
  const graphOf = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));
  const cases: { title: string; edges: Record<string, string[]>; expected: string[][] }[] = [
    { title: 'a two-file loop', edges: { a: ['b'], b: ['a'] }, expected: [['a', 'b']] },
    { title: 'a three-file loop beside a tree', edges: { a: ['b'], b: ['c'], c: ['a'], d: ['a'] }, expected: [['a', 'b', 'c']] },
    { title: 'a self-import', edges: { a: ['a'] }, expected: [['a']] },
    { title: 'no loop in a diamond', edges: { a: ['b', 'c'], b: ['d'], c: ['d'], d: [] }, expected: [] },
  ]; // prettier-ignore
  it.each(cases)('find $title', ({ edges, expected }) => {
    expect(cycles(graphOf(edges))).toEqual(expected);
  });

  it('find an import against the layering', () => {
    const edges = {
      'src/store/x.ts': ['src/http/y.ts', 'src/query/z.ts'],
      'src/http/y.ts': ['src/store/x.ts'],
    };
    expect(forbiddenImports(graphOf(edges), LAYERS)).toEqual(['src/store/x.ts -> src/http/y.ts']);
  });
});
