import { asContentRef } from "./hrefs";
import {
  MAX_WALK_DEPTH,
  blockType,
  childNodes,
  dataOf,
  emojiText,
  fragmentNamed,
  fragmentsOf,
  isRecord,
  leavesOf,
  stringField,
  type LooseNode,
} from "./loose";
import type { ContentRef } from "./types";

/** A part of a page under one top-level heading, for search sections and the PDF outline. */
export interface DocumentSection {
  /** The heading's text; null for the content before the first heading. */
  heading: string | null;
  /** The heading's anchor (`#anchor` in links); null for the content before the first heading. */
  anchor: string | null;
  /** The plain text under the heading, blocks separated by "\n". */
  text: string;
}

/** Anything with top-level `nodes`: a parsed, validated or stored document. */
export interface DocumentLike {
  object?: unknown;
  data?: unknown;
  nodes?: unknown;
}

const HEADINGS: ReadonlySet<string> = new Set(["heading-1", "heading-2", "heading-3"]);

/** Plain text of inline content (texts, links, emoji, math, annotations, button labels). */
export function inlineText(nodes: readonly unknown[], depth = 0): string {
  if (depth > MAX_WALK_DEPTH) return cut();
  let text = "";
  for (const node of nodes) {
    if (!isRecord(node)) continue;
    if (node.object === "text") {
      for (const leaf of leavesOf(node)) text += leaf.text;
    } else if (node.object === "inline") {
      if (node.type === "emoji") text += emojiText(node);
      else if (node.type === "inline-math") text += stringField(dataOf(node), "formula") ?? "";
      else if (node.type === "button") text += stringField(dataOf(node), "label") ?? "";
      else text += inlineText(childNodes(node), depth + 1);
    }
  }
  return text;
}

/** Text of one table cell value, whatever the column type. */
function cellText(table: LooseNode, value: unknown, depth: number): string {
  if (typeof value === "string") {
    const fragment = fragmentNamed(table, value);
    return fragment ? blocksText(childNodes(fragment), depth + 1).replace(/\n/g, " ") : "";
  }
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return value.filter((v) => typeof v === "string").join(", ");
  return "";
}

/** Text of a table: the column titles, then one line per record, cells separated by " | ". */
function tableText(table: LooseNode, depth: number): string {
  const data = dataOf(table);
  const definition = dataOf({ data: data.definition });
  const view = dataOf({ data: data.view });
  const columns = (Array.isArray(view.columns) ? view.columns : Object.keys(definition)).filter(
    (id): id is string => typeof id === "string" && isRecord(definition[id]),
  );
  const lines = [columns.map((id) => stringField(definition[id] as LooseNode, "title") ?? "")];
  const records = Object.values(dataOf({ data: data.records })).filter(isRecord);
  for (const record of records) {
    const values = dataOf({ data: record.values });
    lines.push(columns.map((id) => cellText(table, values[id], depth)));
  }
  return lines
    .map((cells) => cells.join(" | "))
    .filter((line) => line.replace(/[\s|]/g, "") !== "")
    .join("\n");
}

/** A block's text, the depth it was computed at, and whether the depth limit cut it. */
interface KnownText {
  text: string;
  depth: number;
  cut: boolean;
}

/** Texts of blocks while `withBlockTextMemo` runs; each walk counts its depth-limit cuts. */
// module-state: a memo scoped to one `withBlockTextMemo` call (a fresh WeakMap per call).
let memo: WeakMap<LooseNode, KnownText> | undefined;
// module-state: the depth-limit cuts of the walk that `memo` serves.
let cuts = 0;

/** Records that the depth limit left something out, and returns "" for it. */
function cut(): string {
  cuts += 1;
  return "";
}

/**
 * Runs `fn` with `blockText` memoized per node: `assignKeys` asks for the text of every block,
 * and the text of a block holds its descendants' texts, so without it nested blocks were
 * re-read once per ancestor. A text is reused at the depth it was computed at, or at any
 * shallower depth when the depth limit cut nothing from it (the result is then the same).
 */
export function withBlockTextMemo<T>(fn: () => T): T {
  const previous = memo;
  memo = new WeakMap();
  try {
    return fn();
  } finally {
    memo = previous;
  }
}

/** Plain text of one block of any type (unknown types contribute their fragments and nodes). */
export function blockText(node: unknown, depth = 0): string {
  if (!isRecord(node)) return "";
  if (depth > MAX_WALK_DEPTH) return cut();
  if (!memo) return computeBlockText(node, depth);
  const known = memo.get(node);
  if (known && (known.depth === depth || (!known.cut && depth < known.depth))) return known.text;
  const before = cuts;
  const text = computeBlockText(node, depth);
  memo.set(node, { text, depth, cut: cuts !== before });
  return text;
}

/** `blockText` without the memo. */
function computeBlockText(node: LooseNode, depth: number): string {
  const type = blockType(node);
  switch (type) {
    case "paragraph":
    case "heading-1":
    case "heading-2":
    case "heading-3":
    case "code-line":
      return inlineText(childNodes(node), depth + 1);
    case "code":
      return childNodes(node)
        .map((line) => inlineText(childNodes(line), depth + 1))
        .join("\n");
    case "table":
      return tableText(node, depth);
    case "image": {
      const caption = fragmentNamed(node, "caption");
      const alt = stringField(dataOf(node), "alt") ?? "";
      return caption ? blocksText(childNodes(caption), depth + 1) || alt : alt;
    }
    case "math":
      return stringField(dataOf(node), "formula") ?? "";
    case "":
      return "";
    default: {
      // One pass, no intermediate arrays: a long list's items all come through here.
      let text = "";
      const add = (part: string) => {
        if (part !== "") text = text === "" ? part : `${text}\n${part}`;
      };
      for (const child of fragmentsOf(node)) {
        add(
          child.object === "fragment"
            ? blocksText(childNodes(child), depth + 1)
            : blockText(child, depth + 1),
        );
      }
      if (Array.isArray(node.nodes)) {
        for (const child of node.nodes) {
          if (!isRecord(child)) continue;
          add(
            child.object === "fragment"
              ? blocksText(childNodes(child), depth + 1)
              : blockText(child, depth + 1),
          );
        }
      }
      return text;
    }
  }
}

/** Plain text of a list of blocks, one block per line group. */
export function blocksText(nodes: readonly unknown[], depth = 0): string {
  return nodes
    .map((node) => blockText(node, depth))
    .filter((text) => text !== "")
    .join("\n");
}

/** The top-level blocks of a document-like value, never throwing on bad input. */
function topLevel(doc: DocumentLike): LooseNode[] {
  return Array.isArray(doc.nodes) ? doc.nodes.filter(isRecord) : [];
}

/** All the text of a document (headings included), for search indexing and snippets. */
export function documentText(doc: DocumentLike): string {
  return blocksText(topLevel(doc));
}

/**
 * A URL fragment for a heading, as GitBook's anchors are made, so `#anchor` links written for a
 * GitBook site keep working (checked against the links of GitBook's own docs:
 * scripts/check-heading-anchors.mjs): lower case, accents removed, apostrophes dropped inside
 * words ("What's new" is `whats-new`), "&" read as "and" ("API & SDK" is `api-and-sdk`), dots
 * kept ("llms-full.txt and .md" is `llms-full.txt-and-.md`, "…" is `...`), runs of anything else
 * but letters, digits and "_" replaced by "-"; an anchor starting with a digit gets GitBook's
 * `id-` ("1. Install" is `id-1.-install`); "section" when nothing is left.
 */
export function headingAnchor(text: string): string {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/(?<=[\p{L}\p{N}])['’](?=[\p{L}\p{N}])/gu, "")
    .replace(/\s*&\s*/g, " and ")
    .replace(/[^\p{L}\p{N}_.]+/gu, "-")
    .replace(/^-+|-+$/g, "");
  if (!/[\p{L}\p{N}]/u.test(slug)) return "section";
  return /^\p{N}/u.test(slug) ? `id-${slug}` : slug;
}

/**
 * The anchor a heading block declares (`meta.id`, then `data.id`), if any: search sections and
 * the reader's heading ids both start from it, so a search hit's anchor is the heading's id.
 */
export function declaredAnchor(node: LooseNode): string | undefined {
  const meta = isRecord(node.meta) ? stringField(node.meta, "id") : undefined;
  return meta ?? stringField(dataOf(node), "id");
}

/** The plain text of an expandable block's title (its `expandable-title` fragment). */
export function expandableTitle(node: LooseNode): string {
  const title = fragmentNamed(node, "expandable-title");
  return title ? inlineText(childNodes(title).flatMap(childNodes)) : "";
}

/**
 * The anchor an expandable block asks for, as GitBook gives one: its declared `meta.id` (GitBook's
 * editor sets it), else its title's slug by the heading rule (`headingAnchor`), which is how
 * GitBook's own docs link to one (`page.md#<slug of the summary>`). Unique ids then come from the
 * renderer's one counter, shared with the headings of the page.
 */
export function expandableAnchor(node: LooseNode): string {
  const declared = isRecord(node.meta) ? stringField(node.meta, "id") : undefined;
  return declared && declared.trim() !== "" ? declared : headingAnchor(expandableTitle(node));
}

/**
 * Splits a document at its top-level headings. Anchors are unique in the document: a repeated
 * heading gets "-1", "-2"... Content before the first heading is a section only if it has text.
 */
export function documentSections(doc: DocumentLike): DocumentSection[] {
  const sections: DocumentSection[] = [];
  const used = new Map<string, number>();
  let current: { heading: string | null; anchor: string | null; parts: string[] } = {
    heading: null,
    anchor: null,
    parts: [],
  };
  const flush = () => {
    const text = current.parts.filter((part) => part !== "").join("\n");
    if (current.heading !== null || text !== "") {
      sections.push({ heading: current.heading, anchor: current.anchor, text });
    }
  };
  for (const node of topLevel(doc)) {
    if (!HEADINGS.has(blockType(node))) {
      current.parts.push(blockText(node));
      continue;
    }
    flush();
    const heading = inlineText(childNodes(node));
    const base = declaredAnchor(node) ?? headingAnchor(heading);
    const seen = used.get(base) ?? 0;
    used.set(base, seen + 1);
    current = { heading, anchor: seen === 0 ? base : `${base}-${seen}`, parts: [] };
  }
  flush();
  return sections;
}

/** Reference fields worth collecting, by node type. */
const REF_FIELDS: Record<string, string[]> = {
  link: ["ref"],
  mention: ["ref"],
  button: ["ref"],
  "inline-image": ["ref", "refDark"],
  image: ["ref", "refDark"],
  file: ["ref"],
  "content-ref": ["ref"],
};

/**
 * Every content reference of a document in document order (links, mentions, buttons, images,
 * file and content-ref blocks), duplicates included, for link and backlink extraction.
 */
export function documentRefs(doc: DocumentLike): ContentRef[] {
  const refs: ContentRef[] = [];
  const visit = (node: LooseNode, depth: number): void => {
    if (depth > MAX_WALK_DEPTH) return;
    const type = typeof node.type === "string" ? node.type : "";
    for (const field of Object.hasOwn(REF_FIELDS, type) ? (REF_FIELDS[type] ?? []) : []) {
      const ref = asContentRef(dataOf(node)[field]);
      if (ref) refs.push(ref);
    }
    for (const fragment of fragmentsOf(node)) {
      for (const child of childNodes(fragment)) visit(child, depth + 1);
    }
    for (const child of childNodes(node)) visit(child, depth + 1);
  };
  for (const node of topLevel(doc)) visit(node, 1);
  return refs;
}
