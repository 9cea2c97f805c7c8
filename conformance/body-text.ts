import { isAscii } from 'node:buffer';

/**
 * A response body's bytes as text. Most JSON is ASCII, and an ASCII body is decoded as latin1 (the same
 * characters): Node keeps such a string of over a megabyte outside V8's heap, so a 3 MB page does not add
 * 3 MB to the old generation, whose growth is what sets the kit's peak RSS. Other bodies decode as UTF-8.
 * @example bodyText([Buffer.from('{"a":1}')]) // '{"a":1}'
 */
export function bodyText(chunks: readonly Buffer[]): string {
  const whole = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
  return isAscii(whole) ? whole.toString('latin1') : whole.toString('utf8');
}
