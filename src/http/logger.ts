import { pino, type Logger } from 'pino';

export type { Logger };

/** pino's levels plus `silent`. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export function isLogLevel(value: string): value is LogLevel {
  return LOG_LEVELS.some((level) => level === value);
}

/**
 * The mock's logger: JSON lines on stdout, one access line per request at info. Written asynchronously (pino
 * flushes on exit): a write call per request was a tenth of a cached GET's CPU (`npm run bench`).
 */
export function createLogger(level: LogLevel): Logger {
  return pino({ level, base: { name: 'subcat' } }, pino.destination({ dest: 1, sync: false }));
}

/**
 * Prism logs several lines per request at info and calls `success` besides: give it a child quieter than ours
 * (warn at most chatty) unless we are debugging, whose `success` lines are info lines.
 */
export function prismLogger(logger: Logger): Logger & { success: Logger['info'] } {
  const level = logger.level === 'info' ? 'warn' : logger.level;
  const child = logger.child({ component: 'prism' }, { level });
  return Object.assign(child, { success: child.info.bind(child) });
}
