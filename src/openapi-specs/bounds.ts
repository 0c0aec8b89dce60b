import { isAlias, isCollection, isPair, isScalar, type Document, type Node } from "yaml";
import { jsonDepth } from "../lib/json-depth";
import { SpecProcessError } from "./types";

/**
 * Most levels of objects and arrays a spec may nest. Deeper is no API description anyone writes,
 * and every recursive step after parsing (JSON serialisation of a read, the page renderers)
 * would overflow the stack on it: a 100,000-level document was stored, then every read of it
 * failed (issue 34, finding 8).
 */
export const MAX_SPEC_DEPTH = 256;

/**
 * Most values YAML aliases may add to a document, counted as what they expand to (a 20,000-item
 * sequence aliased 999 times adds ~20 million, from 131 KB of text: issue 34, finding 3). The
 * same budget as the values external `$ref`s may copy in (`maxInlinedValues`).
 */
export const MAX_ALIAS_NODES = 250_000;

/**
 * Most bytes of a processed document (as stored, JSON). A 10 MiB source stays well under it;
 * external references inlined many times over do not.
 */
export const MAX_DOCUMENT_BYTES = 16 * 1024 * 1024;

/**
 * Most characters of a YAML spec. The `yaml` parser needs ~60 times a text's size in memory
 * (a 2.1 MB text fits a 128 MB heap, 2.9 MB does not: bench/large-spec.mjs) and ~1–3 s per MB:
 * past this a YAML spec would take the isolate, and every request it serves, down with it.
 * JSON specs go to the 10 MiB of a source.
 */
export const MAX_YAML_CHARACTERS = 1536 * 1024;

/** The `PARSE_ERROR` of a bound passed. */
function refused(message: string, code: string): SpecProcessError {
  return new SpecProcessError("PARSE_ERROR", [{ message, code }]);
}

/** The `PARSE_ERROR` of a document nested deeper than `MAX_SPEC_DEPTH`. */
export function tooDeep(): SpecProcessError {
  return refused(`The document nests deeper than ${MAX_SPEC_DEPTH} levels`, "depth");
}

/** Throws the depth `PARSE_ERROR` when a parsed value nests deeper than `MAX_SPEC_DEPTH`. */
export function checkDepth(value: unknown): void {
  if (jsonDepth(value, MAX_SPEC_DEPTH) > MAX_SPEC_DEPTH) throw tooDeep();
}

/** What a YAML document is once its aliases are expanded, worked out without expanding them. */
export interface ExpandedSize {
  /** Nodes of the expanded document (collections, pairs' keys and values, scalars). */
  nodes: number;
  /** Of those, the nodes that aliases produce. */
  aliasNodes: number;
  /** Levels of collections the expanded document nests. */
  depth: number;
}

interface Walk {
  /** Each anchor's latest node, in document order (an alias refers to the latest before it). */
  anchors: Map<string, Node>;
  /** Size and height of every node walked, once each: an alias costs a lookup. */
  known: Map<Node, { nodes: number; depth: number }>;
  aliasNodes: number;
  maxAliasNodes: number;
}

/**
 * The expanded size of a parsed YAML document, in one walk of its own nodes (each node's size is
 * worked out once, so a document that would expand to millions costs what its text costs). An
 * alias counts as the nodes its anchor's node holds. Stops early with a `PARSE_ERROR` when the
 * aliases pass `MAX_ALIAS_NODES`, the nesting passes `MAX_SPEC_DEPTH` (an alias's target counts
 * at the alias's depth), or an alias refers to a node that holds it (no finite expansion).
 * `maxAliasNodes` is for measuring (a bench, a test): processing uses the default.
 */
export function yamlExpandedSize(doc: Document, maxAliasNodes = MAX_ALIAS_NODES): ExpandedSize {
  const walk: Walk = { anchors: new Map(), known: new Map(), aliasNodes: 0, maxAliasNodes };
  const root = doc.contents ? sizeOf(walk, doc.contents as Node, 0) : { nodes: 0, depth: 0 };
  return { nodes: root.nodes, aliasNodes: walk.aliasNodes, depth: root.depth };
}

/** Throws the `PARSE_ERROR`s of `yamlExpandedSize` for a document past the bounds. */
export function checkYamlExpansion(doc: Document): void {
  const size = yamlExpandedSize(doc);
  if (size.aliasNodes > MAX_ALIAS_NODES) throw aliasesTooLarge();
  if (size.depth > MAX_SPEC_DEPTH) throw tooDeep();
}

function aliasesTooLarge(): SpecProcessError {
  return refused(
    `YAML aliases expand to more than ${MAX_ALIAS_NODES} values: repeat less, or reference with $ref`,
    "size",
  );
}

/** Size and height of `node` at `level` (collections above it); recursion bounded by the depth. */
function sizeOf(walk: Walk, node: unknown, level: number): { nodes: number; depth: number } {
  if (level > MAX_SPEC_DEPTH) throw tooDeep();
  if (isAlias(node)) return aliasSize(walk, node.source, level);
  if (node === null || typeof node !== "object") return { nodes: 0, depth: 0 };
  const anchored = (node as { anchor?: string }).anchor;
  if (anchored) walk.anchors.set(anchored, node as Node);
  let size: { nodes: number; depth: number };
  if (isScalar(node)) size = { nodes: 1, depth: 0 };
  else if (isPair(node)) {
    const key = sizeOf(walk, node.key, level);
    const value = sizeOf(walk, node.value, level);
    size = { nodes: key.nodes + value.nodes, depth: Math.max(key.depth, value.depth) };
  } else if (isCollection(node)) {
    let nodes = 1;
    let depth = 0;
    for (const item of node.items) {
      const inner = sizeOf(walk, item, level + 1);
      nodes += inner.nodes;
      depth = Math.max(depth, inner.depth);
    }
    size = { nodes, depth: depth + 1 };
  } else size = { nodes: 1, depth: 0 };
  walk.known.set(node as Node, size);
  return size;
}

/** An alias: its anchor's node, already walked (anchors come before their aliases). */
function aliasSize(walk: Walk, source: string, level: number) {
  const target = walk.anchors.get(source);
  if (!target) throw refused(`YAML alias *${source} refers to no anchor before it`, "syntax");
  const size = walk.known.get(target);
  // Anchored but not walked to its end: the alias sits inside the node it names.
  if (!size) throw refused(`YAML alias *${source} refers to a node that contains it`, "syntax");
  walk.aliasNodes += size.nodes;
  if (walk.aliasNodes > walk.maxAliasNodes) throw aliasesTooLarge();
  if (level + size.depth > MAX_SPEC_DEPTH) throw tooDeep();
  return size;
}
