/** Request bodies in, JSON / HTML / redirects out: the plain-`http` plumbing the emulators share. */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** An API answer as data, so idempotent replays and fault wrappers can reuse it. */
export interface ApiAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

const MAX_BODY_BYTES = 1_000_000;

export class BodyTooLarge extends Error {}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLarge(`body over ${MAX_BODY_BYTES} bytes`);
    chunks.push(buf);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** JSON body, `undefined` for an empty one; a syntax error comes back as `{ error }` for the provider's 400. */
export function parseJsonBody(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  if (!text.trim()) return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
}

export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new URLSearchParams(await readBody(req));
}

export function writeAnswer(res: ServerResponse, answer: ApiAnswer): void {
  const headers: Record<string, string> = { 'cache-control': 'no-store', ...answer.headers };
  if (answer.body === undefined) {
    res.writeHead(answer.status, headers).end();
    return;
  }
  res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(answer.body));
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html);
}

/** 303: the browser follows with a GET, as after any form post. */
export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { location, 'cache-control': 'no-store' }).end();
}

export const notFound = (res: ServerResponse): void => {
  res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
};

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
