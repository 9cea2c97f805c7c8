/**
 * Whether `text` matches a pattern where `*` stands for any run of characters and everything else is
 * literal. Linear in practice (one step back to the last `*` at most per character), so no pattern a client
 * sends can hold the mock the way a backtracking regular expression can (`*s*s*x` on a long path).
 * @example matchesPattern('/subscriptions/*', '/subscriptions/abc') // true
 */
export function matchesPattern(pattern: string, text: string): boolean {
  let at = 0;
  let next = 0;
  let star = -1;
  let resume = 0;
  while (at < text.length) {
    if (next < pattern.length && pattern[next] !== '*' && pattern[next] === text[at]) {
      at++;
      next++;
    } else if (next < pattern.length && pattern[next] === '*') {
      star = next++;
      resume = at;
    } else if (star !== -1) {
      next = star + 1;
      at = ++resume;
    } else return false;
  }
  while (next < pattern.length && pattern[next] === '*') next++;
  return next === pattern.length;
}
