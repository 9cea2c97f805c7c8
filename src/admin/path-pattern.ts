/**
 * Whether `text` matches a pattern where `*` stands for any run of characters and the rest is literal; linear
 * (issue 28): each literal part is found at its first place after the last, which is never worse for what follows.
 * @example matchesPattern('/subscriptions/*', '/subscriptions/abc') // true
 */
export function matchesPattern(pattern: string, text: string): boolean {
  const [first = '', ...rest] = pattern.split('*');
  const last = rest.pop();
  if (last === undefined) return pattern === text;
  if (!text.startsWith(first) || !text.endsWith(last) || text.length < first.length + last.length)
    return false;
  let at = first.length;
  for (const part of rest) {
    const found = text.indexOf(part, at);
    if (found === -1) return false;
    at = found + part.length;
  }
  return at <= text.length - last.length;
}
