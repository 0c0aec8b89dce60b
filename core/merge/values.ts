/**
 * The three-way merge of one JSON value (a block changed on both sides, its data, a Document's
 * fields): a side's change where only it changed, the same change once, objects field by field,
 * child block lists through the block merge given; anything else changed on both sides is
 * unmergeable. Pure; the block merge (./blocks) calls it for blocks both sides edited.
 */

/** The answer for a value both sides changed differently. */
export const UNMERGEABLE: unique symbol = Symbol("unmergeable");

/** A JSON object, as loosely as a Document holds one. */
type Loose = Record<string, unknown>;

const isObject = (value: unknown): value is Loose =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** The canonical text of a value, keys included (object fields sorted, undefined ones left out). */
export function exactOf(value: unknown): string {
  if (value === undefined) return "undefined";
  if (Array.isArray(value)) return `[${value.map(exactOf).join(",")}]`;
  if (isObject(value)) {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, v]) => `${JSON.stringify(name)}:${exactOf(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** Merges three lists of child blocks; UNMERGEABLE when any child conflicts. */
export type MergeChildren = (
  base: readonly Loose[],
  ours: readonly Loose[],
  theirs: readonly Loose[],
) => Loose[] | typeof UNMERGEABLE;

const isBlockList = (value: unknown): value is Loose[] =>
  Array.isArray(value) && value.every((item) => isObject(item) && item.object === "block");

/**
 * The merged value, or UNMERGEABLE. `undefined` is an absent field (removed on a side). Lists of
 * blocks (`nodes` of a list, a table, tabs...) merge through `children`; other lists are atoms.
 */
export function mergeValue(
  base: unknown,
  ours: unknown,
  theirs: unknown,
  children: MergeChildren,
): unknown {
  const [b, o, t] = [exactOf(base), exactOf(ours), exactOf(theirs)];
  if (t === b || o === t) return ours;
  if (o === b) return theirs;
  if (isObject(base) && isObject(ours) && isObject(theirs)) {
    const out: Loose = {};
    const names = new Set([...Object.keys(base), ...Object.keys(ours), ...Object.keys(theirs)]);
    for (const name of names) {
      const merged = mergeValue(base[name], ours[name], theirs[name], children);
      if (merged === UNMERGEABLE) return UNMERGEABLE;
      if (merged !== undefined) out[name] = merged;
    }
    return out;
  }
  if (isBlockList(base) && isBlockList(ours) && isBlockList(theirs)) {
    return children(base, ours, theirs);
  }
  return UNMERGEABLE;
}
