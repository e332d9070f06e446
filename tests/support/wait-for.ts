/**
 * Polls `read` every 100 ms until it answers a value (the change feed's re-render, a scheduler's publish …); after
 * `ms` it fails naming `what` and the tail of the server's output.
 */
export async function waitFor<T>(what: string, read: () => Promise<T | undefined>, ms: number, output: () => string): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${output().slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
