import type { JSONDocument } from "@gitbook/api";
import { isRecord } from "../../document/loose";
import type { RenderContext, TocEntry } from "../model";
import { htmlOf, renderBlocks } from "./blocks";
import { renderFootnotes } from "./footnotes";
import type { RenderState } from "./state";

/**
 * The document renderer: a GitBook JSON Document to the HTML of a page's content, with the
 * headings of its own flow as the on-page contents. Synchronous and pure: every reference
 * resolves through the prefetched `RenderContext`; what is unavailable renders a note.
 */

/** A document's HTML and the contents of its headings. */
export function renderDocument(
  doc: JSONDocument,
  ctx: RenderContext,
): { html: string; toc: TocEntry[] } {
  const state: RenderState = {
    ctx,
    toc: [],
    ids: new Map(),
    footnotes: [],
    headingLevel: 1,
    blocks: (nodes, scope) => renderBlocks(nodes, state, scope),
  };
  const nodes = Array.isArray(doc.nodes) ? (doc.nodes as unknown[]).filter(isRecord) : [];
  const body = renderBlocks(nodes, state, { depth: 0, flow: true });
  const html = htmlOf([body, renderFootnotes(state.footnotes)]);
  return { html, toc: state.toc };
}
