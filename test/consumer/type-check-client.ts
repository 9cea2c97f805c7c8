import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { packageRoot } from '../../src/package-root.js';

/** The client files a front-end team would write, checked against the types generated afresh. */
const CLIENT_FILES = ['strict-client.ts', 'request-set.ts'];
// The client imports the committed generated types; in the scratch folder it imports the fresh ones instead.
const GENERATED_IMPORT = /'[./]*(?:[\w-]+\/)*openapi-types\.gen\.js'/g;

/** What a team compiles with: strict, and every index access possibly undefined. */
const OPTIONS: ts.CompilerOptions = {
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: false,
  target: ts.ScriptTarget.ES2023,
  lib: ['lib.es2023.d.ts'],
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  types: ['node'],
  skipLibCheck: true,
  noEmit: true,
};

/**
 * Generates types from the spec with openapi-typescript into a scratch folder, copies the strict client beside
 * them and type-checks it with the TypeScript API; returns every diagnostic as `file:line: message`.
 * @example (await typeCheckClient('spec/openapi.yaml')).length // 0
 */
export async function typeCheckClient(specPath: string): Promise<string[]> {
  const root = packageRoot();
  const scratch = await mkdtemp(join(tmpdir(), 'subcat-consumer-'));
  try {
    const types = astToString(await openapiTS(pathToFileURL(specPath)));
    await writeFile(join(scratch, 'openapi-types.gen.ts'), types);
    await writeFile(join(scratch, 'package.json'), '{ "type": "module" }\n');
    await symlink(join(root, 'node_modules'), join(scratch, 'node_modules'), 'dir');
    for (const file of CLIENT_FILES) {
      const source = await readFile(join(root, 'test', 'consumer', file), 'utf8');
      await writeFile(join(scratch, file), source.replace(GENERATED_IMPORT, "'./openapi-types.gen.js'"));
    }
    const program = ts.createProgram(
      CLIENT_FILES.map((file) => join(scratch, file)),
      OPTIONS,
    );
    return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
      if (diagnostic.file === undefined || diagnostic.start === undefined) return message;
      const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
      return `${relative(scratch, diagnostic.file.fileName)}:${line + 1}: ${message}`;
    });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
