import { createWriteStream, type WriteStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { parseJson, TEXT_KEPT, type Exchange } from '../client.js';
import { redactHeaders } from '../curl.js';
import { detachedSlice } from '../detached-slice.js';
import { redactText } from '../secrets.js';

/** One recorded exchange with the whole body texts (bounded by the proxy's --max-body-bytes). */
export interface RecordedExchange {
  exchange: Exchange;
  requestText: string | undefined;
  responseText: string;
  startedAt: Date;
}

export interface Redaction {
  secretHeaders: readonly string[];
  secretValues: readonly string[];
}

type HarHeader = { name: string; value: string };

/** Where a HAR file records which upstream it came from, so `check --har` reads paths under its base path. */
export interface HarLog {
  log: {
    version: string;
    creator: { name: string; version: string };
    entries: HarEntry[];
    _subcat?: { upstream: string };
  };
}

interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    headers: HarHeader[];
    queryString: HarHeader[];
    cookies: never[];
    headersSize: number;
    bodySize: number;
    postData?: { mimeType: string; text: string };
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    headers: HarHeader[];
    cookies: never[];
    content: { size: number; mimeType: string; text: string };
    redirectURL: string;
    headersSize: number;
    bodySize: number;
  };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
}

const pairs = (headers: Record<string, string>): HarHeader[] =>
  Object.entries(headers).map(([name, value]) => ({ name, value }));

/** A HAR 1.2 entry of one exchange, every secret header and value redacted. */
export function harEntry(recorded: RecordedExchange, redaction: Redaction): HarEntry {
  const { exchange, requestText, responseText, startedAt } = recorded;
  const text = (value: string) => redactText(value, redaction.secretValues);
  const headers = (value: Record<string, string>) =>
    pairs(redactHeaders(value, redaction.secretHeaders)).map(({ name, value: v }) => ({
      name,
      value: text(v),
    }));
  const url = text(exchange.request.url);
  const query: HarHeader[] = [];
  try {
    new URL(url).searchParams.forEach((value, name) => query.push({ name, value }));
  } catch {
    // Not a URL: no query to list.
  }
  const entry: HarEntry = {
    startedDateTime: startedAt.toISOString(),
    time: exchange.response.ms,
    request: {
      method: exchange.request.method,
      url,
      httpVersion: 'HTTP/1.1',
      headers: headers(exchange.request.headers),
      queryString: query,
      cookies: [],
      headersSize: -1,
      bodySize: requestText === undefined ? 0 : Buffer.byteLength(requestText),
    },
    response: {
      status: exchange.response.status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      headers: headers(exchange.response.headers),
      cookies: [],
      content: {
        size: exchange.response.bytes,
        mimeType: exchange.response.headers['content-type'] ?? '',
        text: text(responseText),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: exchange.response.bytes,
    },
    cache: {},
    timings: { send: 0, wait: exchange.response.ms, receive: 0 },
  };
  if (requestText !== undefined) {
    entry.request.postData = {
      mimeType: exchange.request.headers['content-type'] ?? '',
      text: text(requestText),
    };
  }
  return entry;
}

/** Writes entries as they come (nothing kept in memory) and closes the HAR document at the end. */
export class HarWriter {
  private readonly out: WriteStream;
  private first = true;

  constructor(file: string, upstream: string, version: string) {
    this.out = createWriteStream(file, { encoding: 'utf8' });
    const head = JSON.stringify({
      log: { version: '1.2', creator: { name: 'subcat', version }, _subcat: { upstream }, entries: [] },
    });
    // The document is written open at `entries: [` and closed by `close()`.
    this.out.write(head.slice(0, head.lastIndexOf('[]') + 1));
  }

  /** One entry already built (and redacted) by harEntry, as JSON. */
  addEntry(entry: string): void {
    this.out.write(`${this.first ? '' : ','}\n${entry}`);
    this.first = false;
  }

  async close(): Promise<void> {
    this.out.end('\n]}}\n');
    await once(this.out, 'finish');
  }
}

/** HAR files read by `check --har` at most: a recording of a long suite fits, a mistake does not eat the memory. */
export const MAX_HAR_BYTES = 512 * 1024 * 1024;

/** The exchanges of a HAR file, in order, with the upstream it recorded (if subcat wrote it). */
export async function readHar(
  file: string,
): Promise<{ exchanges: Exchange[]; upstream: string | undefined }> {
  const { size } = await stat(file);
  if (size > MAX_HAR_BYTES) throw new Error(`${file} is ${size} bytes, over ${MAX_HAR_BYTES}`);
  const doc = JSON.parse(await readFile(file, 'utf8')) as Partial<HarLog>;
  const entries = doc.log?.entries;
  if (!Array.isArray(entries)) throw new Error(`${file} is not a HAR file (no log.entries)`);
  const exchanges = entries.map((entry, i): Exchange => {
    const lower = (list: HarHeader[] | undefined) =>
      Object.fromEntries((list ?? []).map(({ name, value }) => [name.toLowerCase(), value]));
    const content = entry.response?.content as
      (HarEntry['response']['content'] & { encoding?: string }) | undefined;
    // Browsers store binary or compressed-looking bodies as base64.
    const text =
      content?.encoding === 'base64'
        ? Buffer.from(content.text ?? '', 'base64').toString('utf8')
        : (content?.text ?? '');
    const request: Exchange['request'] = {
      method: String(entry.request?.method ?? 'GET').toUpperCase(),
      url: String(entry.request?.url ?? ''),
      headers: lower(entry.request?.headers),
    };
    if (entry.request?.postData?.text !== undefined) request.body = entry.request.postData.text;
    return {
      seq: i + 1,
      request,
      response: {
        status: Number(entry.response?.status ?? 0),
        headers: lower(entry.response?.headers),
        body: parseJson(text),
        text: detachedSlice(text, TEXT_KEPT),
        bytes: Buffer.byteLength(text),
        ms: Number(entry.time ?? 0),
      },
    };
  });
  return { exchanges, upstream: doc.log?._subcat?.upstream };
}
