import { DEFAULT_TIMING, retryDelay } from "../../../core/saving/save-status";

/**
 * The live provider's reconnection delays: the editor's one retry rule (core/saving's doubling
 * backoff, 1 s up to 30 s) with "equal jitter" — half the delay fixed, half random — so tabs
 * that lost the room together (a restart: 1012) do not all come back in the same instant.
 */

/** The delay (ms) before reconnection attempt `failures` (1 for the first); `random` in [0, 1). */
export function reconnectDelay(failures: number, random: () => number = Math.random): number {
  const full = retryDelay(DEFAULT_TIMING, failures);
  return Math.round(full / 2 + (full / 2) * random());
}
