/**
 * JSON that is already text: spliced into a document as it is, never stringified again. Records keep their
 * rendered texts (TextMemo), and a page joins them.
 * @example jsonDocument({ data: jsonArray(texts), links }) // '{"data":[...],"links":{...}}'
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/** An array of texts as one JSON text. */
export function jsonArray(texts: readonly string[]): JsonText {
  return new JsonText(`[${texts.join(',')}]`);
}

/**
 * A JSON object from members that are values (stringified) or JsonText (spliced), in the given order;
 * undefined members are left out, as JSON.stringify leaves them out.
 */
export function jsonDocument(members: Readonly<Record<string, unknown>>): JsonText {
  const parts: string[] = [];
  for (const name in members) {
    const value = members[name];
    if (value === undefined) continue;
    parts.push(`${JSON.stringify(name)}:${value instanceof JsonText ? value.text : JSON.stringify(value)}`);
  }
  return new JsonText(`{${parts.join(',')}}`);
}
