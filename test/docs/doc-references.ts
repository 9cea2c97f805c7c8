/** One place a document points at: a Markdown link or a file named in the text. */
export interface DocReference {
  /** As written, e.g. `contract/decisions.md#paging` or `spec/openapi.yaml`. */
  text: string;
  /** The file it resolves to, relative to the repository root (`null` for an anchor in the same file). */
  file: string | null;
  /** Another file it may mean: a path in prose read from the document's own folder. */
  or?: string;
  anchor?: string;
  line: number;
}

// [text](target) or [text](target "title"); images too. External targets (scheme:, //host) are skipped.
const MARKDOWN_LINK = /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;
// A repository path written in prose or code: at least one folder, a known extension, not part of a URL.
const FILE_PATH =
  /(?<![\w/.:@-])((?:\.\.?\/)?(?:[\w.-]+\/)+[\w.-]+\.(?:md|ts|mjs|js|yaml|yml|json))(?![\w/-])/g;
// The contract documents named alone (`decisions.md`) live in contract/.
const CONTRACT_DOC = /(?<![\w/.-])((?:interface|decisions)\.md)(?![\w/-])/g;
// Paths that a build, an install or a run creates; the repository does not hold them.
const GENERATED = /^(?:dist|node_modules|reports|coverage|tmp)\//;

function normalise(parts: string[]): string {
  const out: string[] = [];
  for (const part of parts) {
    if (part === '' || part === '.') continue;
    // A path that climbs above the root keeps its `..`, so it shows as leaving the repository.
    if (part === '..' && out.length > 0 && out.at(-1) !== '..') out.pop();
    else out.push(part);
  }
  return out.join('/');
}

function dirOf(file: string): string[] {
  return file.split('/').slice(0, -1);
}

/**
 * Every Markdown link and every repository file named in a document's text (code fences left out), one entry
 * per occurrence. Markdown links resolve against the document's folder; file paths in the text against the
 * repository root (as the README and the spec write them) or the document's folder (as conformance/README.md
 * does), `./` and `../` paths against the document's folder only.
 * @example docReferences('README.md', 'see [the spec](spec/openapi.yaml)')[0].file // 'spec/openapi.yaml'
 */
export function docReferences(file: string, text: string): DocReference[] {
  const found: DocReference[] = [];
  let fenced = false;
  text.split('\n').forEach((content, index) => {
    const line = index + 1;
    if (content.trimStart().startsWith('```')) fenced = !fenced;
    if (fenced) return;
    const linked = new Set<string>();
    for (const [, target = ''] of content.matchAll(MARKDOWN_LINK)) {
      if (EXTERNAL.test(target)) continue;
      const [path = '', anchor] = target.split('#');
      const resolved = path === '' ? null : normalise([...dirOf(file), ...decodeURI(path).split('/')]);
      found.push({ text: target, file: resolved, ...(anchor === undefined ? {} : { anchor }), line });
      linked.add(path);
    }
    for (const [, path = ''] of content.matchAll(FILE_PATH)) {
      if (linked.has(path) || GENERATED.test(path)) continue;
      const fromDoc = normalise([...dirOf(file), ...path.split('/')]);
      if (path.startsWith('./') || path.startsWith('../')) found.push({ text: path, file: fromDoc, line });
      else {
        const fromRoot = normalise(path.split('/'));
        found.push({ text: path, file: fromRoot, ...(fromDoc === fromRoot ? {} : { or: fromDoc }), line });
      }
    }
    for (const [, name = ''] of content.matchAll(CONTRACT_DOC))
      found.push({ text: name, file: `contract/${name}`, line });
  });
  return found;
}

/**
 * The anchors GitHub gives a Markdown document's headings: lowercase, punctuation dropped, spaces to hyphens,
 * a repeated heading suffixed `-1`, `-2`...
 * @example headingAnchors('## Paging\n## Create and update') // Set { 'paging', 'create-and-update' }
 */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading === null) continue;
    const slug = (heading[1] ?? '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}
