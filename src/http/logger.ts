import { requireNow } from '../load-module.js';
import type { DestinationStream, Logger as PinoLogger } from 'pino';

/** pino's levels plus `silent`. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export function isLogLevel(value: string): value is LogLevel {
  return LOG_LEVELS.some((level) => level === value);
}

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

/** JSON lines on stdout, written asynchronously; pino (35 modules) loaded with the first line (`destination`: tests). */
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
  // LOG_LEVELS runs from the most severe: a line is written when its level comes no later than the logger's.
  const isLevelEnabled = (lineLevel: LineLevel) =>
    level !== 'silent' && LOG_LEVELS.indexOf(lineLevel) <= LOG_LEVELS.indexOf(level);
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

/** A child for Prism, chatty at info: at most warn unless we debug; its `success` lines are info lines. */
export function prismLogger(logger: Logger): PinoLogger & { success: PinoLogger['info'] } {
  const level = logger.level === 'info' ? 'warn' : logger.level;
  const child = logger.pino().child({ component: 'prism' }, { level });
  return Object.assign(child, { success: child.info.bind(child) });
}
