/**
 * When the editor tells the save loop what it holds (issue 37): a tell converts the whole page
 * to a Document and the loop drafts it whole into localStorage (20–60 ms at 2,000 blocks), so it
 * runs when typing pauses, not between two keys. The save loop's own debounce counts the pause
 * already waited (saving.ts), so a save still starts about a second after the last key.
 */

/** The pause after a change before it is told. */
export const TELL_QUIET_MS = 300;

/** The longest a change waits to be told while typing goes on. */
export const TELL_MAX_WAIT_MS = 2000;

/** A pending tell: `run` on every change; `flush` tells what is pending now (page hidden, left). */
export interface PendingTell {
  run(): void;
  flush(): void;
}

/**
 * `act` once no change came for `quietMs`, or `maxWaitMs` after the first change not yet told;
 * `flush` runs a pending `act` at once.
 */
export function whenTypingPauses(
  act: () => void,
  quietMs = TELL_QUIET_MS,
  maxWaitMs = TELL_MAX_WAIT_MS,
  clock: { now(): number } = Date,
): PendingTell {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let firstAt: number | null = null;
  const fire = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (firstAt === null) return;
    firstAt = null;
    act();
  };
  return {
    run() {
      const now = clock.now();
      firstAt ??= now;
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(fire, Math.max(0, Math.min(quietMs, firstAt + maxWaitMs - now)));
    },
    flush: fire,
  };
}
