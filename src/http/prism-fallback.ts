import type { IncomingHttpHeaders } from 'node:http';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { HttpMethod, IHttpOperation } from '@stoplight/types';
import type { IHttpConfig } from '@stoplight/prism-http';
import type { SpecOperation } from '../contract/spec-operations.js';
import { HttpError } from './http-error.js';
import { prismLogger, type Logger } from './logger.js';
import type { HandlerResult } from './route.js';

type PrismModule = typeof import('@stoplight/prism-http');
type PrismInstance = ReturnType<PrismModule['createInstance']>;

const isHttpMethod = (method: string): method is HttpMethod =>
  'get post put patch delete head options trace'.split(' ').includes(method);

/** Prism as a mocker of examples and static samples, with our own validation in front of it. */
const PRISM_CONFIG: IHttpConfig = {
  mock: { dynamic: false },
  checkSecurity: false,
  validateRequest: false,
  validateResponse: false,
  errors: false,
  upstreamProxy: undefined,
  isProxy: false,
};

export interface PrismInput {
  method: string;
  /** The request path relative to the base path, as the spec's templates are. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface PrismMockChoice {
  code?: number;
  exampleKey?: string;
}

/** The one package of the mock that is optional (and large): a peer dependency, installed only by who needs it. */
export const PRISM_PACKAGE = '@stoplight/prism-http';

/** Whether Prism can be loaded here (the four operations never need it; `--spec` extras and example-less Prefer do). */
export function prismInstalled(): boolean {
  try {
    import.meta.resolve(PRISM_PACKAGE);
    return true;
  } catch {
    return false;
  }
}

/** Prism's mocker (examples, else a static sample) for what no route serves; loaded on first use, fed validated requests. */
export class PrismFallback {
  private loading?: Promise<{ prism: PrismInstance; operations: IHttpOperation[] }>;

  constructor(
    private readonly document: OpenAPIV3_1.Document,
    private readonly logger: Logger,
  ) {}

  private load() {
    this.loading ??= (async () => {
      if (!prismInstalled())
        throw HttpError.of(
          400,
          `answering this needs ${PRISM_PACKAGE} (npm install ${PRISM_PACKAGE}@5.12.0), or an example in the spec`,
        );
      const module = (await import(PRISM_PACKAGE)) as PrismModule & { default?: PrismModule };
      const prismHttp = module.default ?? module;
      // getHttpOperationsFromSpec dereferences in place: give it a copy, never the shared document.
      const operations = await prismHttp.getHttpOperationsFromSpec(structuredClone(this.document));
      const prism = prismHttp.createInstance(PRISM_CONFIG, { logger: prismLogger(this.logger) });
      return { prism, operations };
    })();
    this.loading.catch(() => (this.loading = undefined)); // a failed load may be retried by the next request
    return this.loading;
  }

  async answer(op: SpecOperation, input: PrismInput, choice: PrismMockChoice = {}): Promise<HandlerResult> {
    const { prism, operations } = await this.load();
    const operation = operations.find((o) => o.method.toUpperCase() === op.method && o.path === op.path);
    if (operation === undefined) throw new Error(`Prism has no operation ${op.method} ${op.path}`);
    const method = operation.method;
    if (!isHttpMethod(method)) throw new Error(`Prism serves no ${op.method}`);
    const query: Record<string, string | string[]> = {};
    for (const key of new Set(input.query.keys())) {
      const values = input.query.getAll(key);
      query[key] = values.length === 1 ? (values[0] ?? '') : values;
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(input.headers))
      if (value !== undefined) headers[name] = [value].flat().join(', ');
    const mock = { dynamic: false, code: choice.code, exampleKey: choice.exampleKey };
    const result = await prism.request(
      { method, url: { path: input.path, query }, headers, body: input.body },
      [operation],
      { ...PRISM_CONFIG, mock },
    )();
    if (result._tag === 'Left') throw problemToHttpError(result.left);
    const { statusCode, headers: outHeaders = {}, body } = result.right.output;
    const sent: Record<string, string> = {};
    for (const [name, value] of Object.entries(outHeaders))
      if (typeof value === 'string' || typeof value === 'number') sent[name] = String(value);
    return { status: statusCode, body, headers: sent };
  }
}

/** Prism's problem+json errors in our error body; statuses above 499 become 501 (the spec cannot be mocked). */
function problemToHttpError(error: Error & { status?: number; detail?: string }): HttpError {
  const status =
    typeof error.status === 'number' && error.status >= 400 && error.status < 500 ? error.status : 501;
  return HttpError.of(status, `The spec cannot answer this request: ${error.detail ?? error.message}`);
}
