import { pushAll } from "./loose";
import type { ListItem, Paragraph, PhrasingContent, RootContent } from "mdast";
import { convertPhrasing, imageToInline, plainText, type InlineContext } from "./parse-inline";
import { convertTable } from "./parse-table";
import { inlineHtmlParagraph } from "./mdast-from-tokens";
import { takeHeadingAnchor } from "./heading-anchors";
import type {
  DocumentImage,
  DocumentInlineImage,
  DocumentListItem,
  DocumentQuote,
  TopLevelBlock,
} from "./types";

/** Where blocks are converted: decides which blocks are allowed in place. */
export type Place = "top" | "rich" | "quote" | "hint" | "item";

const ESSENTIALS = [
  "paragraph",
  "heading-1",
  "heading-2",
  "heading-3",
  "list-ordered",
  "list-unordered",
  "list-tasks",
  "divider",
];
/** Block types each container accepts (official `nodes` of blockquote, hint and list-item). */
export const ALLOWED: Record<Exclude<Place, "top" | "rich">, Set<string>> = {
  quote: new Set([...ESSENTIALS, "blockquote"]),
  hint: new Set([...ESSENTIALS, "table"]),
  item: new Set([...ESSENTIALS, "code", "hint", "blockquote", "table"]),
};

/**
 * Wraps converted children in containers made by `make`, splitting the container around any
 * child it may not hold (a code block in a blockquote or a hint, ...): that child is lifted out,
 * between two containers, for the enclosing level to place. Empty containers from a split are
 * dropped; a container that was empty in the markdown stays.
 */
export function wrapSplitting(
  children: TopLevelBlock[],
  allowed: ReadonlySet<string>,
  make: (nodes: TopLevelBlock[]) => TopLevelBlock,
): TopLevelBlock[] {
  if (children.length === 0) return [make([])];
  const out: TopLevelBlock[] = [];
  let run: TopLevelBlock[] = [];
  for (const child of children) {
    if (allowed.has(child.type)) {
      run.push(child);
      continue;
    }
    if (run.length > 0) out.push(make(run));
    run = [];
    out.push(child);
  }
  if (run.length > 0) out.push(make(run));
  return out;
}

/** Converts flow content of one part of the markdown; `depth` is the blocks' nesting level. */
export function convertFlow(
  nodes: RootContent[],
  place: Place,
  ctx: InlineContext,
  depth = 1,
): TopLevelBlock[] {
  // Depth is bounded by the parser (`MAX_MARKDOWN_NESTING`), so this recursion is too.
  const out: TopLevelBlock[] = [];
  for (const node of nodes) pushAll(out, convertNode(node, place, ctx, depth));
  return out;
}

/** Converts one mdast flow node to zero or more blocks (see docs/compat-notes/document.md). */
function convertNode(
  node: RootContent,
  place: Place,
  ctx: InlineContext,
  depth: number,
): TopLevelBlock[] {
  switch (node.type) {
    case "paragraph":
      return convertParagraph(node, place, ctx);
    case "heading": {
      const level = Math.max(1, node.depth - (ctx.headingShift ?? 0));
      const type = level === 1 ? "heading-1" : level === 2 ? "heading-2" : "heading-3";
      const { children, id } = takeHeadingAnchor(node.children);
      const nodes = convertPhrasing(children, ctx);
      const meta = id ? { meta: { id } } : {};
      return [{ object: "block", type, key: "", isVoid: false, data: {}, ...meta, nodes }];
    }
    case "thematicBreak":
      return [{ object: "block", type: "divider", key: "", isVoid: true, data: {} }];
    case "code": {
      const lines = node.value.split(/\r?\n/).map((line) => ({
        object: "block" as const,
        type: "code-line" as const,
        key: "",
        isVoid: false as const,
        data: {},
        nodes: [plainText(line)],
      }));
      const data = node.lang ? { syntax: node.lang } : {};
      return [{ object: "block", type: "code", key: "", isVoid: false, data, nodes: lines }];
    }
    case "blockquote":
      // A hint cannot hold a blockquote: its content joins the hint instead.
      if (place === "hint") return convertFlow(node.children, "hint", ctx, depth);
      return wrapSplitting(
        convertFlow(node.children, "quote", ctx, depth + 1),
        ALLOWED.quote,
        (nodes) => ({
          object: "block",
          type: "blockquote",
          key: "",
          isVoid: false,
          data: {},
          nodes: nodes as DocumentQuote["nodes"],
        }),
      );
    case "list": {
      const tasks = node.children.some((item) => typeof item.checked === "boolean");
      const items = node.children.map((item) =>
        convertListItem(item, tasks && !node.ordered, ctx, depth + 1),
      );
      if (node.ordered) {
        const data = node.start != null && node.start !== 1 ? { start: node.start } : {};
        return [
          { object: "block", type: "list-ordered", key: "", isVoid: false, data, nodes: items },
        ];
      }
      const type = tasks ? "list-tasks" : "list-unordered";
      return [{ object: "block", type, key: "", isVoid: false, data: {}, nodes: items }];
    }
    case "table":
      return [convertTable(node, ctx)];
    case "html": {
      if (/^<!--[\s\S]*-->$/.test(node.value.trim())) return [];
      const inline = inlineHtmlParagraph(node.value, {});
      if (inline) return convertParagraph(inline, place, ctx);
      const paragraph: Paragraph = {
        type: "paragraph",
        children: [{ type: "text", value: node.value }],
      };
      return convertParagraph(paragraph, place, ctx);
    }
    case "footnoteDefinition": {
      const prefix: Paragraph = {
        type: "paragraph",
        children: [{ type: "text", value: `[^${node.label ?? node.identifier}]: ` }],
      };
      const [first, ...rest] = node.children;
      if (first?.type === "paragraph") {
        const merged: Paragraph = { ...first, children: [...prefix.children, ...first.children] };
        return convertFlow([merged, ...rest], place, ctx, depth);
      }
      return convertFlow([prefix, ...node.children], place, ctx, depth);
    }
    default:
      return [];
  }
}

/** True for whitespace-only text between images. */
const isBlank = (node: PhrasingContent) =>
  (node.type === "text" && node.value.trim() === "") || node.type === "break";

/** An image block from an inline image: the caption becomes the `caption` fragment. */
function imageBlock(inline: DocumentInlineImage): DocumentImage {
  const { ref, alt, caption } = inline.data;
  const fragments: DocumentImage["fragments"] = caption
    ? [
        {
          object: "fragment",
          fragment: "caption",
          type: "caption",
          nodes: [
            {
              object: "block",
              type: "paragraph",
              key: "",
              isVoid: false,
              data: {},
              nodes: [plainText(caption)],
            },
          ],
        },
      ]
    : [];
  return {
    object: "block",
    type: "image",
    key: "",
    isVoid: true,
    data: alt ? { ref, alt } : { ref },
    fragments,
  };
}

/**
 * A paragraph; at the top level, a paragraph holding only images (and whitespace) becomes an
 * `images` block. Elsewhere (`images` is not allowed in containers) images stay inline.
 */
function convertParagraph(node: Paragraph, place: Place, ctx: InlineContext): TopLevelBlock[] {
  const isImage = (child: PhrasingContent) => imageToInline(child, ctx) !== null;
  const onlyImages =
    (place === "top" || place === "rich") &&
    node.children.some(isImage) &&
    node.children.every((c) => isImage(c) || isBlank(c));
  if (onlyImages) {
    const images = node.children.flatMap((child) => {
      const image = imageToInline(child, ctx);
      return image ? [imageBlock(image)] : [];
    });
    return [{ object: "block", type: "images", key: "", isVoid: false, data: {}, nodes: images }];
  }
  const nodes = convertPhrasing(node.children, ctx);
  return [{ object: "block", type: "paragraph", key: "", isVoid: false, data: {}, nodes }];
}

/** A list item; `data.checked` is set for GFM task items (always, as false, in task lists). */
function convertListItem(
  item: ListItem,
  inTaskList: boolean,
  ctx: InlineContext,
  depth: number,
): DocumentListItem {
  const children = convertFlow(item.children, "item", ctx, depth + 1).filter((child) =>
    ALLOWED.item.has(child.type),
  );
  const checked = typeof item.checked === "boolean" ? item.checked : inTaskList ? false : undefined;
  return {
    object: "block",
    type: "list-item",
    key: "",
    isVoid: false,
    data: checked === undefined ? {} : { checked },
    nodes: children as DocumentListItem["nodes"],
  };
}
