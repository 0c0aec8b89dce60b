import type { BlockContent, ListItem, Paragraph, PhrasingContent } from "mdast";
import { hrefOf, type HrefFor } from "./hrefs";
import { safeHref } from "../links/safe-href";
import {
  MAX_WALK_DEPTH,
  blockType,
  childNodes,
  dataOf,
  fragmentsOf,
  stringField,
  type LooseNode,
} from "./loose";
import { renderInlines } from "./render-inline";
import { renderTable } from "./render-table";
import { inlineText } from "./text";
import { headingAnchorHtml } from "./heading-anchors";

/** What block rendering needs: the link mapping and the heading shift (GitBook pages: 1). */
export interface BlockRenderContext {
  hrefFor: HrefFor | undefined;
  headingShift: number;
}

const HEADING_DEPTH: Record<string, 1 | 2 | 3> = { "heading-1": 1, "heading-2": 2, "heading-3": 3 };

/**
 * A paragraph holding one link whose text is its URL (embeds, files, content references); a URL
 * the link rule refuses is kept as text.
 */
function linkParagraph(raw: string | null): BlockContent[] {
  if (raw === null || raw === "") return [];
  const url = safeHref(raw);
  if (url === null) return [{ type: "paragraph", children: [{ type: "text", value: raw }] }];
  return [
    {
      type: "paragraph",
      children: [{ type: "link", url, title: null, children: [{ type: "text", value: url }] }],
    },
  ];
}

/** Images of an `images` block (or one `image` block) as one paragraph, separated by spaces. */
function imagesParagraph(images: LooseNode[], ctx: BlockRenderContext): BlockContent[] {
  const children: PhrasingContent[] = [];
  for (const image of images) {
    const data = dataOf(image);
    const url = hrefOf(data.ref, ctx.hrefFor, "image");
    if (url === null) continue;
    const caption = fragmentsOf(image).find((fragment) => fragment.fragment === "caption");
    const title = caption ? inlineText(childNodes(caption).flatMap(childNodes)) : "";
    if (children.length > 0) children.push({ type: "text", value: " " });
    children.push({
      type: "image",
      url,
      alt: stringField(data, "alt") ?? null,
      title: title || null,
    });
  }
  return children.length > 0 ? [{ type: "paragraph", children }] : [];
}

/** The items of a list; stray non-item children get an item of their own. */
function listItems(
  list: LooseNode,
  tasks: boolean,
  ctx: BlockRenderContext,
  depth: number,
): ListItem[] {
  return childNodes(list).map((child) => {
    const isItem = blockType(child) === "list-item";
    const checked = dataOf(child).checked;
    return {
      type: "listItem",
      spread: false,
      checked: tasks ? checked === true : isItem && typeof checked === "boolean" ? checked : null,
      children: isItem
        ? blocksToMdast(childNodes(child), ctx, depth + 1)
        : blockToMdast(child, ctx, depth + 1),
    };
  });
}

/** The first word of a code block's syntax, safe as a fence info string. */
function fenceLanguage(syntax: string | undefined): string | null {
  const word = syntax?.trim().split(/\s+/)[0]?.replace(/[`~]/g, "");
  return word ? word : null;
}

/**
 * Converts one block to mdast. Blocks markdown cannot express degrade to something readable:
 * a hint outside the top level becomes a blockquote, math a `math` code block, embeds, files
 * and content references a link, unknown containers their content; other unknown blocks vanish.
 */
function blockToMdast(node: LooseNode, ctx: BlockRenderContext, depth: number): BlockContent[] {
  if (depth > MAX_WALK_DEPTH) return [];
  const type = blockType(node);
  const data = dataOf(node);
  switch (type) {
    case "paragraph": {
      const children = renderInlines(childNodes(node), { hrefFor: ctx.hrefFor });
      return children.length > 0 ? [{ type: "paragraph", children } satisfies Paragraph] : [];
    }
    case "heading-1":
    case "heading-2":
    case "heading-3": {
      const children = renderInlines(childNodes(node), { hrefFor: ctx.hrefFor, singleLine: true });
      const level = Math.min(6, (HEADING_DEPTH[type] ?? 3) + ctx.headingShift) as 1;
      const anchor = headingAnchorHtml(node.meta);
      if (anchor) children.push({ type: "text", value: " " }, { type: "html", value: anchor });
      return [{ type: "heading", depth: level, children }];
    }
    case "list-ordered": {
      const start =
        typeof data.start === "number" && Number.isInteger(data.start) && data.start >= 0
          ? data.start
          : 1;
      return [
        {
          type: "list",
          ordered: true,
          start,
          spread: false,
          children: listItems(node, false, ctx, depth),
        },
      ];
    }
    case "list-unordered":
    case "list-tasks":
      return [
        {
          type: "list",
          ordered: false,
          spread: false,
          children: listItems(node, type === "list-tasks", ctx, depth),
        },
      ];
    case "list-item":
      return blocksToMdast(childNodes(node), ctx, depth + 1);
    case "divider":
      return [{ type: "thematicBreak" }];
    case "code": {
      const value = childNodes(node)
        .map((line) => inlineText(childNodes(line)))
        .join("\n");
      return [
        { type: "code", lang: fenceLanguage(stringField(data, "syntax")), meta: null, value },
      ];
    }
    case "math":
      return [
        { type: "code", lang: "math", meta: null, value: stringField(data, "formula") ?? "" },
      ];
    case "blockquote":
    case "hint":
      return [{ type: "blockquote", children: blocksToMdast(childNodes(node), ctx, depth + 1) }];
    case "images":
      return imagesParagraph(childNodes(node), ctx);
    case "image":
      return imagesParagraph([node], ctx);
    case "table": {
      const table = renderTable(node, ctx.hrefFor);
      return table ? [table] : [];
    }
    case "embed":
      return linkParagraph(stringField(data, "url") ?? null);
    case "file":
    case "content-ref":
      return linkParagraph(hrefOf(data.ref, ctx.hrefFor));
    case "":
      return [];
    default: {
      const inner = [...fragmentsOf(node).flatMap(childNodes), ...childNodes(node)];
      return blocksToMdast(inner, ctx, depth + 1);
    }
  }
}

/** Converts a list of blocks to mdast, skipping anything that is not a block. */
export function blocksToMdast(
  nodes: LooseNode[],
  ctx: BlockRenderContext,
  depth: number,
): BlockContent[] {
  return nodes.flatMap((node) => blockToMdast(node, ctx, depth));
}
