/**
 * Headers typed one `name: value` a line (blank lines skipped), or the lines that are not headers.
 * @example headerLines('accept-language: fr-FR') // { headers: { 'accept-language': 'fr-FR' }, problems: [] }
 */
export function headerLines(text) {
  const headers = {};
  const problems = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const match = /^\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*:\s*(.*?)\s*$/.exec(line);
    if (match === null) problems.push(`not a header (name: value): ${line.trim()}`);
    else headers[match[1].toLowerCase()] = match[2];
  }
  return { headers, problems };
}
