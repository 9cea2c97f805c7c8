// Generates src/contract/openapi-types.gen.ts from spec/openapi.yaml with openapi-typescript.
//   npm run gen:types                     write the file
//   node scripts/gen-types.mjs --stdout   print what would be written (src/contract/openapi-types.test.ts compares it)
import { writeFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const spec = new URL('../spec/openapi.yaml', import.meta.url);
const target = fileURLToPath(new URL('../src/contract/openapi-types.gen.ts', import.meta.url));

// The header says where the file comes from, so nobody edits it by hand.
const HEADER = [
  '// Generated from spec/openapi.yaml by `npm run gen:types` (scripts/gen-types.mjs, openapi-typescript). Do not edit:',
  '// change the spec, run `npm run gen:types`, commit both. src/contract/openapi-types.test.ts fails when this is stale.',
  '',
].join('\n');

const text = HEADER + astToString(await openapiTS(spec));
if (process.argv.includes('--stdout')) process.stdout.write(text);
else {
  await writeFile(target, text);
  console.log(`wrote ${relative(process.cwd(), target)}`);
}
