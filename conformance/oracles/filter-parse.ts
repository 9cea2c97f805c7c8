import type { FilterExpression } from './filter-match.js';

/**
 * The kit's own reading of a `filter` parameter (decisions.md grammar: `op(attribute,value,...)` joined by
 * `:`, values quoted with `"` or `'`, a backslash escaping the quote): the expressions, or undefined when
 * the text does not parse or names an operator other than eq and in (such a request is the server's to refuse).
 * @example parseFilter('eq(sku,a):in(tags,"x,y",z)') // [{ op: 'eq', attribute: 'sku', values: ['a'] }, ...]
 */
export function parseFilter(text: string): FilterExpression[] | undefined {
  const expressions: FilterExpression[] = [];
  let at = 0;
  while (at <= text.length) {
    const open = text.indexOf('(', at);
    if (open < 0) return undefined;
    const op = text.slice(at, open).trim();
    if (op !== 'eq' && op !== 'in') return undefined;
    const args: string[] = [];
    let i = open + 1;
    for (;;) {
      const value = readValue(text, i);
      if (value === undefined) return undefined;
      args.push(value.text);
      i = value.end;
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === ')') break;
      return undefined;
    }
    const [attribute, ...values] = args;
    if (attribute === undefined || attribute === '' || values.length === 0) return undefined;
    expressions.push({ op, attribute, values });
    at = i + 1;
    if (at === text.length) return expressions;
    if (text[at] !== ':') return undefined;
    at++;
  }
  return undefined;
}

/** One argument from `start`: quoted (escapes undone) or plain up to `,` or `)`; `end` is the index after it. */
function readValue(text: string, start: number): { text: string; end: number } | undefined {
  let i = start;
  while (text[i] === ' ') i++;
  const quote = text[i];
  if (quote === '"' || quote === "'") {
    let value = '';
    for (i++; i < text.length; i++) {
      const c = text[i] as string;
      if (c === '\\' && i + 1 < text.length) value += text[++i];
      else if (c === quote) {
        i++;
        while (text[i] === ' ') i++;
        return { text: value, end: i };
      } else value += c;
    }
    return undefined;
  }
  let end = i;
  while (end < text.length && text[end] !== ',' && text[end] !== ')') end++;
  if (end >= text.length) return undefined;
  return { text: text.slice(i, end).trim(), end };
}
