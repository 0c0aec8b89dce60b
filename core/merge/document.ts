/**
 * A Document's three-way merge (its top-level blocks through ./blocks, its other fields through
 * ./values) and the resolution of its conflicts by a choice per conflict: keep ours, keep theirs,
 * or both (theirs after ours). Pure; the API's update from main and merge use it.
 */
import { blocksOf, type DiffBlock } from "../diff/blocks";
import { mergeBlocks, mergeChildren, type BlockConflict, type MergedEntry } from "./blocks";
import { mergeValue, UNMERGEABLE } from "./values";

/** The choice made for one conflict. */
export type Take = "ours" | "theirs" | "both";

/** A Document merged: its block entries, and its other fields (null: changed on both sides). */
export interface DocumentMerge {
  entries: MergedEntry[];
  fields: Record<string, unknown> | null;
}

/** A Document's fields other than its blocks. */
function fieldsOf(document: unknown): Record<string, unknown> {
  if (document === null || typeof document !== "object") return {};
  const { nodes: _nodes, ...fields } = document as Record<string, unknown>;
  return fields;
}

/** Merges three versions of a Document (as stored: `{object, data, nodes}`). */
export function mergeDocuments(base: unknown, ours: unknown, theirs: unknown): DocumentMerge {
  const entries = mergeBlocks(blocksOf(base), blocksOf(ours), blocksOf(theirs));
  const merged = mergeValue(fieldsOf(base), fieldsOf(ours), fieldsOf(theirs), mergeChildren);
  return { entries, fields: merged === UNMERGEABLE ? null : (merged as Record<string, unknown>) };
}

/** The blocks a choice keeps of one conflict. */
function taken(conflict: BlockConflict, take: Take): DiffBlock[] {
  const ours = conflict.ours ? [conflict.ours] : [];
  const theirs = conflict.theirs ? [conflict.theirs] : [];
  return take === "ours" ? ours : take === "theirs" ? theirs : [...ours, ...theirs];
}

/**
 * The merged Document once every conflict has a choice (`choose` answers undefined: unresolved,
 * and the answer is null). `fieldsTake` decides the Document's own fields when both changed
 * them. A key met twice (both blocks kept) is dropped from its later node, for the store to give
 * it a fresh one.
 */
export function resolveDocument(
  merge: DocumentMerge,
  versions: { ours: unknown; theirs: unknown },
  choose: (conflict: BlockConflict) => Take | undefined,
  fieldsTake?: Exclude<Take, "both">,
): Record<string, unknown> | null {
  const fields =
    merge.fields ??
    (fieldsTake ? fieldsOf(fieldsTake === "ours" ? versions.ours : versions.theirs) : null);
  if (!fields) return null;
  const nodes: DiffBlock[] = [];
  for (const entry of merge.entries) {
    if ("block" in entry) {
      nodes.push(entry.block);
      continue;
    }
    const take = choose(entry.conflict);
    if (!take) return null;
    nodes.push(...taken(entry.conflict, take));
  }
  return withUniqueKeys({ ...fields, nodes });
}

/** A copy of the value in which no node key appears twice (later repeats dropped). */
function withUniqueKeys<T>(value: T): T {
  const seen = new Set<string>();
  const copy = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(copy);
    if (v === null || typeof v !== "object") return v;
    const out: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(v as Record<string, unknown>)) {
      if (name === "key" && typeof field === "string" && "object" in v) {
        if (seen.has(field)) continue;
        seen.add(field);
      }
      out[name] = copy(field);
    }
    return out;
  };
  return copy(value) as T;
}
