import type { PhrasingContent } from "mdast";
import { resolveImageWith, resolveWith } from "./hrefs";
import { isSafeHref } from "../links/safe-href";
import { joinLines, pushAll } from "./loose";
import { InlineBuilder, type InlineContext } from "./inline-builder";
import { inlineHtml } from "./parse-inline-html";
import type {
  DocumentInlineImage,
  DocumentInlineLink,
  DocumentText,
  InlineContent,
  MarkType,
} from "./types";

export type { InlineContext } from "./inline-builder";

const BREAK_TAG = /^<br\s*\/?>$/i;
const COMMENT = /^<!--[\s\S]*-->$/;

/** An empty text node, for blocks and links that must hold at least one text. */
function emptyText(): DocumentText {
  return { object: "text", leaves: [{ object: "leaf", text: "", marks: [] }] };
}

/** A text node with one unformatted leaf. */
export function plainText(text: string): DocumentText {
  return { object: "text", leaves: [{ object: "leaf", text, marks: [] }] };
}

/** An inline image for an mdast image, its reference recorded. */
function inlineImage(
  url: string,
  alt: string | null | undefined,
  title: string | null | undefined,
  ctx: InlineContext,
): DocumentInlineImage {
  const ref = resolveImageWith(ctx.resolveHref, url);
  const data: DocumentInlineImage["data"] = { ref };
  if (alt) data.alt = alt;
  if (title) data.caption = title;
  return { object: "inline", type: "inline-image", key: "", isVoid: true, data };
}

/**
 * The inline image for an mdast image; null for other nodes and for a source the link rule
 * refuses as an image (`isSafeHref`), whose description is kept as text instead.
 */
export function imageToInline(
  node: PhrasingContent,
  ctx: InlineContext,
): DocumentInlineImage | null {
  if (node.type !== "image" || !isSafeHref(node.url, "image")) return null;
  return inlineImage(node.url, node.alt, node.title, ctx);
}

/** Options of inline conversion. */
export interface PhrasingOptions {
  /** Table cells cannot hold line breaks: breaks become spaces. */
  cell?: boolean;
}

/** Walks mdast phrasing content into the builder, carrying the marks of enclosing nodes. */
function walk(
  nodes: PhrasingContent[],
  marks: MarkType[],
  b: InlineBuilder,
  ctx: InlineContext,
  options: PhrasingOptions,
): void {
  const lineBreak = options.cell ? " " : "\n";
  for (const node of nodes) {
    switch (node.type) {
      case "text":
        b.leaf(joinLines(node.value), marks);
        break;
      case "strong":
        walk(node.children, [...marks, "bold"], b, ctx, options);
        break;
      case "emphasis":
        walk(node.children, [...marks, "italic"], b, ctx, options);
        break;
      case "delete":
        walk(node.children, [...marks, "strikethrough"], b, ctx, options);
        break;
      case "inlineCode":
        b.leaf(node.value.replace(/\r?\n/g, " "), [...marks, "code"]);
        break;
      case "break":
        b.leaf(lineBreak, marks);
        break;
      case "link":
        // A target the link rule refuses (`javascript:`, ...) drops the link and keeps its text.
        if (!isSafeHref(node.url)) walk(node.children, marks, b, ctx, options);
        else b.inline(link(b, node.url, node.children, marks, ctx, options));
        break;
      case "image": {
        const image = imageToInline(node, ctx);
        if (image) b.inline(image);
        else b.leaf(node.alt ?? "", marks);
        break;
      }
      case "footnoteReference":
        b.leaf(`[^${node.label ?? node.identifier}]`, marks);
        break;
      case "html":
        if (BREAK_TAG.test(node.value)) b.leaf(lineBreak, marks);
        else if (!COMMENT.test(node.value) && !inlineHtml(node.value, b, ctx))
          b.leaf(node.value, marks);
        break;
      default:
        if ((node as { type: string }).type === "inlineMath") {
          const formula = (node as unknown as { value: string }).value;
          b.inline({
            object: "inline",
            type: "inline-math",
            key: "",
            isVoid: true,
            data: { formula },
          });
        }
        break;
    }
  }
}

/** A link inline; its content keeps the marks around it, nested links are flattened. */
function link(
  outer: InlineBuilder,
  url: string,
  children: PhrasingContent[],
  marks: MarkType[],
  ctx: InlineContext,
  options: PhrasingOptions,
): DocumentInlineLink {
  const ref = resolveWith(ctx.resolveHref, url);
  const inner = new InlineBuilder(false);
  inner.colors = [...outer.colors];
  walk(children, marks, inner, ctx, options);
  const nodes: DocumentInlineLink["nodes"] = [];
  for (const node of inner.done()) {
    if (node.object === "text" || node.type === "inline-image") nodes.push(node);
    else if (node.type === "link") pushAll(nodes, node.nodes);
  }
  return {
    object: "inline",
    type: "link",
    key: "",
    isVoid: false,
    data: { ref },
    nodes: nodes.length > 0 ? nodes : [emptyText()],
  };
}

/**
 * Converts mdast phrasing content (a paragraph, heading or table cell) to Document inlines:
 * strong/emphasis/delete/inlineCode become bold/italic/strikethrough/code marks, hard breaks
 * and `<br>` become "\n", soft line breaks become spaces, links and images resolve their
 * targets. Never empty: an empty text node stands for no content.
 */
export function convertPhrasing(
  nodes: PhrasingContent[],
  ctx: InlineContext,
  options: PhrasingOptions = {},
): InlineContent[] {
  const builder = new InlineBuilder();
  walk(nodes, [], builder, ctx, options);
  const out = builder.done();
  return out.length > 0 ? out : [emptyText()];
}
