import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { bodyText } from '../body-text.js';
import type { Failure } from '../check.js';
import { parseJson, TEXT_KEPT, type Exchange } from '../client.js';
import { SECRET_HEADERS } from '../curl.js';
import { detachedSlice } from '../detached-slice.js';
import { redactDeep, secretValues } from '../secrets.js';
import { harEntry, type Redaction } from './har.js';
import { operationOf } from '../oracles/exchange-rules.js';
import type { Judge } from './judge.js';

/** One exchange as it went through the proxy, with the bodies held (undefined when over the bound). */
export interface Recorded {
  method: string;
  /** The upstream URL it went to. */
  url: string;
  requestHeaders: Record<string, string>;
  requestBody: Uint8Array | undefined;
  hadRequestBody: boolean;
  status: number;
  responseHeaders: Record<string, string>;
  responseBody: Uint8Array | undefined;
  responseBytes: number;
  ms: number;
  /** ISO time the request arrived. */
  startedAt: string;
}

/** What judging a recorded exchange gave, in plain data (it crosses from the judging thread). */
export interface Judged {
  exchange: Pick<Exchange, 'seq' | 'operation'> & {
    request: Pick<Exchange['request'], 'method' | 'url'>;
    response: Pick<Exchange['response'], 'status' | 'ms'>;
  };
  judged: Array<{ id: string }>;
  failures: Failure[];
  /** The exchange's own secrets (the client's credentials and cookies). */
  secrets: string[];
  /** The HAR entry, when recording. */
  harEntry?: string;
}

export interface JudgingSettings {
  basePath: string;
  maxBodyBytes: number;
  /** Set when recording: the HAR entry is written with these redactions plus the exchange's own secrets. */
  har?: Redaction;
}

/** The body's text as the client reads it: decoded when the server compressed it. */
function decoded(bytes: Uint8Array, encoding: string | undefined): string {
  // Across a thread a Buffer arrives as a plain Uint8Array, whose toString ignores encodings.
  const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const coding = encoding?.trim().toLowerCase();
  try {
    if (coding === 'gzip' || coding === 'x-gzip') return bodyText([gunzipSync(body)]);
    if (coding === 'br') return bodyText([brotliDecompressSync(body)]);
    if (coding === 'deflate') return bodyText([inflateSync(body)]);
  } catch {
    return '';
  }
  return bodyText([body]);
}

/** Judges one recorded exchange: the kit's Exchange built from it, its verdict, and its HAR entry. */
export function judgeRecorded(
  recorded: Recorded,
  seq: number,
  judge: Judge,
  settings: JudgingSettings,
): Judged {
  const requestText =
    recorded.requestBody === undefined || !recorded.hadRequestBody
      ? undefined
      : decoded(recorded.requestBody, recorded.requestHeaders['content-encoding']);
  const responseText =
    recorded.responseBody === undefined
      ? ''
      : decoded(recorded.responseBody, recorded.responseHeaders['content-encoding']);
  const operation = operationOf(recorded.method, recorded.url, settings.basePath);
  const exchange: Exchange = {
    seq,
    request: {
      method: recorded.method,
      url: recorded.url,
      headers: recorded.requestHeaders,
      ...(requestText === undefined ? {} : { body: requestText }),
    },
    response: {
      status: recorded.status,
      headers: recorded.responseHeaders,
      body: recorded.responseBody === undefined ? undefined : parseJson(responseText),
      text: detachedSlice(responseText, TEXT_KEPT),
      bytes: recorded.responseBytes,
      ms: recorded.ms,
    },
    ...(operation === undefined ? {} : { operation }),
    ...(recorded.responseBody === undefined ? { overLimit: settings.maxBodyBytes } : {}),
  };
  // The client's own credentials and cookies are secrets too, wherever the answer echoes them.
  const secrets = secretValues(
    Object.entries(recorded.requestHeaders).filter(([name]) =>
      (SECRET_HEADERS as readonly string[]).includes(name),
    ),
  );
  const verdict = judge(exchange);
  const judged: Judged = {
    exchange: {
      seq,
      ...(operation === undefined ? {} : { operation }),
      request: { method: recorded.method, url: recorded.url },
      response: { status: recorded.status, ms: recorded.ms },
    },
    judged: verdict.judged.map(({ id }) => ({ id })),
    failures: secrets.length > 0 ? redactDeep(verdict.failures, secrets) : verdict.failures,
    secrets,
  };
  if (settings.har !== undefined) {
    const redaction = { ...settings.har, secretValues: [...settings.har.secretValues, ...secrets] };
    judged.harEntry = JSON.stringify(
      harEntry({ exchange, requestText, responseText, startedAt: new Date(recorded.startedAt) }, redaction),
    );
  }
  return judged;
}
