/**
 * The process's logger (docs/product/logs-and-metrics.md#log-lines): pino, JSON lines in production, readable
 * lines in development through pino-pretty as a synchronous stream (no worker thread). Every line logged while a
 * request is served carries its request id (`withRequestContext` + pino's mixin).
 *
 * One logger and one request context per process, on globalThis: the host and every loaded build bundle have
 * their own copy of this module (src/builds/switch-hook.ts), and their lines must share the request id.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';
import { pino, type DestinationStream, type Logger } from 'pino';
import { logFormatOf, logLevelOf } from '#lib/telemetry/log-settings.ts';

export type { Logger } from 'pino';

export interface RequestContext {
  requestId: string;
}

interface Telemetry {
  context: AsyncLocalStorage<RequestContext>;
  root: Logger;
  areas: Map<string, Logger>;
}

const KEY = Symbol.for('partsfront.telemetry.logger.v1');
const holder = globalThis as typeof globalThis & { [KEY]?: Telemetry };

/** pino-pretty is a development dependency: without it (a production install) the lines stay JSON. */
function prettyStream(): DestinationStream | undefined {
  try {
    const pretty = createRequire(import.meta.url)('pino-pretty') as (o: object) => DestinationStream;
    return pretty({ sync: true, destination: 1, translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true });
  } catch {
    return undefined;
  }
}

function create(): Telemetry {
  const context = new AsyncLocalStorage<RequestContext>();
  const env = process.env;
  const options = {
    level: logLevelOf(env),
    base: { pid: process.pid },
    mixin: () => {
      const c = context.getStore();
      return c ? { requestId: c.requestId } : {};
    },
  };
  const stream = logFormatOf(env) === 'pretty' ? prettyStream() : undefined;
  return { context, root: stream ? pino(options, stream) : pino(options), areas: new Map() };
}

const telemetry = (holder[KEY] ??= create());

/** The root logger; prefer `loggerFor(area)`. */
export const logger: Logger = telemetry.root;

/** The child logger whose lines name their area (`{ area: 'mail' }`); one per area, so a test can spy on it. */
export function loggerFor(area: string): Logger {
  let child = telemetry.areas.get(area);
  if (!child) telemetry.areas.set(area, (child = telemetry.root.child({ area })));
  return child;
}

/** Runs `fn` with the request's context: every line logged inside (also after awaits) carries the request id. */
export function withRequestContext<T>(ctx: RequestContext, fn: () => T): T {
  return telemetry.context.run(ctx, fn);
}

/** The id of the request being served, if any (error reports, answers). */
export const currentRequestId = (): string | undefined => telemetry.context.getStore()?.requestId;
