import type { HttpOptions } from '../../src/http/pipeline.js';
import { DEFAULT_MOCK_OPTIONS, type MockOptions } from '../../src/mock-options.js';

/** The http core's options from mock options, as startMock derives them (any CORS origin unless listed). */
export function httpOptions(options: Partial<MockOptions> = {}): HttpOptions {
  const resolved = { ...DEFAULT_MOCK_OPTIONS, ...options };
  return { ...resolved, corsOrigins: resolved.corsOrigins.length === 0 ? 'any' : resolved.corsOrigins };
}
