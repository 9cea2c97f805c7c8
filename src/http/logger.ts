import { pino, type Logger } from 'pino';

export type { Logger };

/** pino's levels plus `silent`. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export function isLogLevel(value: string): value is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value);
}

/** The mock's logger: JSON lines on stdout, one access line per request at info. */
export function createLogger(level: LogLevel): Logger {
  return pino({ level, base: { name: 'subcat' } });
}

/**
 * Prism logs several lines per request at info and needs a `success` level: give it a child with that level,
 * quieter than ours (warn at most chatty) unless we are debugging.
 */
export function prismLogger(logger: Logger): Logger<'success'> {
  const level = logger.level === 'info' ? 'warn' : logger.level;
  return logger.child({ component: 'prism' }, { customLevels: { success: 35 }, level });
}
