/** Strings (a key when a colon follows), numbers and literals of JSON text; the rest is punctuation or space. */
const TOKEN = /("(?:[^"\\]|\\.)*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|\b(true|false|null)\b/g;

/**
 * A body as shown: pretty-printed when it is JSON, else the text as it came.
 * @example prettyBody('{"a":1}') // { text: '{\n  "a": 1\n}', json: true }
 */
export function prettyBody(body) {
  if (body === null || body === undefined || body === '') return { text: '', json: false };
  try {
    return { text: JSON.stringify(JSON.parse(body), null, 2), json: true };
  } catch {
    return { text: body, json: false };
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
