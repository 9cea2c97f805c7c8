// Generates TypeScript types from the two hand-written OpenAPI documents with openapi-typescript:
//   spec/openapi.yaml        -> src/contract/openapi-types.gen.ts (the contract: the mock's records and resources)
//   spec/admin.openapi.yaml  -> src/admin/admin-types.gen.ts      (the mock's control plane)
//   npm run gen:types                      write both files
//   node scripts/gen-types.mjs --stdout X  print what would be written for target X (the staleness test compares)
import { writeFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

export const TARGETS = {
  contract: { spec: 'spec/openapi.yaml', out: 'src/contract/openapi-types.gen.ts' },
  admin: { spec: 'spec/admin.openapi.yaml', out: 'src/admin/admin-types.gen.ts' },
};

// The header says where the file comes from, so nobody edits it by hand.
const header = (spec) =>
  [
    `// Generated from ${spec} by \`npm run gen:types\` (scripts/gen-types.mjs, openapi-typescript). Do not edit:`,
    '// change the spec, run `npm run gen:types`, commit both. src/contract/openapi-types.test.ts fails when this is stale.',
    '',
  ].join('\n');

const root = new URL('../', import.meta.url);
async function generate({ spec }) {
  return header(spec) + astToString(await openapiTS(new URL(spec, root)));
}

const stdout = process.argv.indexOf('--stdout');
if (stdout !== -1) {
  const target = TARGETS[process.argv[stdout + 1] ?? 'contract'];
  if (target === undefined)
    throw new Error(`no target ${process.argv[stdout + 1]}; one of ${Object.keys(TARGETS)}`);
  process.stdout.write(await generate(target));
} else {
  for (const target of Object.values(TARGETS)) {
    const path = fileURLToPath(new URL(target.out, root));
    await writeFile(path, await generate(target));
    console.log(`wrote ${relative(process.cwd(), path)}`);
  }
}
