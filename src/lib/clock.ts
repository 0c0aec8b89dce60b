/**
 * The current time. Tests and the retention job move it with `setClockOffset`, so day-7 rules
 * can be proven without waiting; production never calls the setter.
 */
let offsetMs = 0;

/** Milliseconds since the epoch, shifted by the test offset. */
export function nowMs(): number {
  return Date.now() + offsetMs;
}

/** ISO 8601 UTC timestamp of now. */
export function nowIso(): string {
  return new Date(nowMs()).toISOString();
}

/** Shift the clock (tests only). */
export function setClockOffset(ms: number): void {
  offsetMs = ms;
}
