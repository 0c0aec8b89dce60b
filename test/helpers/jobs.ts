/**
 * Waits for background work (queue jobs) to reach a state: retries `check` until it stops
 * throwing or the timeout passes, then throws its last error.
 */
export async function eventually<T>(
  check: () => Promise<T>,
  { timeout = 15_000, interval = 100 }: { timeout?: number; interval?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, interval));
    }
  }
}
