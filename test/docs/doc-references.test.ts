// Every link and file reference in the repository's documents resolves (issue 12): a reader on the repository's
// web page, or in an editor, never follows a dead link to the contract, the spec or a test.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/package-root.js';
import { docReferences, headingAnchors, type DocReference } from './doc-references.js';

const root = packageRoot();
const DOCUMENTS = [
  'README.md',
  'CHANGELOG.md',
  'conformance/README.md',
  'contract/interface.md',
  'contract/decisions.md',
  'spec/openapi.yaml',
];

/** Why a reference does not resolve, or undefined when it does. */
function brokenBecause(from: string, reference: DocReference): string | undefined {
  const { file, or, anchor } = reference;
  if (or !== undefined && file !== null && !existsSync(join(root, file)) && existsSync(join(root, or)))
    return brokenBecause(from, { ...reference, file: or, or: undefined });
  const target = file ?? from;
  const path = join(root, target);
  if (!existsSync(path)) return `${target} does not exist`;
  if (anchor === undefined || anchor === '') return undefined;
  if (!statSync(path).isFile() || !target.endsWith('.md'))
    return `#${anchor} points into ${target}, not Markdown`;
  return headingAnchors(readFileSync(path, 'utf8')).has(anchor)
    ? undefined
    : `${target} has no heading #${anchor}`;
}

describe('the documents of the repository', () => {
  it.each(DOCUMENTS)('%s exists', (document) => {
    expect(existsSync(join(root, document))).toBe(true);
  });

  it('name the contract documents, which the repository holds', () => {
    const all = DOCUMENTS.flatMap((d) => docReferences(d, readFileSync(join(root, d), 'utf8')));
    const files = new Set(all.map((reference) => reference.file));
    expect(files).toContain('contract/interface.md');
    expect(files).toContain('contract/decisions.md');
  });

  for (const document of DOCUMENTS)
    it(`${document}: every relative link, anchor and file reference resolves`, () => {
      const references = docReferences(document, readFileSync(join(root, document), 'utf8'));
      const broken = references.flatMap((reference) => {
        const why = brokenBecause(document, reference);
        return why === undefined ? [] : [`${document}:${reference.line} ${reference.text}: ${why}`];
      });
      expect(broken).toEqual([]);
    });

  it('point nowhere outside the repository', () => {
    const outside = DOCUMENTS.flatMap((document) =>
      docReferences(document, readFileSync(join(root, document), 'utf8'))
        .filter((reference) => reference.file?.startsWith('..') === true)
        .map((reference) => `${document}:${reference.line} ${reference.text}`),
    );
    expect(outside).toEqual([]);
  });
});

/** Every text file under the project's own folders (this test's folder aside: it has to name what it looks for). */
function projectFiles(dir = ''): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) return SKIPPED_DIRS.has(path) ? [] : projectFiles(path);
    return TEXT_FILE.test(entry.name) ? [path] : [];
  });
}
const SKIPPED_DIRS = new Set(['.git', 'node_modules', 'dist', 'reports', 'coverage', 'tmp', 'test/docs']);
// The folder beside the repository the contract was first kept in (not `../shared-requests.js` of the kit).
const SHARED = /\.\.\/shared(?![\w.-])/;
const TEXT_FILE = /\.(?:md|ts|mjs|js|cjs|json|yaml|yml)$|^\.[\w-]+$/;

describe('the project', () => {
  it('reads nothing from ../shared: the contract documents are its own (contract/)', () => {
    const files = projectFiles();
    const readers = files.filter((file) => SHARED.test(readFileSync(join(root, file), 'utf8')));
    expect(files.length).toBeGreaterThan(100);
    expect(readers).toEqual([]);
  });
});

describe('docReferences', () => {
  const cases = [
    { name: 'a relative Markdown link', file: 'README.md', text: 'see [spec](spec/openapi.yaml)', found: [{ file: 'spec/openapi.yaml' }] },
    { name: 'a link from a subfolder with an anchor', file: 'conformance/README.md', text: '[d](../contract/decisions.md#paging)', found: [{ file: 'contract/decisions.md', anchor: 'paging' }] },
    { name: 'an anchor in the same file', file: 'README.md', text: '[up](#quick-start)', found: [{ file: null, anchor: 'quick-start' }] },
    { name: 'a path in a code span, from the root or the folder', file: 'conformance/README.md', text: 'reads `spec/openapi.yaml`', found: [{ file: 'spec/openapi.yaml', or: 'conformance/spec/openapi.yaml' }] },
    { name: 'nothing inside a code fence', file: 'README.md', text: '```ts\nimport x from "../check/a.js";\n```', found: [] },
    { name: 'a contract document named alone', file: 'spec/openapi.yaml', text: 'the choice of decisions.md', found: [{ file: 'contract/decisions.md' }] },
    { name: 'a path leaving the repository', file: 'README.md', text: 'kept in `../shared/contract/interface.md`', found: [{ file: '../shared/contract/interface.md' }] },
    { name: 'nothing for web links, built files or URL paths', file: 'README.md', text: '[a](https://x.org/a.md) `node dist/src/cli.js` https://files.example.com/p/beans.json', found: [] },
  ]; // prettier-ignore
  it.each(cases)('finds $found in $name', ({ file, text, found }) => {
    const shown = docReferences(file, text).map(({ file: f, or, anchor }) => ({
      file: f,
      ...(or !== undefined && { or }),
      ...(anchor !== undefined && { anchor }),
    }));
    expect(shown).toEqual(found);
  });
});

describe('headingAnchors', () => {
  const cases = [
    { markdown: '## Create and update', anchor: 'create-and-update' },
    { markdown: '### Force an error state with `Prefer`', anchor: 'force-an-error-state-with-prefer' },
    { markdown: "# Get a node's products", anchor: 'get-a-nodes-products' },
    { markdown: '## Paging\n## Paging', anchor: 'paging-1' },
    { markdown: '```\n# not a heading\n```\n## Real', anchor: 'real' },
  ];
  it.each(cases)('gives $anchor for $markdown', ({ markdown, anchor }) => {
    expect(headingAnchors(markdown)).toContain(anchor);
  });

  it('gives no anchor for a line inside a code fence', () => {
    expect(headingAnchors('```\n# not a heading\n```')).toEqual(new Set());
  });
});
