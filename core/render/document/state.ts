import type { Child } from "hono/jsx";
import { headingAnchor } from "../../document/text";
import type { LooseNode } from "../../document/loose";
import type { RenderContext, TocEntry } from "../model";

/**
 * The state of one document render: the resolver, the headings seen (unique ids, the on-page
 * contents), the footnotes annotations add, and the block renderer the parts recurse through
 * (handed in, so the block modules do not import each other in a cycle).
 */

/** Deepest block nesting rendered as markup; anything deeper renders as its plain text. */
export const MAX_RENDER_DEPTH = 64;

/** Where a block sits: its nesting depth, and whether its headings belong to the page's contents. */
export interface Scope {
  depth: number;
  /** True in the page's own flow (top level, `if`, reusable content), false inside tabs, cards... */
  flow: boolean;
}

/** One annotation's body, numbered in the order annotations appear. */
export interface Footnote {
  id: string;
  body: Child;
}

/** Everything the block and inline renderers share during one render. */
export interface RenderState {
  ctx: RenderContext;
  toc: TocEntry[];
  /** Ids handed out so far, with how many times each base was asked for. */
  ids: Map<string, number>;
  footnotes: Footnote[];
  /** HTML level of the last heading rendered (1: the page title), for titles of tab panels. */
  headingLevel: number;
  /** Renders a list of blocks in a scope (the dispatcher of blocks.tsx). */
  blocks(nodes: LooseNode[], scope: Scope): Child;
}

/** The scope one level inside `scope`, out of the page's flow unless `flow` says otherwise. */
export function inner(scope: Scope, flow = false): Scope {
  return { depth: scope.depth + 1, flow: scope.flow && flow };
}

/**
 * A unique id from a base, with the rule search sections use (`documentSections`): the first
 * `x`, then `x-1`, `x-2`... so a search hit's anchor lands on the same heading. A base already
 * handed out as someone's suffixed form is skipped forward.
 */
export function uniqueId(state: RenderState, wanted: string): string {
  // The shell's own id ("content", the skip link's target) and the reader's "q-" namespace
  // (search, announcer, the document's notes) are never a heading's: those take an "h-" prefix.
  const base = wanted === "content" || wanted.startsWith("q-") ? `h-${wanted}` : wanted;
  let seen = state.ids.get(base) ?? 0;
  let id = seen === 0 ? base : `${base}-${seen}`;
  while (seen > 0 && state.ids.has(id)) {
    seen += 1;
    id = `${base}-${seen}`;
  }
  state.ids.set(base, seen + 1);
  if (id !== base) state.ids.set(id, 1);
  return id;
}

/** The slug of a heading's text ("section" when it has none), as search anchors use it. */
export function slugOf(text: string): string {
  return headingAnchor(text);
}
