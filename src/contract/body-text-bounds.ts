import { tooManyValues, type BodyBounds } from './body-bounds.js';
import { escapeSegment } from './json-pointer.js';
import type { Findings, Violation } from './violation.js';

// The bounds of body-bounds.ts checked on the JSON text, before JSON.parse: parsing a megabyte of 350,000 empty
// objects, or of brackets nested 500,000 deep, costs more than the rest of a request (up to a second for the
// brackets). One linear pass over the characters finds the same places boundViolations finds after parsing:
// nesting past maxDepth, arrays past maxItems, objects past maxProperties, more values than maxValues. Strings
// are left to the walk after parsing, which sees their decoded length.

interface Container {
  array: boolean;
  /** Items (arrays) or keys (objects) begun so far. */
  count: number;
  /** A comma or the opening bracket came last: the next value is a new item, the next string a key. */
  expecting: boolean;
  /** The current member's key in the text, quotes excluded (objects only). */
  keyStart: number;
  keyEnd: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Where the string opened just before `from` ends: the index of its closing quote, or the text's end. */
function stringEnd(text: string, from: number): number {
  for (let at = from; ;) {
    const quote = text.indexOf('"', at);
    if (quote === -1) return text.length;
    let backslashes = 0;
    while (quote - backslashes - 1 >= from && text.charCodeAt(quote - backslashes - 1) === BACKSLASH)
      backslashes++;
    if (backslashes % 2 === 0) return quote;
    at = quote + 1;
  }
}

/** Where the container opened at `open` closes (brackets outside strings), or the text's end. */
function containerEnd(text: string, open: number): number {
  let depth = 0;
  for (let at = open; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === QUOTE) at = stringEnd(text, at + 1);
    else if (code === 0x5b || code === 0x7b) depth++;
    else if ((code === 0x5d || code === 0x7d) && --depth === 0) return at;
  }
  return text.length;
}

/** Characters of a pointer past which the scan stops building it (errors show at most 1,024 anyway). */
const POINTER_CHARS = 1_100;

/** The key decoded, or its first `limit` raw characters decoded as far as they go. */
function keyOf(text: string, container: Container, limit = Number.MAX_SAFE_INTEGER): string {
  const raw = text.slice(container.keyStart, Math.min(container.keyEnd, container.keyStart + limit));
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw; // a malformed (or cut) key: JSON.parse of the whole body says what is wrong with it
  }
}

/** The pointer of the value being read in the first `count` containers, cut once past POINTER_CHARS. */
function pointerOf(text: string, open: readonly Container[], count: number): string {
  let pointer = '';
  for (let index = 0; index < count && pointer.length <= POINTER_CHARS; index++) {
    const container = open[index] as Container;
    pointer += `/${container.array ? container.count - 1 : escapeSegment(keyOf(text, container, POINTER_CHARS))}`;
  }
  return pointer;
}

/** Whether the key just read is longer than `maxLength` once decoded (escapes make the raw text up to 6x longer). */
function keyTooLong(text: string, container: Container, maxLength: number): boolean {
  const raw = container.keyEnd - container.keyStart;
  if (raw <= maxLength) return false;
  return raw > 6 * maxLength || keyOf(text, container).length > maxLength;
}

const where = (at: string) => (at === '' ? 'the body' : at);

/**
 * Adds to `findings` every place the JSON `text` goes past `bounds`, in document order, as boundViolations
 * words them; nothing inside a container already past a bound is reported. Malformed text is scanned as far
 * as it goes: what is wrong with it is JSON.parse's to say.
 * @example textBoundViolations('{"plans":[{},{},{}]}', { ...DEFAULT_BODY_BOUNDS, maxItems: 2 }, findings) // /plans must have at most 2 items
 */
export function textBoundViolations(text: string, bounds: BodyBounds, findings: Findings): void {
  const open: Container[] = [];
  // How many containers are open above the one past a bound (-1: none): inside it nothing is reported.
  let quietFrom = -1;
  const report = (violation: () => Violation) => {
    if (quietFrom === -1) findings.add(violation);
  };
  const begin = (container: Container | undefined, bound: number, keyword: string, rule: string) => {
    if (container === undefined || !container.expecting) return;
    container.expecting = false;
    if (++container.count !== bound + 1) return;
    const depth = open.length - 1;
    report(() => {
      const at = pointerOf(text, open, depth);
      return { in: 'body', at, keyword, detail: `${where(at)} must have at most ${bound} ${rule}` };
    });
    if (quietFrom === -1) quietFrom = depth;
  };
  let values = 0;
  // A value begins: an item if its container is an array. False once the body holds too many.
  const beginValue = (container: Container | undefined): boolean => {
    if (++values > bounds.maxValues) {
      findings.add(() => tooManyValues(bounds));
      return false;
    }
    if (container?.array === true) begin(container, bounds.maxItems, 'maxItems', 'items');
    return true;
  };

  // The last character outside strings and spaces: a number, true, false or null begins after one of , : [
  let previous = 0x2c;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) continue;
    const before = previous;
    previous = code;
    const top = open[open.length - 1];
    if (code === QUOTE) {
      const start = at + 1;
      at = stringEnd(text, start);
      if (top !== undefined && !top.array && top.expecting) {
        top.keyStart = start;
        top.keyEnd = at;
        begin(top, bounds.maxProperties, 'maxProperties', 'fields');
        if (keyTooLong(text, top, bounds.maxLength)) {
          // Named at its object, and nothing more of that object reported: every pointer inside would
          // repeat the key (once 50 pointers of a 900 KB key made a 90 MB answer).
          const depth = open.length - 1;
          report(() => {
            const at = pointerOf(text, open, depth);
            const begins = keyOf(text, top, 40);
            const detail = `a key of ${where(at)} must be at most ${bounds.maxLength} characters (one begins "${begins}")`;
            return { in: 'body', at, keyword: 'maxLength', detail };
          });
          if (quietFrom === -1) quietFrom = depth;
        }
      } else if (!beginValue(top)) return;
    } else if (code === 0x5b || code === 0x7b) {
      if (!beginValue(top)) return;
      if (open.length >= bounds.maxDepth) {
        // Named by the field a client wrote (its first three segments), as boundViolations names it.
        report(() => {
          const field = pointerOf(text, open, Math.min(3, open.length));
          const path = pointerOf(text, open, open.length).slice(0, 80);
          const detail = `${where(field)} is nested more than ${bounds.maxDepth} levels deep (at ${path}...)`;
          return { in: 'body', at: field, keyword: 'maxDepth', detail };
        });
        at = containerEnd(text, at); // not one bracket more is kept
        continue;
      }
      open.push({ array: code === 0x5b, count: 0, expecting: true, keyStart: 0, keyEnd: 0 });
    } else if (code === 0x5d || code === 0x7d) {
      open.pop();
      if (open.length === quietFrom) quietFrom = -1;
    } else if (code === 0x2c) {
      if (top !== undefined) top.expecting = true;
    } else if (code !== 0x3a && (before === 0x2c || before === 0x3a || before === 0x5b)) {
      if (!beginValue(top)) return;
    }
  }
}
