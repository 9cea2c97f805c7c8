import type { IncomingMessage } from 'node:http';
import { isUtf8 } from 'node:buffer';
import { tooManyValues, type BodyBounds } from '../contract/body-shape.js';
import type { Violation } from '../contract/violation.js';
import { escapeSegment, isJsonMediaType } from '../contract/json-pointer.js';
import { HttpError } from './http-error.js';
import { bodyTurns, TURN_BYTES } from './loop-turns.js';
import { hasBody } from './route.js';
import { firstInvalidUtf8, pointerOfReplacement } from './utf8-text.js';

function tooLarge(limit: number, detail: string): HttpError {
  // Connection: close, so the client does not reuse a connection whose upload we stopped reading.
  return HttpError.of(413, `${detail}; the limit is ${limit} bytes`, undefined, { Connection: 'close' });
}

/** Reads the raw body, stopping (413) as soon as Content-Length or the streamed bytes exceed `limit`. */
export async function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  const { chunks, length } = await readChunks(request, limit);
  return Buffer.concat(chunks, length);
}

/** readBody's chunks as they came, not yet joined: a large body is joined in a turn of its own. */
function readChunks(request: IncomingMessage, limit: number): Promise<{ chunks: Buffer[]; length: number }> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit)
    return Promise.reject(tooLarge(limit, `The request body is ${declared} bytes`));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const stop = () => {
      request.off('data', onData).off('end', onEnd).off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= limit) return void chunks.push(chunk);
      // Paused, not destroyed: the client must still read the 413 (pipeline.ts, sendAnswer, drains or closes).
      stop();
      request.pause();
      reject(tooLarge(limit, `The request body exceeds ${limit} bytes`));
    };
    const onEnd = () => {
      stop();
      resolve({ chunks, length: received });
    };
    const onError = (error: Error) => {
      stop();
      reject(HttpError.of(400, `The request body could not be read: ${error.message}`, { pointer: '' }));
    };
    request.on('data', onData).on('end', onEnd).on('error', onError);
  });
}

/** The Content-Type check of JSON operations: 415 names what was sent and what is expected. */
export function checkJsonContentType(request: IncomingMessage): void {
  const type = request.headers['content-type'];
  const charset = type === undefined ? undefined : /;\s*charset="?([^";\s]+)/i.exec(type)?.[1]?.toLowerCase();
  if (
    type !== undefined &&
    isJsonMediaType(type) &&
    (charset === undefined || charset === 'utf-8' || charset === 'utf8')
  )
    return;
  const got = type === undefined ? 'no Content-Type' : `Content-Type ${type}`;
  throw HttpError.of(
    415,
    `The request body must be JSON sent as Content-Type: application/json (UTF-8); got ${got}`,
    { header: 'Content-Type' },
  );
}

/**
 * The JSON body of a POST/PUT, read once: 413 while reading, 415, then 400 for an empty, malformed or not
 * UTF-8 body. `sent` is told its text as soon as it is read, so the journal shows even a body refused.
 */
export async function readJsonBody(
  request: IncomingMessage,
  limit: number,
  bounds: BodyBounds,
  sent?: (text: string) => void,
): Promise<unknown> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit)
    throw tooLarge(limit, `The request body is ${declared} bytes`);
  if (hasBody(request)) checkJsonContentType(request);
  const { chunks, length } = hasBody(request) ? await readChunks(request, limit) : { chunks: [], length: 0 };
  // A large body is joined and decoded, parsed, then validated and answered, each in a turn of its own: a health
  // check waits behind one of the three, not a whole body (bench flood-bodies, the CPU while one check waited).
  const large = length >= TURN_BYTES;
  if (large) await bodyTurns.next();
  const bytes = Buffer.concat(chunks, length);
  const decoded = bytes.toString('utf8');
  const text = decoded.charCodeAt(0) === 0xfeff ? decoded.slice(1) : decoded;
  sent?.(text);
  if (text.trim() === '')
    throw HttpError.of(400, 'The request body is empty; send a JSON object such as {"data": {...}}', {
      pointer: '',
    });
  const costly = parseCost(text, bounds);
  if (costly !== undefined) throw HttpError.ofViolations(400, [costly]);
  if (large) await bodyTurns.next(true);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw HttpError.of(
      400,
      `The request body is not valid JSON: ${String(error).replace(/^\w*Error: /, '')}`,
      {
        pointer: '',
      },
    );
  }
  if (!isUtf8(bytes)) {
    // The bytes before the first broken one are well-formed: the U+FFFD they hold were sent as such.
    const invalid = firstInvalidUtf8(bytes);
    const before = bytes.subarray(0, invalid).toString('utf8').split('\uFFFD').length - 1;
    const pointer = pointerOfReplacement(value, before);
    const where = pointer === '' ? 'the body' : pointer;
    throw HttpError.of(
      400,
      `${where} holds bytes that are not valid UTF-8 (at byte ${invalid}); send UTF-8 text`,
      { pointer },
    );
  }
  if (large) await bodyTurns.next(true);
  return value;
}

/**
 * Past these a body is refused unparsed: nesting (the schema's own bound, maxDepth, is far below it), and
 * commas and brackets, which count each value about twice, past ten times maxValues.
 */
const PARSED_DEPTH = 10_000;
const PARSED_VALUES = 10;

/**
 * Why a body is refused before JSON.parse, which would spend longer on it than a request may take: an array
 * or object past maxItems or maxProperties (named by its pointer, as body-shape.ts names it after parsing),
 * nesting past PARSED_DEPTH, or far more values than any body may hold. test/e2e/reliability-bodies.e2e.test.ts
 * holds such bodies to 100 ms of CPU. One pass; a string's commas and brackets are text.
 */
function parseCost(text: string, bounds: BodyBounds): Violation | undefined {
  const open: { array: boolean; commas: number; key: string }[] = [];
  let values = 0;
  let lastString = '';
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    const top = open.at(-1);
    if (code === 0x22) {
      const start = at + 1;
      at = closingQuote(text, start);
      lastString = text.slice(start, Math.min(at, start + 1_100));
    } else if (code === 0x3a && top !== undefined) top.key = lastString;
    else if (code === 0x5b || code === 0x7b) {
      values++;
      open.push({ array: code === 0x5b, commas: 0, key: '' });
      if (open.length > PARSED_DEPTH) {
        const detail = `the body is nested more than ${bounds.maxDepth} levels deep`;
        return { in: 'body', at: '', keyword: 'maxDepth', detail };
      }
    } else if (code === 0x5d || code === 0x7d) open.pop();
    else if (code === 0x2c && top !== undefined) {
      values++;
      if (++top.commas >= (top.array ? bounds.maxItems : bounds.maxProperties)) return tooMany(open, bounds);
    }
    if (values > bounds.maxValues * PARSED_VALUES) return tooManyValues(bounds);
  }
  return undefined;
}

/**
 * Where the string that starts at `from` ends: its closing quote, the first not escaped by an odd run of
 * backslashes (text.length when none). indexOf, not a loop over each character: a body of long strings
 * (790 KiB) cost 6.5 ms per create that way, 40% of the create (bench flood-bodies).
 */
export function closingQuote(text: string, from: number): number {
  for (let at = from; ;) {
    const quote = text.indexOf('"', at);
    if (quote < 0) return text.length;
    let slashes = 0;
    for (let back = quote - 1; back >= from && text.charCodeAt(back) === 0x5c; back--) slashes++;
    if (slashes % 2 === 0) return quote;
    at = quote + 1;
  }
}

/** The violation of the innermost open container past its bound, at its pointer. */
function tooMany(open: { array: boolean; commas: number; key: string }[], bounds: BodyBounds): Violation {
  const segment = ({ array, commas, key }: (typeof open)[number]) => {
    if (array) return String(commas);
    try {
      return escapeSegment(String(JSON.parse(`"${key}"`)));
    } catch {
      return escapeSegment(key); // a key cut short: its start as written
    }
  };
  const at = open
    .slice(0, -1)
    .map((container) => `/${segment(container)}`)
    .join('');
  const where = at === '' ? 'the body' : at;
  return open.at(-1)?.array
    ? { in: 'body', at, keyword: 'maxItems', detail: `${where} must have at most ${bounds.maxItems} items` }
    : {
        in: 'body',
        at,
        keyword: 'maxProperties',
        detail: `${where} must have at most ${bounds.maxProperties} fields`,
      };
}
