import { sameJson } from "../../core/editor/pm-json";

/**
 * The room's write-back in the form of the Document it was edited from (issue 38's two known
 * gaps of the Document → Yjs → Document trip, fixed here without changing core/editor): the
 * codec gives a node's `data` keys back in its spec's order (deep-equal, but another JSON text:
 * another document id), and Yjs keeps no marks on a hard break, so a marked leaf holding "\n"
 * comes back split with the newline unmarked. `alike` walks the written Document beside the base
 * (the Document the room last read or wrote): a node equivalent to its base node but for those
 * two (key order; the marks of "\n") is written as the base wrote it, and the keys of every
 * other object keep the base's order. Nodes are paired by `key`, else by place.
 */

type Json = unknown;

const isObject = (value: Json): value is Record<string, Json> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A text node's characters and marks as runs, the marks of "\n" left out (Yjs cannot keep them). */
function runs(text: Record<string, Json>): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const leaves = Array.isArray(text.leaves) ? text.leaves : [];
  for (const leaf of leaves) {
    if (!isObject(leaf) || typeof leaf.text !== "string") return [["", JSON.stringify(leaf)]];
    const { text: chars, marks, ...rest } = leaf;
    const style = JSON.stringify([marks, rest]);
    for (const piece of chars.split(/(\n)/)) {
      if (!piece) continue;
      const key = piece === "\n" ? "\n" : style;
      const last = out.at(-1);
      if (last && last[1] === key && key !== "\n") last[0] += piece;
      else out.push([piece, key]);
    }
  }
  return out;
}

/** Whether two JSON values are the same Document content but for key order and "\n" marks. */
function equivalent(a: Json, b: Json): boolean {
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((x, i) => equivalent(x, b[i]));
  }
  if (!isObject(a) || !isObject(b)) return sameJson(a, b);
  if (a.object === "text" && b.object === "text") {
    const { leaves: _a, ...restA } = a;
    const { leaves: _b, ...restB } = b;
    return sameJson(restA, restB) && sameJson(runs(a), runs(b));
  }
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && equivalent(a[key], b[key]));
}

const kind = (node: Json): string =>
  isObject(node) ? `${String(node.object)}:${String(node.type)}` : typeof node;

/**
 * The base's node of each written node: by `key` when it has one, else the next base node of
 * its kind (so a block inserted before it does not pair it with its neighbour).
 */
function pairs(next: Json[], base: Json[]): Json[] {
  const byKey = new Map<string, Json>();
  for (const node of base) {
    if (isObject(node) && typeof node.key === "string") byKey.set(node.key, node);
  }
  let from = 0;
  return next.map((node) => {
    if (isObject(node) && typeof node.key === "string") return byKey.get(node.key);
    for (let j = from; j < base.length; j++) {
      const candidate = base[j];
      if (kind(candidate) !== kind(node)) continue;
      if (isObject(candidate) && typeof candidate.key === "string") continue;
      from = j + 1;
      return candidate;
    }
    return undefined;
  });
}

/** `next` written as `base` writes the same content (see above); `next` itself when unlike. */
export function alike<T>(next: T, base: Json): T {
  if (base === undefined || base === null) return next;
  if (equivalent(next, base)) return base as T;
  if (Array.isArray(next)) {
    if (!Array.isArray(base)) return next;
    const partners = pairs(next, base);
    return next.map((node, i) => alike(node, partners[i])) as T;
  }
  if (!isObject(next) || !isObject(base)) return next;
  const out: Record<string, Json> = {};
  for (const key of Object.keys(base))
    if (Object.hasOwn(next, key)) out[key] = alike(next[key], base[key]);
  for (const key of Object.keys(next)) if (!Object.hasOwn(out, key)) out[key] = next[key];
  return out as T;
}
