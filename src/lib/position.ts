/**
 * Fractional sort keys for ordering siblings: moving or inserting an item writes one row, never
 * renumbers its neighbours. Keys are base-62 digit strings read as fractions (0.d1d2d3...), so
 * plain string comparison orders them; the digits are in ASCII order, which is SQLite's BINARY
 * collation. A key never ends in the zero digit, so between any two keys there is always another.
 */

/** The base-62 digits in ascending ASCII (and SQLite BINARY) order. */
export const POSITION_DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

const ZERO = POSITION_DIGITS[0]!;
const LAST = POSITION_DIGITS[POSITION_DIGITS.length - 1]!;
const BASE = POSITION_DIGITS.length;

function digitValue(ch: string): number {
  return POSITION_DIGITS.indexOf(ch);
}

/** True for a key this module could have produced: base-62 digits, not ending in zero. */
export function isPositionKey(key: string): boolean {
  if (key.length === 0 || key.endsWith(ZERO)) return false;
  for (const ch of key) if (digitValue(ch) < 0) return false;
  return true;
}

/**
 * The midpoint of two fractions: `a` ("" for 0) < `b` (null for 1). Shared leading digits are
 * kept; then the first digit where there is room between the two bounds is chosen.
 */
function midpoint(a: string, b: string | null): string {
  if (b !== null) {
    let n = 0;
    while ((a[n] ?? ZERO) === b[n]) n++;
    if (n > 0) return b.slice(0, n) + midpoint(a.slice(n), b.slice(n));
  }
  const lo = a.length > 0 ? digitValue(a[0]!) : 0;
  const hi = b !== null ? digitValue(b[0]!) : BASE;
  if (hi - lo > 1) return POSITION_DIGITS[Math.round((lo + hi) / 2)]!;
  // Adjacent digits: a one-digit prefix of a longer `b` already sits between the bounds;
  // otherwise keep `a`'s digit and look for room after it.
  if (b !== null && b.length > 1) return b.slice(0, 1);
  return POSITION_DIGITS[lo]! + midpoint(a.slice(1), null);
}

/** The shortest step past `a` (appending): bump the first digit that is not the last one. */
function stepAfter(a: string): string {
  const i = [...a].findIndex((ch) => ch !== LAST);
  if (i < 0) return a + POSITION_DIGITS[1]!;
  return a.slice(0, i) + POSITION_DIGITS[digitValue(a[i]!) + 1]!;
}

/** The shortest step before `b` (prepending): a prefix of `b`, or its first non-zero digit - 1. */
function stepBefore(b: string): string {
  let i = 0;
  while (b[i] === ZERO) i++;
  if (b.length > i + 1) return b.slice(0, i + 1);
  const d = digitValue(b[i]!);
  return d > 1 ? b.slice(0, i) + POSITION_DIGITS[d - 1]! : b.slice(0, i) + ZERO + LAST;
}

/**
 * A key strictly between `a` and `b`: `a` null means "before the first", `b` null "after the
 * last", both null a first key (the middle digit). Throws on keys it did not make or on `a >= b` (a caller bug).
 */
export function keyBetween(a: string | null, b: string | null): string {
  if (a !== null && !isPositionKey(a)) throw new Error(`Invalid position key: ${a}`);
  if (b !== null && !isPositionKey(b)) throw new Error(`Invalid position key: ${b}`);
  if (a !== null && b !== null && a >= b)
    throw new Error(`Position keys out of order: ${a} >= ${b}`);
  // Appending and prepending step by one digit, so keys grow by a character every ~60 steps
  // instead of every ~6 halvings; inserting between two keys takes their midpoint.
  if (a !== null && b === null) return stepAfter(a);
  if (a === null && b !== null) return stepBefore(b);
  return midpoint(a ?? "", b);
}
