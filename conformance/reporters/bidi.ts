/**
 * Bidirectional controls (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C): a server's text holding one
 * (U+202E, right-to-left override) would reorder what a report shows, e.g. a curl line or an expected value.
 */
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/**
 * Writes each bidirectional control as the six characters `\u202E`: visible text in Markdown, HTML, XML and a
 * terminal, and the same character again when a JSON report is parsed.
 * @example escapeBidi('abc\u202Edef') // 'abc\\u202Edef'
 */
export function escapeBidi(text: string): string {
  return text.replace(BIDI, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
}
