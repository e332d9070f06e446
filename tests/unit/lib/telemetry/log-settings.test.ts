import { describe, expect, it } from 'vitest';
import { logFormatOf, logLevelOf } from '#lib/telemetry/log-settings.ts';

describe('logLevelOf', () => {
  it('defaults to info and accepts every pino level and silent', () => {
    expect(logLevelOf({})).toBe('info');
    expect(logLevelOf({ LOG_LEVEL: ' ' })).toBe('info');
    expect(logLevelOf({ LOG_LEVEL: 'DEBUG' })).toBe('debug');
    expect(logLevelOf({ LOG_LEVEL: 'silent' })).toBe('silent');
  });

  it('refuses an unknown level rather than silencing the log', () => {
    expect(() => logLevelOf({ LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL/);
  });
});

describe('logFormatOf', () => {
  it('is JSON in production and readable elsewhere, unless LOG_FORMAT says', () => {
    expect(logFormatOf({ NODE_ENV: 'production' })).toBe('json');
    expect(logFormatOf({})).toBe('pretty');
    expect(logFormatOf({ NODE_ENV: 'development', LOG_FORMAT: 'json' })).toBe('json');
    expect(logFormatOf({ NODE_ENV: 'production', LOG_FORMAT: 'pretty' })).toBe('pretty');
    expect(() => logFormatOf({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });
});
