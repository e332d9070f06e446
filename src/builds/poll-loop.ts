/** Runs `run` at once and then every `intervalMs`, never two at a time; the timer does not keep the process alive. */
export function pollEvery(intervalMs: number, run: () => Promise<unknown>): { stop(): void } {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    void run().finally(() => {
      running = false;
    });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
