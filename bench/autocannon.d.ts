// autocannon ships no types; this declares only the programmatic surface bench/ uses.
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }

  interface AutocannonOptions {
    url: string;
    connections?: number;
    duration?: number;
    /** Requests to send before ending; overrides duration. */
    amount?: number;
    timeout?: number;
    /** Milliseconds between samples; the run settles on the tick after its end. */
    sampleInt?: number;
    requests?: AutocannonRequest[];
  }

  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p99: number;
  }

  interface AutocannonResult {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram;
    requests: Histogram;
  }

  /** The run is an EventEmitter ('response' per response) that is also awaitable. */
  interface AutocannonInstance extends EventEmitter, PromiseLike<AutocannonResult> {
    stop(): void;
  }

  function autocannon(options: AutocannonOptions): AutocannonInstance;
  export default autocannon;
  export type { AutocannonRequest, AutocannonResult, AutocannonInstance };
}
