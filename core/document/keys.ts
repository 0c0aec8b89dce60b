import { MAX_WALK_DEPTH, childNodes, dataOf, fragmentsOf, isRecord, type LooseNode } from "./loose";
import { blockText, inlineText, withBlockTextMemo } from "./text";

/**
 * 53-bit string hash (cyrb53, public domain), base-36, padded to 11 characters. Not a security
 * primitive: it only has to spread keys, and the occurrence counter settles real collisions.
 */
function hashKey(input: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < input.length; i++) {
    const ch = input.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const value = 4294967296 * (2097151 & h2) + (h1 >>> 0);
  return value.toString(36).padStart(11, "0");
}

/** What a node's key is derived from: its type and its text (images: their source). */
function signature(node: LooseNode): string {
  const type = typeof node.type === "string" ? node.type : "";
  if (type === "image" || type === "inline-image") {
    return `${type}\n${JSON.stringify(dataOf(node).ref ?? null)}`;
  }
  const text = node.object === "inline" ? inlineText(childNodes(node)) : blockText(node);
  return `${type}\n${text}`;
}

/** Calls `visit` on every block and inline in document order, fragments before child nodes. */
function walk(nodes: unknown, visit: (node: LooseNode) => void, depth = 0): void {
  if (!Array.isArray(nodes) || depth > MAX_WALK_DEPTH) return;
  for (const node of nodes) {
    if (!isRecord(node)) continue;
    if (node.object === "block" || node.object === "inline") visit(node);
    if (Array.isArray(node.fragments)) {
      for (const fragment of fragmentsOf(node)) walk(fragment.nodes, visit, depth + 1);
    }
    walk(node.nodes, visit, depth + 1);
  }
}

/**
 * Gives every block and inline a `key`, deterministically: the hash of the node's type and text
 * (11 base-36 characters), followed, for the second and later nodes with the same hash in
 * document order, by their occurrence number in base 36. So a node keeps its key when other
 * nodes are edited, added or removed before it (unless they repeat its exact text), and the same
 * markdown always gives the same keys, which comments target. Existing string keys are kept
 * unless `overwrite`; generated keys never collide with them.
 */
export function assignKeys(doc: { nodes?: unknown }, options: { overwrite?: boolean } = {}): void {
  const used = new Set<string>();
  if (!options.overwrite) {
    walk(doc.nodes, (node) => {
      if (typeof node.key === "string") used.add(node.key);
    });
  }
  const seen = new Map<string, number>();
  withBlockTextMemo(() => walkKeys(doc.nodes, used, seen, options.overwrite === true));
}

/** Keys every node without one (or every node, when `overwrite`), in document order. */
function walkKeys(
  nodes: unknown,
  used: Set<string>,
  seen: Map<string, number>,
  overwrite: boolean,
) {
  walk(nodes, (node) => {
    if (!overwrite && typeof node.key === "string" && node.key !== "") return;
    const hash = hashKey(signature(node));
    let occurrence = seen.get(hash) ?? 0;
    let key = occurrence === 0 ? hash : `${hash}${occurrence.toString(36)}`;
    while (used.has(key)) {
      occurrence += 1;
      key = `${hash}${occurrence.toString(36)}`;
    }
    seen.set(hash, occurrence + 1);
    used.add(key);
    node.key = key;
  });
}
