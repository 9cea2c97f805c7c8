/** Characters XML 1.0 cannot hold at all (C0 controls other than tab, newline, return; lone surrogates; U+FFFE/F). */
const INVALID_XML =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point: XML cannot carry them.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Escapes text for XML and HTML element content and attribute values (double or single quoted). */
export function escapeXml(text: string): string {
  return text
    .replace(INVALID_XML, '\uFFFD')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
