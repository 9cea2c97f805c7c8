import {
  FILTER_OPERATORS,
  isFilterOperator,
  type FilterGrammar,
  type FilterOperator,
} from './filter-grammar.js';
import { expectedList, quoteInput, type QueryProblem } from './query-problem.js';

export * from './filter-grammar.js';
export type { QueryProblem } from './query-problem.js';

/** One `op(attribute,value[,value...])`; a filter is a list of them, all of which must match (AND). */
export interface FilterExpression {
  op: FilterOperator;
  attribute: string;
  values: string[];
}

export type FilterResult =
  { ok: true; expressions: FilterExpression[] } | { ok: false; problems: QueryProblem[] };

export const MAX_FILTER_EXPRESSIONS = 10;

const PARAMETER = 'filter';
const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const OPERATOR_CHAR = /^[A-Za-z0-9_]$/;
// Only used to resume after a broken expression: the next `:op(` is taken as the start of the next one.
const NEXT_EXPRESSION = /:[ \t\r\n]*[A-Za-z0-9_]+[ \t\r\n]*\(/g;

/** An expression as written, before the grammar of the operation is applied. */
interface WrittenExpression {
  op: string;
  attribute: string;
  values: string[];
}

type ReadResult =
  { ok: true; written: WrittenExpression; end: number } | { ok: false; detail: string; end: number };

/** Parses a `filter` already URL-decoded once (not again: a literal `+` arrives as `%2B`), reporting every problem. */
export function parseFilter(raw: string, grammar: FilterGrammar): FilterResult {
  const problems: string[] = [];
  if (raw.trim() === '') {
    problems.push(`filter: must not be empty; expected op(attribute,value), e.g. ${example(grammar)}`);
    return fail(problems);
  }
  const expressions: FilterExpression[] = [];
  let count = 0;
  let pos = 0;
  for (;;) {
    count += 1;
    const read = readExpression(raw, pos);
    // Past the limit only the count matters; the parse continues so the detail can say how many were sent.
    if (count <= MAX_FILTER_EXPRESSIONS) {
      if (read.ok) {
        const checked = checkExpression(read.written, grammar);
        if (typeof checked === 'string') problems.push(checked);
        else expressions.push(checked);
      } else {
        problems.push(read.detail);
      }
    }
    pos = skipWhitespace(raw, read.end);
    if (pos >= raw.length) break;
    if (raw[pos] === ':') {
      pos += 1;
      continue;
    }
    if (count <= MAX_FILTER_EXPRESSIONS) {
      problems.push(
        `filter: expected ':' or the end of the filter at character ${pos + 1}, found ${quoteInput(raw.slice(pos, pos + 1))}` +
          ` (quote values that contain ',' or ')')`,
      );
    }
    pos = nextExpressionStart(raw, pos);
    if (pos >= raw.length) break;
    pos += 1;
  }
  if (count > MAX_FILTER_EXPRESSIONS) {
    problems.push(
      `filter: at most ${MAX_FILTER_EXPRESSIONS} expressions joined by ':' are allowed; got ${count}`,
    );
  }
  return problems.length > 0 ? fail(problems) : { ok: true, expressions };
}

function fail(details: string[]): FilterResult {
  return { ok: false, problems: details.map((detail) => ({ parameter: PARAMETER, detail })) };
}

function example(grammar: FilterGrammar): string {
  const op = FILTER_OPERATORS.find((candidate) => (grammar[candidate]?.length ?? 0) > 0) ?? 'eq';
  return `${op}(${grammar[op]?.[0] ?? 'name'},value)`;
}

/** Reads `op(attribute,value,...)` from `start`; on a broken structure, `end` is where parsing can resume. */
function readExpression(text: string, start: number): ReadResult {
  let pos = skipWhitespace(text, start);
  const opStart = pos;
  while (pos < text.length && OPERATOR_CHAR.test(text[pos] ?? '')) pos += 1;
  const op = text.slice(opStart, pos);
  if (op === '') {
    return broken(
      text,
      pos,
      `expected an operator such as eq(attribute,value) at character ${pos + 1}, found ${found(text, pos)}`,
    );
  }
  pos = skipWhitespace(text, pos);
  if (text[pos] !== '(') {
    return broken(
      text,
      pos,
      `expected '(' after ${quoteInput(op)} at character ${pos + 1}, found ${found(text, pos)}`,
    );
  }
  pos += 1;
  const attributeStart = pos;
  while (pos < text.length && !',()'.includes(text[pos] ?? '')) pos += 1;
  const attribute = text.slice(attributeStart, pos).trim();
  if (attribute === '') {
    return broken(
      text,
      pos,
      `expected an attribute name after '${op}(' at character ${pos + 1}, found ${found(text, pos)}`,
    );
  }
  if (text[pos] !== ',') {
    const detail =
      pos >= text.length
        ? `missing ')' to close '${op}(' opened at character ${opStart + 1}`
        : `expected ',' and a value after attribute ${quoteInput(attribute)} at character ${pos + 1}, found ${found(text, pos)}`;
    return broken(text, pos, detail);
  }
  const values: string[] = [];
  for (;;) {
    pos += 1;
    const value = readValue(text, pos);
    if (!value.ok) return value;
    values.push(value.value);
    pos = skipWhitespace(text, value.end);
    if (text[pos] === ',') continue;
    if (text[pos] === ')') return { ok: true, written: { op, attribute, values }, end: pos + 1 };
    const detail =
      pos >= text.length
        ? `missing ')' to close '${op}(' opened at character ${opStart + 1}`
        : `expected ',' or ')' after a value at character ${pos + 1}, found ${found(text, pos)}`;
    return broken(text, pos, detail);
  }
}

/** A value: quoted with `"` or `'` (backslash escapes that quote and itself), or bare up to `,` or `)`, trimmed. */
function readValue(
  text: string,
  start: number,
): { ok: true; value: string; end: number } | { ok: false; detail: string; end: number } {
  let pos = skipWhitespace(text, start);
  const quote = text[pos];
  if (quote === '"' || quote === "'") {
    const opened = pos;
    let value = '';
    pos += 1;
    while (pos < text.length) {
      const char = text[pos] ?? '';
      const next = text[pos + 1];
      if (char === '\\' && (next === quote || next === '\\')) {
        value += next;
        pos += 2;
      } else if (char === quote) {
        return { ok: true, value, end: pos + 1 };
      } else {
        value += char;
        pos += 1;
      }
    }
    // Everything after an unclosed quote belongs to it, so there is nothing left to resume from.
    return {
      ok: false,
      detail: `filter: unclosed ${quote} quote opened at character ${opened + 1}`,
      end: text.length,
    };
  }
  const valueStart = pos;
  while (pos < text.length && text[pos] !== ',' && text[pos] !== ')') pos += 1;
  return { ok: true, value: text.slice(valueStart, pos).trimEnd(), end: pos };
}

/** Applies the operation's grammar; returns the expression, or the detail of the first rule it breaks. */
function checkExpression(written: WrittenExpression, grammar: FilterGrammar): FilterExpression | string {
  const { op, attribute, values } = written;
  const offered = FILTER_OPERATORS.filter((candidate) => grammar[candidate] !== undefined);
  if (!isFilterOperator(op) || grammar[op] === undefined) {
    const known = isFilterOperator(op) ? 'not available here' : 'unknown';
    return `filter: operator ${quoteInput(op)} is ${known}; expected ${expectedList(offered)}`;
  }
  const attributes = grammar[op];
  if (!attributes.includes(attribute)) {
    const elsewhere = offered.filter((other) => other !== op && grammar[other]?.includes(attribute));
    const hint = elsewhere.length > 0 ? `; ${quoteInput(attribute)} works with ${elsewhere.join(', ')}` : '';
    return `filter: unknown attribute ${quoteInput(attribute)} for ${op}; expected ${expectedList(attributes)}${hint}`;
  }
  if (op === 'eq' && values.length > 1) {
    const hint = grammar.in?.includes(attribute)
      ? `; use in(${attribute},value,...) to match any of several`
      : '';
    return `filter: eq takes exactly one value, got ${values.length} for ${attribute}${hint}`;
  }
  if (values.some((value) => value === '')) {
    return `filter: empty value for ${attribute} in ${op}(); expected a non-empty value`;
  }
  return { op, attribute, values };
}

function broken(text: string, pos: number, detail: string): ReadResult {
  return { ok: false, detail: `filter: ${detail}`, end: nextExpressionStart(text, pos) };
}

/** Index of the `:` that starts the next expression after `from`, or the end of the text. */
function nextExpressionStart(text: string, from: number): number {
  NEXT_EXPRESSION.lastIndex = from;
  const match = NEXT_EXPRESSION.exec(text);
  return match ? match.index : text.length;
}

function found(text: string, pos: number): string {
  return pos >= text.length ? 'the end of the filter' : quoteInput(text.slice(pos, pos + 1));
}

function skipWhitespace(text: string, from: number): number {
  let pos = from;
  while (pos < text.length && WHITESPACE.has(text[pos] ?? '')) pos += 1;
  return pos;
}
