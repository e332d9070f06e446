/**
 * Idempotency-key replay as the providers document it: a repeated POST with a key already seen on
 * that path gets the first answer again and changes nothing (the request body is not compared).
 */
import type { ApiAnswer } from './http-io.ts';

export class IdempotencyStore {
  private readonly answers = new Map<string, ApiAnswer>();

  async run(key: string | undefined, path: string, handler: () => ApiAnswer | Promise<ApiAnswer>): Promise<ApiAnswer> {
    if (!key) return handler();
    const id = `${path}\n${key}`;
    const seen = this.answers.get(id);
    if (seen) return seen;
    const answer = await handler();
    // Server faults are not stored: a retry after a 5xx must be processed for real.
    if (answer.status < 500) this.answers.set(id, answer);
    return answer;
  }

  clear(): void {
    this.answers.clear();
  }
}
