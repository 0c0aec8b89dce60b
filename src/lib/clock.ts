/**
 * The current time, read in one place so every timestamp Quire writes comes from the same
 * source (tests move it with vitest's fake timers).
 */

/** Milliseconds since the epoch. */
export function nowMs(): number {
  return Date.now();
}

/** ISO 8601 UTC timestamp of now. */
export function nowIso(): string {
  return new Date(nowMs()).toISOString();
}
