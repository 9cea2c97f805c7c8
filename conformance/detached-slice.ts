/**
 * The first `end` characters of a string as a string of their own. V8 represents `text.slice(0, n)` as a
 * view that keeps the whole of `text` alive: an 8 KB excerpt of a 3 MB body kept for the report would hold
 * the 3 MB too. Copying through UTF-16 code units keeps every character as it was, lone surrogates included.
 * @example detachedSlice(body, 8000) // the same characters as body.slice(0, 8000), not sharing body's memory
 */
export function detachedSlice(text: string, end: number): string {
  const head = text.length > end ? text.slice(0, end) : text;
  // Short strings are copied by V8 already; only a view of a longer string needs the copy.
  if (head === text || head.length < 64) return head;
  return Buffer.from(head, 'utf16le').toString('utf16le');
}
