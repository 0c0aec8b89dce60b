/**
 * At most one run per interval, leading edge: the first request in a quiet period runs at once,
 * later ones within `intervalMs` run together once it has passed. The live provider sends its
 * edits and its presence through two of these (the room's per-socket message budget).
 */

/** The clock and timers the provider runs on (the browser's, or a test's). */
export interface Timers {
  set(run: () => void, ms: number): unknown;
  clear(id: unknown): void;
  now(): number;
}

/** A leading-edge throttle of `run` (see above). */
export class Throttle {
  private lastRun = Number.NEGATIVE_INFINITY;
  private timer: unknown = null;

  constructor(
    private readonly timers: Timers,
    private readonly intervalMs: number,
    private readonly run: () => void,
  ) {}

  /** Asks for a run: now, or when the interval since the last run has passed. */
  request(): void {
    if (this.timer !== null) return;
    const wait = this.lastRun + this.intervalMs - this.timers.now();
    if (wait <= 0) {
      this.fire();
      return;
    }
    this.timer = this.timers.set(() => {
      this.timer = null;
      this.fire();
    }, wait);
  }

  /** Forgets a waiting run. */
  cancel(): void {
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
  }

  private fire(): void {
    this.lastRun = this.timers.now();
    this.run();
  }
}
