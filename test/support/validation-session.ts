import type { IncomingHttpHeaders } from 'node:http';
import { request } from 'undici';
import type { RunningMock } from '../../src/index.js';
import { specValidators } from '../../src/contract/validators.js';
import { responseSchemaValidator } from './response-schema-validator.js';

// Calls the mock and validates every answer twice: with the schemas compiled here (test/support) and with
// the mock's own validators (src/contract/validators.ts). A disagreement shows as a violation of one of them.

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface CallOptions {
  body?: unknown;
  /** Sent as is instead of `JSON.stringify(body)`. */
  raw?: string;
  headers?: Record<string, string>;
}

/** What a session saw: how many answers were validated and every violation, each with its request. */
export interface ValidationTally {
  responses: number;
  violations: string[];
}

const independent = responseSchemaValidator();
const own = specValidators();

/** Answers outside the operations' documented statuses (405, a path nothing is served at) are checked against Error. */
export const NO_OPERATION = undefined;

export function validationSession(mock: RunningMock, tally: ValidationTally) {
  const violations: string[] = [];

  /** Calls `method path` and validates the answer against `operationId`'s schema for its status. */
  async function call(
    operationId: string | undefined,
    method: string,
    path: string,
    options: CallOptions = {},
  ): Promise<Answer> {
    const payload = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const headers =
      payload === undefined ? options.headers : { 'content-type': 'application/json', ...options.headers };
    const response = await request(mock.url + path, { method: method as 'GET', headers, body: payload });
    const text = await response.body.text();
    const status = response.statusCode;
    const label = `${method} ${path.length > 200 ? `${path.slice(0, 200)}...` : path} -> ${status}`;
    tally.responses++;
    if (!/^application\/json\b/.test(String(response.headers['content-type']))) {
      violations.push(`${label}: Content-Type ${String(response.headers['content-type'])}`);
      return { status, headers: response.headers, body: text };
    }
    const body = JSON.parse(text) as unknown;
    const found =
      operationId === undefined
        ? independent.validateSchema('Error', body).map((v) => `[Error] ${v.instancePath} ${v.message}`)
        : [
            ...independent
              .validate(operationId, status, body)
              .map((v) => `[independent ajv] ${v.instancePath} ${v.keyword}: ${v.message}`),
            ...own
              .response(
                operationId,
                status,
              )(body)
              .map((v) => `[mock's validators] ${v.at} ${v.keyword}: ${v.detail}`),
          ];
    violations.push(...found.slice(0, 10).map((violation) => `${label}: ${violation}`));
    return { status, headers: response.headers, body };
  }

  /** Follows `links.next` from `path` to the last page; returns every page's body. */
  async function walk(
    operationId: string,
    path: string,
    headers?: Record<string, string>,
  ): Promise<unknown[]> {
    const pages: unknown[] = [];
    let next: string | null = path;
    for (let hops = 0; next !== null && hops < 200; hops++) {
      const answer = await call(operationId, 'GET', next, { headers });
      if (answer.status !== 200) throw new Error(`GET ${next} answered ${answer.status}`);
      pages.push(answer.body);
      const link = (answer.body as { links?: { next?: string | null } }).links?.next ?? null;
      if (link !== null && !link.startsWith(mock.url))
        throw new Error(`next link ${link} leaves ${mock.url}`);
      next = link === null ? null : link.slice(mock.url.length);
    }
    return pages;
  }

  return { call, walk, violations };
}
