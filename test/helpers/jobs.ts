/** The first pause between two tries of `eventually`; each next pause doubles. */
const FIRST_PAUSE_MS = 10;

/**
 * Waits for background work (queue jobs) to reach a state: retries `check` until it stops
 * throwing or the timeout passes, then throws its last error. The pauses between tries start
 * short (a job is consumed as soon as it is queued in tests) and double up to `interval`.
 */
export async function eventually<T>(
  check: () => Promise<T>,
  { timeout = 15_000, interval = 100 }: { timeout?: number; interval?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeout;
  let pause = Math.min(FIRST_PAUSE_MS, interval);
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(pause * 2, interval);
    }
  }
}
