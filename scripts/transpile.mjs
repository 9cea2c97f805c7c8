// The quick build `npm start` and `npm ci` use: TypeScript to JavaScript file by file, without type-checking
// (type-checking stays in `npm test` and the full `npm run build`, which also writes declarations). A file is
// transpiled again only when its source is newer than its output, so a warm start after one edit pays for one.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('../', import.meta.url));
// What the CLI runs: the mock (src/) and the kit (conformance/); the bench keeps the full build.
const FOLDERS = ['src', 'conformance'];
const { config } = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root);
// ES module output as written (the sources already import with .js): the package is "type": "module".
const compilerOptions = {
  ...options,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  noEmit: false,
  declaration: false,
  sourceMap: false,
  incremental: false,
};

function sources(folder) {
  return ts.sys
    .readDirectory(join(root, folder), ['.ts'])
    .filter((file) => !file.endsWith('.d.ts') && !file.endsWith('.test.ts'));
}

let written = 0;
for (const file of FOLDERS.flatMap(sources)) {
  const target = join(root, 'dist', relative(root, file)).replace(/\.ts$/, '.js');
  if (existsSync(target) && statSync(target).mtimeMs >= statSync(file).mtimeMs) continue;
  const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), { compilerOptions, fileName: file });
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, outputText);
  written += 1;
}
// The parsed documents beside the build, as `npm run build` leaves them (read at start instead of the YAML).
await import(new URL('../dist/src/contract/write-spec-cache.js', import.meta.url).href);
if (process.env.SUBCAT_BUILD_VERBOSE) process.stdout.write(`transpiled ${written} files\n`);
