import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** File -> the files of the same tree it imports (relative specifiers only, `.js` read as `.ts`). */
export type ImportGraph = Map<string, string[]>;

const IMPORT =
  /(?:^|\s)(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** Every non-test TypeScript file under `folders` of `root`, with what it imports. */
export function importGraph(root: string, folders: readonly string[]): ImportGraph {
  const graph: ImportGraph = new Map();
  const visit = (path: string): void => {
    if (statSync(path).isDirectory()) {
      for (const entry of readdirSync(path)) visit(join(path, entry));
      return;
    }
    if (!path.endsWith('.ts') || path.endsWith('.test.ts') || path.endsWith('.d.ts')) return;
    const text = readFileSync(path, 'utf8');
    const targets = [...text.matchAll(IMPORT)].map((match) => {
      const specifier = (match[1] ?? match[2] ?? '').replace(/\.js$/, '.ts');
      return relative(root, resolve(dirname(path), specifier));
    });
    graph.set(relative(root, path), targets);
  };
  for (const folder of folders) visit(join(root, folder));
  return graph;
}

/** The import cycles of a graph (strongly connected components of more than one file, or a self-import). */
export function cycles(graph: ImportGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      component.push(member);
      if (member === node) break;
    }
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) connect(node);
  return found;
}

/** Imports from one folder into another that the layering forbids: `from` -> `to` pairs, as file paths. */
export function forbiddenImports(
  graph: ImportGraph,
  rules: readonly { from: string; never: readonly string[] }[],
): string[] {
  const broken: string[] = [];
  for (const [file, targets] of graph)
    for (const rule of rules)
      if (file.startsWith(rule.from))
        for (const target of targets)
          if (rule.never.some((folder) => target.startsWith(folder))) broken.push(`${file} -> ${target}`);
  return broken;
}
