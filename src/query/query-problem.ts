/** One broken rule in a query parameter; the http layer turns each into a 400 error object with `source.parameter`. */
export interface QueryProblem {
  parameter: string;
  detail: string;
}

const SHOWN_LENGTH = 40;

/** Quotes a piece of client input for a detail message, cut short so a huge parameter is not echoed back whole. */
export function quoteInput(text: string): string {
  const shown = text.length > SHOWN_LENGTH ? `${text.slice(0, SHOWN_LENGTH)}...` : text;
  return `'${shown}'`;
}

/** "a", "a or b", "one of a, b, c": the wording every "expected ..." detail uses. */
export function expectedList(values: readonly string[]): string {
  if (values.length === 1) return values[0] ?? '';
  return `one of ${values.join(', ')}`;
}
