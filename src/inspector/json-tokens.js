/** Strings (a key when a colon follows), numbers and literals of JSON text; the rest is punctuation or space. */
const TOKEN = /("(?:[^"\\]|\\.)*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|\b(true|false|null)\b/g;

/**
 * JSON text indented two spaces a level without parsing it, so a body the journal cut short reads like the
 * rest; strings are kept as they are.
 * @example indentLoose('{"a":[1,2') // '{\n  "a": [\n    1,\n    2'
 */
export function indentLoose(text) {
  let out = '';
  let depth = 0;
  let inString = false;
  let escaped = false;
  const newline = () => `\n${'  '.repeat(depth)}`;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      out += c;
      if (escaped) escaped = false;
      else if (c === '\\') escaped = true;
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
      out += c;
    } else if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      const next = text.slice(i + 1).search(/\S/);
      if (next !== -1 && text[i + 1 + next] === close) {
        out += c + close;
        i += 1 + next;
      } else {
        depth++;
        out += c + newline();
      }
    } else if (c === '}' || c === ']') {
      depth = Math.max(0, depth - 1);
      out += newline() + c;
    } else if (c === ',') out += `,${newline()}`;
    else if (c === ':') out += ': ';
    else if (!/\s/.test(c)) out += c;
  }
  return out;
}

/**
 * A body as shown: pretty-printed when it is JSON (or JSON cut short), else the text as it came.
 * @example prettyBody('{"a":1}') // { text: '{\n  "a": 1\n}', json: true }
 */
export function prettyBody(body) {
  if (body === null || body === undefined || body === '') return { text: '', json: false };
  try {
    return { text: JSON.stringify(JSON.parse(body), null, 2), json: true };
  } catch {
    return /^\s*[[{]/.test(body) ? { text: indentLoose(body), json: true } : { text: body, json: false };
  }
}

/**
 * The tokens of JSON text, in order, for colouring: `key`, `string`, `number`, `literal` or `plain`.
 * Joined back, their texts give the input unchanged.
 * @example jsonTokens('{"a": 1}') // plain '{', key '"a"', plain ': ', number '1', plain '}'
 */
export function jsonTokens(text) {
  const tokens = [];
  let last = 0;
  const plain = (end) => {
    if (end > last) tokens.push({ kind: 'plain', text: text.slice(last, end) });
  };
  for (const match of text.matchAll(TOKEN)) {
    plain(match.index);
    if (match[1] !== undefined) {
      tokens.push({ kind: match[2] === undefined ? 'string' : 'key', text: match[1] });
      last = match.index + match[1].length;
      continue;
    }
    tokens.push({ kind: match[3] === undefined ? 'literal' : 'number', text: match[0] });
    last = match.index + match[0].length;
  }
  plain(text.length);
  return tokens;
}
