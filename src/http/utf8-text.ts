import { isUtf8 } from 'node:buffer';
import { escapeSegment } from '../contract/json-pointer.js';

/**
 * The byte offset of the first byte that does not belong to well-formed UTF-8 (RFC 3629: no overlongs, no
 * surrogates, nothing past U+10FFFF), or -1 when the whole buffer is well-formed.
 * @example firstInvalidUtf8(Buffer.from([0x61, 0xff])) // 1
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  if (isUtf8(bytes)) return -1;
  let at = 0;
  while (at < bytes.length) {
    const lead = bytes[at] ?? 0;
    const length =
      lead < 0x80
        ? 1
        : lead >= 0xc2 && lead <= 0xdf
          ? 2
          : lead >= 0xe0 && lead <= 0xef
            ? 3
            : lead >= 0xf0 && lead <= 0xf4
              ? 4
              : 0;
    if (length === 0 || at + length > bytes.length) return at;
    const second = bytes[at + 1] ?? 0;
    // The second byte's range depends on the lead (overlongs, surrogates and the top of Unicode are refused).
    const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
    const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
    if (length > 1 && (second < low || second > high)) return at;
    for (let next = 2; next < length; next++) {
      const byte = bytes[at + next] ?? 0;
      if (byte < 0x80 || byte > 0xbf) return at;
    }
    at += length;
  }
  return -1;
}

/**
 * Where in the JSON value parsed from `text` the `nth` U+FFFD (counting from 0, keys and string values in
 * document order) sits, as a JSON Pointer: the field a client sent broken bytes in.
 */
export function pointerOfReplacement(value: unknown, nth: number): string {
  let remaining = nth;
  const visit = (node: unknown, at: string): string | undefined => {
    if (typeof node === 'string') {
      const found = count(node);
      if (remaining < found) return at;
      remaining -= found;
      return undefined;
    }
    if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index++) {
        const inner = visit(node[index], `${at}/${index}`);
        if (inner !== undefined) return inner;
      }
      return undefined;
    }
    if (typeof node === 'object' && node !== null) {
      for (const [key, inner] of Object.entries(node)) {
        const where = `${at}/${escapeSegment(key)}`;
        const inKey = count(key);
        if (remaining < inKey) return where;
        remaining -= inKey;
        const found = visit(inner, where);
        if (found !== undefined) return found;
      }
    }
    return undefined;
  };
  return visit(value, '') ?? '';
}

function count(text: string): number {
  let found = 0;
  for (let at = text.indexOf('\uFFFD'); at !== -1; at = text.indexOf('\uFFFD', at + 1)) found += 1;
  return found;
}
