import { asContentRef } from "../../core/document/hrefs";
import {
  MAX_WALK_DEPTH,
  childNodes,
  dataOf,
  emojiText,
  isRecord,
  leavesOf,
  stringField,
  type LooseNode,
} from "../../core/document/loose";
import { inlineText } from "../../core/document/text";
import { safeHref } from "../../core/links/safe-href";
import type { LinkTarget } from "./canvas";
import type { Run } from "./layout";
import { COLORS, type StyleSpec, type Styles } from "./styles";
import { toWinAnsi } from "./winansi";

/** What inline rendering needs to know about where it is. */
export interface InlineScope {
  styles: Styles;
  /** The space being rendered: page links to another space are not followed. */
  spaceId: string;
  /** The page being rendered: anchor links without a page point into it. */
  pageId: string;
}

/**
 * A URL a PDF reader may open: what the one link rule allows (`safeHref`: http, https, mailto,
 * tel, `//host` as https) and that is absolute, ASCII-encoded; null otherwise (the link is
 * dropped, its text kept). A relative target has no base in a PDF, so it is not linked either.
 */
function pdfUrl(url: string): string | null {
  const href = safeHref(url);
  if (href === null) return null;
  try {
    return new URL(href).href;
  } catch {
    return null;
  }
}

/** Where a content reference leads inside or outside the PDF, if anywhere. */
export function linkTarget(value: unknown, scope: InlineScope): LinkTarget | undefined {
  const ref = asContentRef(value);
  if (!ref) return undefined;
  if (ref.kind === "url") {
    const url = pdfUrl(ref.url);
    return url ? { kind: "url", url } : undefined;
  }
  if (
    (ref.kind === "page" || ref.kind === "anchor") &&
    (!ref.space || ref.space === scope.spaceId)
  ) {
    if (ref.kind === "page") return { kind: "page", pageId: ref.page };
    return { kind: "page", pageId: ref.page ?? scope.pageId, anchor: ref.anchor };
  }
  return undefined;
}

/** The spec of a leaf: the block's spec with the leaf's marks applied. */
function withMarks(spec: StyleSpec, marks: string[]): StyleSpec {
  let out = spec;
  for (const mark of marks) {
    if (mark === "bold") out = { ...out, bold: true };
    else if (mark === "italic") out = { ...out, italic: true };
    else if (mark === "strikethrough") out = { ...out, strike: true };
    else if (mark === "code" && !out.mono) out = { ...out, mono: true, size: out.size * 0.94 };
  }
  return out;
}

/**
 * Styled runs of inline content (texts with marks, links, emoji, math, inline images), in
 * document order. Text is made WinAnsi here; "\n" in a leaf stays a line break.
 */
export function inlineRuns(
  nodes: readonly unknown[],
  spec: StyleSpec,
  scope: InlineScope,
  depth = 0,
): Run[] {
  const runs: Run[] = [];
  if (depth > MAX_WALK_DEPTH) return runs;
  const push = (text: string, s: StyleSpec) => {
    const clean = toWinAnsi(text);
    if (clean !== "") runs.push({ text: clean, style: scope.styles.of(s) });
  };
  for (const node of nodes) {
    if (!isRecord(node)) continue;
    if (node.object === "text") {
      for (const leaf of leavesOf(node)) push(leaf.text, withMarks(spec, leaf.marks));
    } else if (node.object === "inline") {
      runs.push(...inlineNodeRuns(node, spec, scope, depth));
    }
  }
  return runs;
}

/** Runs of one inline node. */
function inlineNodeRuns(node: LooseNode, spec: StyleSpec, scope: InlineScope, depth: number) {
  const data = dataOf(node);
  const run = (text: string, s: StyleSpec): Run[] => {
    const clean = toWinAnsi(text);
    return clean === "" ? [] : [{ text: clean, style: scope.styles.of(s) }];
  };
  switch (node.type) {
    case "link": {
      const link = linkTarget(data.ref, scope);
      const linked: StyleSpec = { ...spec, color: COLORS.link, underline: true, link };
      return inlineRuns(childNodes(node), linked, scope, depth + 1);
    }
    case "inline-image": {
      const alt = stringField(data, "alt") || stringField(data, "caption") || "image";
      return run(`[${alt}]`, { ...spec, color: COLORS.muted });
    }
    case "emoji":
      return run(emojiText(node), spec);
    case "inline-math":
      return run(stringField(data, "formula") ?? "", { ...spec, mono: true });
    default: {
      const children = childNodes(node);
      if (children.length > 0) return inlineRuns(children, spec, scope, depth + 1);
      return run(stringField(data, "label") ?? inlineText([node]), spec);
    }
  }
}
