import type { BlockSegment, Segment, SegmentContext } from "./containers";
import { resolveImageWith, resolveWith } from "./hrefs";
import { pushAll } from "./loose";
import { plainText } from "./parse-inline";
import type { Place } from "./parse-blocks";
import { decodeAttr, htmlAttrs } from "./tags";
import { isSafeHref, safeHref } from "../links/safe-href";
import type { DocumentFragment, DocumentImage, DocumentParagraph, TopLevelBlock } from "./types";

/**
 * GitBook's void blocks: embeds, content references, files, OpenAPI operations, reusable
 * content includes, math, figures and drawings. A target the link rule refuses, or a reference
 * of the wrong kind, keeps what can be kept as text, with a warning.
 */

/** Converts a container's content (the caller's `convertSegments`). */
type Convert = (
  segments: Segment[],
  place: Place,
  ctx: SegmentContext,
  depth: number,
) => TopLevelBlock[];

/** A void block. */
function voidBlock(type: string, data: object, fragments?: DocumentFragment[]): TopLevelBlock {
  const node = { object: "block", type, key: "", isVoid: true, data };
  return (fragments ? { ...node, fragments } : node) as TopLevelBlock;
}

/** A paragraph of text. */
function textParagraph(text: string): TopLevelBlock {
  return {
    object: "block",
    type: "paragraph",
    key: "",
    isVoid: false,
    data: {},
    nodes: [plainText(text)],
  };
}

/** The caption fragment from an embed's or file's content (its paragraphs). */
function captionOf(
  segment: BlockSegment,
  ctx: SegmentContext,
  depth: number,
  convertSegments: Convert,
): DocumentFragment[] {
  const inner = convertSegments(segment.children, "hint", ctx, depth + 1);
  const paragraphs = inner.filter((node): node is DocumentParagraph => node.type === "paragraph");
  if (paragraphs.length < inner.length) ctx.warnings.push("only paragraphs are kept in a caption");
  if (paragraphs.length === 0) return [];
  return [{ object: "fragment", fragment: "caption", type: "caption", nodes: paragraphs }];
}

/** The images of a `<figure>` line: each `<img>`, the `<figcaption>` as caption. */
function figure(line: string, ctx: SegmentContext): TopLevelBlock[] {
  const images: DocumentImage[] = [];
  const caption = /<figcaption>(.*?)<\/figcaption>/.exec(line)?.[1] ?? "";
  const captionText = decodeAttr(caption.replace(/<\/?p>/g, "").replace(/<br\s*\/?>/g, "\n"));
  if (/<(?!\/?p>)[a-z/][^>]*>/i.test(caption))
    ctx.warnings.push("formatting in a figure caption was dropped");
  for (const match of line.matchAll(/<img\s[^>]*>/g)) {
    const attrs = htmlAttrs(match[0], "img");
    const src = attrs?.src ?? "";
    if (!isSafeHref(src, "image")) continue;
    const data: DocumentImage["data"] = { ref: resolveImageWith(ctx.inline.resolveHref, src) };
    if (attrs?.alt) data.alt = attrs.alt;
    const fragments: DocumentFragment[] =
      captionText === ""
        ? []
        : [
            {
              object: "fragment",
              fragment: "caption",
              type: "caption",
              nodes: [textParagraph(captionText) as DocumentParagraph],
            },
          ];
    images.push({ object: "block", type: "image", key: "", isVoid: true, data, fragments });
  }
  if (images.length === 0) return [];
  return [{ object: "block", type: "images", key: "", isVoid: false, data: {}, nodes: images }];
}

/** Converts a void GitBook block segment; unknown names keep their text. */
export function voidBlocks(
  segment: BlockSegment,
  ctx: SegmentContext,
  depth: number,
  convert: Convert,
): TopLevelBlock[] {
  const { attrs } = segment;
  const resolve = ctx.inline.resolveHref;
  switch (segment.name) {
    case "embed": {
      const url = safeHref(attrs.url ?? "", "web");
      if (url === null) {
        ctx.warnings.push(`an embed of a refused address was kept as text: ${attrs.url ?? ""}`);
        return [textParagraph(attrs.url ?? "")];
      }
      return [voidBlock("embed", { url }, captionOf(segment, ctx, depth, convert))];
    }
    case "content-ref":
    case "page-ref": {
      const target = attrs.url ?? attrs.page ?? "";
      if (!isSafeHref(target)) return [];
      return [voidBlock("content-ref", { ref: resolveWith(resolve, target) })];
    }
    case "file": {
      const ref = isSafeHref(attrs.src ?? "") ? resolveWith(resolve, attrs.src ?? "") : null;
      const caption = captionOf(segment, ctx, depth, convert);
      if (ref?.kind === "file") return [voidBlock("file", { ref }, caption)];
      ctx.warnings.push(`a file block whose source is not a file of the space: ${attrs.src ?? ""}`);
      const out = [textParagraph(attrs.src ?? "")];
      for (const fragment of caption) pushAll(out, fragment.nodes);
      return out;
    }
    case "openapi": {
      const src = attrs.src ?? "";
      if (!isSafeHref(src)) return [];
      const ref = resolveImageWith(resolve, src);
      return [
        voidBlock("swagger", {
          ref,
          path: attrs.path ?? "",
          method: (attrs.method ?? "get").toLowerCase(),
        }),
      ];
    }
    case "include": {
      const path = segment.arg ?? attrs.src ?? "";
      const id = ctx.includeFor(path);
      if (id === null) {
        ctx.warnings.push(`an include of an unknown reusable content was kept as text: ${path}`);
        return [textParagraph(segment.line)];
      }
      return [
        voidBlock("reusable-content", { ref: { kind: "reusable-content", reusableContent: id } }),
      ];
    }
    case "math":
      return [voidBlock("math", { formula: (segment.raw ?? []).join("\n") })];
    case "figure":
      return figure(segment.line, ctx);
    case "drawing": {
      const img = htmlAttrs(segment.line, "img");
      const src = img?.src ?? "";
      if (!isSafeHref(src, "image")) return [];
      const data = { ref: resolveImageWith(resolve, src), ...(img?.alt ? { alt: img.alt } : {}) };
      return [voidBlock("drawing", data)];
    }
    default:
      return [textParagraph(segment.line)];
  }
}
