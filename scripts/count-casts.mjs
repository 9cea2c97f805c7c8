// Counts the `as` casts of src/ (non-test, non-generated TypeScript), `as const` left out, with the TypeScript
// AST: `node scripts/count-casts.mjs` prints the total, those that are `as never`, and where each one is.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const files = (folder) =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return files(path);
    return /\.ts$/.test(entry.name) && !/\.(test|gen|d)\.ts$/.test(entry.name) ? [path] : [];
  });

const casts = [];
for (const file of files('src')) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if (ts.isAsExpression(node) && node.type.getText(source) !== 'const') {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      casts.push({ where: `${file}:${line + 1}`, type: node.type.getText(source) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
if (process.argv.includes('--list')) for (const cast of casts) console.log(`${cast.where}  as ${cast.type}`);
const never = casts.filter((cast) => cast.type === 'never').length;
console.log(`${casts.length} casts (as const not counted), ${never} of them as never`);
