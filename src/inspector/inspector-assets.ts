import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../package-root.js';

export type InspectorAsset = { type: string; body: Buffer };

/** Plain files beside this module in src/, found from src/ and from dist/src/. */
const FOLDER = join('src', 'inspector');
/** Inlined in this order where the page says `<!-- stylesheets -->`. */
const STYLESHEETS = ['inspector.css', 'panels.css'];
const STYLE_MARK = '<!-- stylesheets -->';
/** The page's list of modules to preload, filled here: `[]` in the file. */
const MODULES_MARK = /id="inspector-modules">\s*\[\]/;

let assets: ReadonlyMap<string, InspectorAsset> | undefined;

/** The browser's modules: every .js file of the folder but tests. */
function scripts(folder: string): [string, InspectorAsset][] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.js') && !name.endsWith('.test.js'))
    .sort()
    .map((name) => [
      name,
      { type: 'text/javascript; charset=utf-8', body: readFileSync(join(folder, name)) },
    ]);
}

/** The inspector's files by path below `/__subcat/` (`''` the page, its stylesheets inlined), read once. */
export function inspectorAssets(): ReadonlyMap<string, InspectorAsset> {
  if (assets !== undefined) return assets;
  const root = packageRoot();
  const folder = join(root, FOLDER);
  const css = STYLESHEETS.map((name) => readFileSync(join(folder, name), 'utf8')).join('\n');
  const html = readFileSync(join(folder, 'inspector.html'), 'utf8');
  const modules = scripts(folder);
  const page = html
    .replace(STYLE_MARK, () => `<style>\n${css}</style>`)
    .replace(MODULES_MARK, (list) => list.replace('[]', JSON.stringify(modules.map(([name]) => name))));
  assets = new Map<string, InspectorAsset>([
    ['', { type: 'text/html; charset=utf-8', body: Buffer.from(page) }],
    ...modules,
    // The README ships in the package: the page links to it, offline too.
    ['README.md', { type: 'text/plain; charset=utf-8', body: readFileSync(join(root, 'README.md')) }],
  ]);
  return assets;
}
