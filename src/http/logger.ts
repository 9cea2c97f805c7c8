import { requireNow } from '../load-module.js';
import type { DestinationStream, Logger as PinoLogger } from 'pino';

/** pino's levels plus `silent`. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export function isLogLevel(value: string): value is LogLevel {
  return LOG_LEVELS.some((level) => level === value);
}

/** pino's numbers for its levels: a line is written when its level's number is at least the logger's. */
const LEVEL_VALUES: Record<LogLevel, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Infinity,
};

/** A line: fields and a message, or a message alone (pino's two common call shapes). */
export interface LogCall {
  (fields: object, message: string): void;
  (message: string): void;
}

type LineLevel = 'info' | 'warn' | 'error';

/** The mock's logger: the calls it makes, each handed to pino when its level is on. */
export interface Logger {
  readonly level: LogLevel;
  /** Whether a line at this level is written (as pino's): work for a line nobody reads can be skipped. */
  isLevelEnabled(lineLevel: LineLevel): boolean;
  info: LogCall;
  warn: LogCall;
  error: LogCall;
  /** Writes the lines still buffered. */
  flush(): void;
  /** pino itself (loaded now if it was not yet), for Prism, which takes a pino logger. */
  pino(): PinoLogger;
}

/**
 * The mock's logger: JSON lines on stdout, one access line per request at info. Written asynchronously (pino
 * flushes on exit): a write call per request was a tenth of a cached GET's CPU (`npm run bench`). pino (about 35
 * modules) is loaded with the first line written: a quiet startMock() in a test worker never loads it.
 * `destination` is for tests that read the lines.
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  let loaded: PinoLogger | undefined;
  const pinoLogger = (): PinoLogger => {
    if (loaded === undefined) {
      const { pino } = requireNow<typeof import('pino')>('pino');
      const to = destination ?? pino.destination({ dest: 1, sync: false });
      loaded = pino({ level, base: { name: 'subcat' } }, to);
    }
    return loaded;
  };
  const isLevelEnabled = (lineLevel: LineLevel) => LEVEL_VALUES[lineLevel] >= LEVEL_VALUES[level];
  const at =
    (lineLevel: LineLevel): LogCall =>
    (first: object | string, message?: string) => {
      if (!isLevelEnabled(lineLevel)) return;
      if (typeof first === 'string') pinoLogger()[lineLevel](first);
      else pinoLogger()[lineLevel](first, message);
    };
  return {
    level,
    isLevelEnabled,
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    flush: () => loaded?.flush(),
    pino: pinoLogger,
  };
}

/**
 * Prism logs several lines per request at info and calls `success` besides: give it a child quieter than ours
 * (warn at most chatty) unless we are debugging, whose `success` lines are info lines.
 */
export function prismLogger(logger: Logger): PinoLogger & { success: PinoLogger['info'] } {
  const level = logger.level === 'info' ? 'warn' : logger.level;
  const child = logger.pino().child({ component: 'prism' }, { level });
  return Object.assign(child, { success: child.info.bind(child) });
}
