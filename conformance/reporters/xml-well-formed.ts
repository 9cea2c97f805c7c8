const NAME = '[A-Za-z_][\\w.-]*';
const ENTITY = /&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g;
const TOKEN = new RegExp(
  `<\\?xml[^?]*\\?>|<!--[\\s\\S]*?-->|</(${NAME})\\s*>|<(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^"]*"|'[^']*'))*)\\s*(/?)>|<|[^<]+`,
  'g',
);

/**
 * Problems that make a document not well-formed XML, for the reporters' tests (a tiny checker: tags balance,
 * one root, attributes quoted, `&` only in entities, no stray `<`). Empty when well-formed.
 */
export function xmlProblems(xml: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  let roots = 0;
  for (const match of xml.matchAll(TOKEN)) {
    const [token, closing, opening, attributes, selfClosing] = match;
    if (token.startsWith('<?xml') || token.startsWith('<!--')) continue;
    if (closing !== undefined) {
      const open = stack.pop();
      if (open !== closing) problems.push(`</${closing}> closes <${open ?? 'nothing'}>`);
      continue;
    }
    if (opening !== undefined) {
      if (stack.length === 0) roots++;
      if (/&/.test((attributes ?? '').replace(ENTITY, '')))
        problems.push(`raw & in attributes of <${opening}>`);
      if (selfClosing !== '/') stack.push(opening);
      continue;
    }
    if (token === '<') {
      problems.push(`stray < at ${match.index}`);
      continue;
    }
    if (/&/.test(token.replace(ENTITY, ''))) problems.push(`raw & in text at ${match.index}`);
    if (stack.length === 0 && token.trim() !== '') problems.push(`text outside the root at ${match.index}`);
  }
  if (stack.length > 0) problems.push(`unclosed <${stack.join('>, <')}>`);
  if (roots !== 1) problems.push(`${roots} root elements`);
  return problems;
}
