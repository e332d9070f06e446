/** LOG_LEVEL and LOG_FORMAT (docs/product/logs-and-metrics.md#settings), read once at start. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export type LogFormat = 'json' | 'pretty';

type Env = Record<string, string | undefined>;

/** LOG_LEVEL, default info; an unknown value is an error (a typo must not silence the log). */
export function logLevelOf(env: Env): LogLevel {
  const raw = env.LOG_LEVEL?.trim().toLowerCase();
  if (!raw) return 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(raw))
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}; got ${env.LOG_LEVEL}`);
  return raw as LogLevel;
}

/** JSON lines in production (or LOG_FORMAT=json), readable lines otherwise (or LOG_FORMAT=pretty). */
export function logFormatOf(env: Env): LogFormat {
  const raw = env.LOG_FORMAT?.trim().toLowerCase();
  if (raw === 'json' || raw === 'pretty') return raw;
  if (raw) throw new Error(`LOG_FORMAT must be json or pretty; got ${env.LOG_FORMAT}`);
  return env.NODE_ENV === 'production' ? 'json' : 'pretty';
}
