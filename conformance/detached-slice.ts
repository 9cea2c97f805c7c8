/**
 * The first `end` characters of a string as a string of their own. V8 represents `text.slice(0, n)` as a
 * view that keeps the whole of `text` alive: an 8 KB excerpt of a 3 MB body kept for the report would hold
 * the 3 MB too. Copying through UTF-16 code units keeps every character as it was, lone surrogates included.
 * @example detachedSlice(body, 8000) // the same characters as body.slice(0, 8000), not sharing body's memory
 */
export function detachedSlice(text: string, end: number): string {
  if (text.length <= end) return text;
  // Always copied: V8 makes a view of any slice of 13 characters or more (SlicedString::kMinLength).
  return Buffer.from(text.slice(0, end), 'utf16le').toString('utf16le');
}
