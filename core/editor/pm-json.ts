import { isRecord, type LooseNode } from "../document/loose";
import { MARK_SPECS, NODE_SPECS } from "./nodes";
import type { EditorMarkSpec, EditorNodeSpec } from "./spec-types";

/**
 * ProseMirror's JSON form of the editor's content (what `Node.toJSON` writes and
 * `schema.nodeFromJSON` reads), the spec look-ups and the JSON comparison the codec shares.
 */

/** A mark in ProseMirror JSON. */
export interface PmMark {
  type: string;
  attrs?: Record<string, unknown>;
}
/** A node in ProseMirror JSON. */
export interface PmNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: PmNode[];
  marks?: PmMark[];
  text?: string;
}

const byName = new Map(NODE_SPECS.map((spec) => [spec.name, spec]));
const byType = new Map<string, EditorNodeSpec>();
for (const spec of NODE_SPECS) {
  for (const type of spec.types) byType.set(`${spec.object}:${type}`, spec);
}
const marksByName = new Map(MARK_SPECS.map((spec) => [spec.name, spec]));
const marksByType = new Map(MARK_SPECS.map((spec) => [`${spec.object}:${spec.type}`, spec]));

/** The node spec a Document node is written by, if the editor knows its type. */
export function nodeSpecFor(node: LooseNode): EditorNodeSpec | undefined {
  if (node.object === "fragment") return byType.get("fragment:");
  if (node.object === "document") return byType.get("document:document");
  if (node.object !== "block" && node.object !== "inline") return undefined;
  return typeof node.type === "string" ? byType.get(`${node.object}:${node.type}`) : undefined;
}

/** The node spec of an editor node name. */
export const nodeSpecNamed = (name: string): EditorNodeSpec | undefined => byName.get(name);

/** The mark spec a Document mark (or link inline) is written by, if the editor knows it. */
export function markSpecFor(object: unknown, type: unknown): EditorMarkSpec | undefined {
  return typeof type === "string" ? marksByType.get(`${String(object)}:${type}`) : undefined;
}

/** The mark spec of an editor mark name. */
export const markSpecNamed = (name: string): EditorMarkSpec | undefined => marksByName.get(name);

/** The `link` mark's spec (GitBook's link inline). */
export const LINK_MARK = MARK_SPECS.find((spec) => spec.object === "inline") as EditorMarkSpec;

/** A mark's rank: its place in `MARK_SPECS`, opaque marks last (ProseMirror's order of a set). */
export function markRank(name: string): number {
  const index = MARK_SPECS.findIndex((spec) => spec.name === name);
  return index === -1 ? MARK_SPECS.length : index;
}

/** An opaque carrier of a Document value the editor does not edit. */
export const opaque = (type: string, json: unknown): PmNode => ({ type, attrs: { json } });

/** Deep equality of JSON values, ignoring the order of object keys. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  }
  if (!isRecord(a) || !isRecord(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && sameJson(a[key], b[key]));
}

/** Equality of attributes, an absent one counting as null (ProseMirror fills defaults). */
export function sameAttrs(
  a: Record<string, unknown> | undefined,
  b: Record<string, unknown> | undefined,
): boolean {
  const keys = new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})]);
  for (const key of keys) {
    if (!sameJson(a?.[key] ?? null, b?.[key] ?? null)) return false;
  }
  return true;
}

/** Equality of two mark lists, in order. */
export function sameMarks(a: PmMark[] | undefined, b: PmMark[] | undefined): boolean {
  const left = a ?? [];
  const right = b ?? [];
  return (
    left.length === right.length &&
    left.every((mark, i) => mark.type === right[i]?.type && sameAttrs(mark.attrs, right[i]?.attrs))
  );
}

/** Equality of two flat lists of inline nodes (texts and atoms, no content). */
export function sameInlines(a: PmNode[], b: PmNode[]): boolean {
  return (
    a.length === b.length &&
    a.every((node, i) => {
      const other = b[i] as PmNode;
      return (
        node.type === other.type &&
        node.text === other.text &&
        sameAttrs(node.attrs, other.attrs) &&
        sameMarks(node.marks, other.marks)
      );
    })
  );
}
