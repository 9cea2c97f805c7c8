/**
 * JSON that is already text: spliced into a document as it is, never stringified again. Records keep their
 * rendered texts (TextMemo), and a page joins them. A document is added up from its parts (a rope) with its
 * length in UTF-8 bytes beside it, so the Content-Length needs no flat copy: the request journal keeps every
 * answer's body, and a fresh 2 KB copy per create kept there was 20 of the 65 MB promoted in 21,000 creates.
 * @example jsonDocument({ data: jsonArray(texts), links }) // '{"data":[...],"links":{...}}'
 */
export class JsonText {
  /** `Buffer.byteLength(text)`, given when known from the parts. */
  readonly bytes: number;

  constructor(
    readonly text: string,
    bytes?: number,
  ) {
    this.bytes = bytes ?? Buffer.byteLength(text);
  }
}

/** An array of texts as one JSON text. */
export function jsonArray(texts: readonly string[]): JsonText {
  const joined = texts.join(',');
  return new JsonText(`[${joined}]`, Buffer.byteLength(joined) + 2);
}

/**
 * A JSON object from members that are values (stringified) or JsonText (spliced), in the given order;
 * undefined members are left out, as JSON.stringify leaves them out.
 */
export function jsonDocument(members: Readonly<Record<string, unknown>>): JsonText {
  let text = '{';
  let bytes = 2;
  for (const name in members) {
    const value = members[name];
    if (value === undefined) continue;
    const part = value instanceof JsonText ? value : new JsonText(JSON.stringify(value));
    const key = `${text === '{' ? '' : ','}${JSON.stringify(name)}:`;
    text += key + part.text;
    bytes += Buffer.byteLength(key) + part.bytes;
  }
  return new JsonText(`${text}}`, bytes);
}
