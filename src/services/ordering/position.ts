import { conflict } from "../../lib/errors";
import { keyBetween } from "../../lib/position";

/** Which side of the anchor sibling an item goes. */
export type Side = "before" | "after";

/**
 * What to do when the anchor and its neighbour hold keys with no room between them (two
 * concurrent appends wrote the same key): refuse with a 409 asking to retry, or go just after the
 * lower one (where the caller reads the whole level and rewrites it anyway).
 */
export type OnCrowded = "conflict" | "after-lower";

/**
 * The one ordering rule of every move (collections, spaces, site structure): the sort key of an
 * item placed on `side` of the sibling whose key is `anchor`, where `neighbour` is the key of the
 * sibling on the far side of that gap (null at the edge of the level). Keys are the fractional
 * keys of `lib/position.ts`, so a move writes one row.
 */
export function keyBeside(
  anchor: string,
  side: Side,
  neighbour: string | null,
  onCrowded: OnCrowded,
): string {
  const [lo, hi] = side === "before" ? [neighbour, anchor] : [anchor, neighbour];
  if (lo !== null && hi !== null && lo >= hi) {
    if (onCrowded === "conflict") {
      throw conflict("Sibling positions changed concurrently; retry the move");
    }
    return keyBetween(lo, null);
  }
  return keyBetween(lo, hi);
}

/** The sort key after the last sibling (null: the level is empty). */
export function keyAfterLast(last: string | null): string {
  return keyBetween(last, null);
}

/**
 * The key of an item placed beside a sibling of a level held in memory (siblings in order, the
 * moved item excluded), or at the end when `anchorIndex` is null.
 */
export function keyInLevel(
  siblings: readonly { position: string }[],
  anchorIndex: number | null,
  side: Side,
  onCrowded: OnCrowded,
): string {
  if (anchorIndex === null) return keyAfterLast(siblings[siblings.length - 1]?.position ?? null);
  const anchor = siblings[anchorIndex]!.position;
  const neighbour = siblings[side === "before" ? anchorIndex - 1 : anchorIndex + 1]?.position;
  return keyBeside(anchor, side, neighbour ?? null, onCrowded);
}
