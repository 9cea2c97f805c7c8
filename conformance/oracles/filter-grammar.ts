import type { FilterExpression } from './filter-match.js';

/**
 * The kit's own reading of a `filter` parameter (decisions.md § Filters): `op(attribute,value[,value...])`
 * joined by `:`; values quoted with `"` or `'`, a backslash escaping the quote; unquoted values end at `,` or
 * `)`. Undefined when it does not parse or names an operator other than `eq` and `in`.
 * @example parseFilter('eq(email,"a:b"):in(sku,X,Y)')
 *   // [{ op: 'eq', attribute: 'email', values: ['a:b'] }, { op: 'in', attribute: 'sku', values: ['X', 'Y'] }]
 */
export function parseFilter(text: string): FilterExpression[] | undefined {
  const expressions: FilterExpression[] = [];
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf('(', at);
    if (open < 0) return undefined;
    const op = text.slice(at, open);
    if (op !== 'eq' && op !== 'in') return undefined;
    const args: string[] = [];
    let i = open + 1;
    for (;;) {
      const quote = text[i];
      let value = '';
      if (quote === '"' || quote === "'") {
        for (i++; i < text.length && text[i] !== quote; i++)
          value += text[i] === '\\' ? (text[++i] ?? '') : text[i];
        if (i >= text.length) return undefined;
        i++;
      } else {
        for (; i < text.length && text[i] !== ',' && text[i] !== ')'; i++) value += text[i];
      }
      args.push(value);
      if (text[i] === ',') i++;
      else if (text[i] === ')') break;
      else return undefined;
    }
    const [attribute, ...values] = args;
    if (attribute === undefined || attribute === '' || values.length === 0) return undefined;
    expressions.push({ op, attribute, values });
    at = i + 1;
    if (at < text.length) {
      if (text[at] !== ':') return undefined;
      at++;
      if (at === text.length) return undefined;
    }
  }
  return expressions.length === 0 ? undefined : expressions;
}
