/** Whether `text` matches a pattern whose `*` is any run; linear: each part found at its first place after the last. */
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
