/**
 * Adaptive content inside a page: GitBook's `if` block (`{type: "if", data: {expression}}`)
 * shows its blocks only to visitors whose claims satisfy its expression. `withoutHiddenBlocks`
 * is the one place a document loses the blocks a visitor may not see, before it is presented
 * as a Document or rendered as markdown, searched or printed.
 */
import { MAX_WALK_DEPTH, isRecord, type LooseNode } from "./loose";
import type { DocumentLike } from "./text";

/** Whether a visitor sees content with this expression (null: no expression, shown). */
export type ExpressionShows = (expression: string | null) => boolean;

/** The expression of an `if` block; null when it has none. */
function expressionOf(node: LooseNode): string | null {
  const data = isRecord(node.data) ? node.data : {};
  return typeof data.expression === "string" ? data.expression : null;
}

/** Whether a node is an `if` block the visitor may not see. */
function hidden(node: unknown, shows: ExpressionShows): boolean {
  return isRecord(node) && node.type === "if" && !shows(expressionOf(node));
}

/** A node with its `nodes` and `fragments` walked; past the depth limit, its content is dropped. */
function walk(node: LooseNode, shows: ExpressionShows, depth: number): LooseNode {
  const out: LooseNode = { ...node };
  for (const key of ["nodes", "fragments"] as const) {
    const list = node[key];
    if (!Array.isArray(list)) continue;
    out[key] =
      depth >= MAX_WALK_DEPTH
        ? []
        : list
            .filter((child) => !hidden(child, shows))
            .map((child) => (isRecord(child) ? walk(child, shows, depth + 1) : child));
  }
  return out;
}

/**
 * The document without the `if` blocks whose expression fails for the visitor (at any depth:
 * inside tabs, expandables, tables' fragments), the others kept with their content. The input
 * is not changed.
 */
export function withoutHiddenBlocks<D extends DocumentLike>(
  document: D,
  shows: ExpressionShows,
): D {
  return walk(document as LooseNode, shows, 0) as D;
}

/**
 * The expressions of every `if` block of a document (at any depth), for the search index: a
 * page's text is found by a visitor only when all of them hold (its text is indexed whole).
 */
export function ifExpressions(document: DocumentLike): string[] {
  const out: string[] = [];
  const visit = (node: unknown, depth: number): void => {
    if (!isRecord(node) || depth > MAX_WALK_DEPTH) return;
    if (node.type === "if") out.push(expressionOf(node) ?? "");
    for (const key of ["nodes", "fragments"] as const) {
      const list = node[key];
      if (Array.isArray(list)) for (const child of list) visit(child, depth + 1);
    }
  };
  visit(document, 0);
  return [...new Set(out.filter((e) => e.trim() !== ""))];
}
