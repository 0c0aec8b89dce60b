import { asContentRef, hrefOf } from "./hrefs";
import {
  blockType,
  childNodes,
  dataOf,
  fragmentNamed,
  fragmentsOf,
  stringField,
  type LooseNode,
} from "./loose";
import { blocksToMdast } from "./render-blocks";
import type { ContentRef } from "./types";
import type { HrefFor } from "./hrefs";
import { renderInlines } from "./render-inline";
import { serialize } from "./render-mdast";
import { endTag, escapeHtml, htmlTag, openTag } from "./tags";
import { inlineText } from "./text";

/**
 * GitBook's blocks in the syntax of its normalized markdown (what Git Sync writes): `{% %}`
 * containers, `<details>`, `<figure>`, `$$` math. Null: write the block as plain markdown.
 */

/** What rendering a flow of blocks needs from the caller. */
export interface FlowContext {
  hrefFor: HrefFor | undefined;
  /** Markdown heading levels above the Document's (GitBook pages: 1). */
  headingShift: number;
  labelFor: ((ref: ContentRef) => string | null) | undefined;
  includePath: ((reusableContent: string) => string | null) | undefined;
  /** Renders a container's content (render-flow's `renderFlow`). */
  flow: (nodes: LooseNode[], ctx: FlowContext, depth: number) => string;
}

const HINT_STYLES: ReadonlySet<string> = new Set(["info", "warning", "danger", "success"]);
const ITEMS: Record<string, [string, string]> = {
  tabs: ["tabs-item", "tab"],
  stepper: ["stepper-step", "step"],
  columns: ["column", "column"],
  updates: ["update", "update"],
};

/** A container: opening line, content, closing line (no blank line around the content). */
function wrap(open: string, body: string, close: string): string {
  return body === "" ? `${open}\n${close}` : `${open}\n${body}\n${close}`;
}

/** A `Length` as GitBook writes it in a tag (`50%`, `300`). */
function lengthText(value: unknown): string | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "object" && value !== null) {
    const { value: number, unit } = value as { value?: unknown; unit?: unknown };
    if (typeof number === "number" && (unit === "%" || unit === "px"))
      return `${number}${unit === "%" ? "%" : ""}`;
  }
  return undefined;
}

/** The attributes of an item's opening line. */
function itemAttrs(item: LooseNode): Array<[string, string | undefined]> {
  const data = dataOf(item);
  switch (blockType(item)) {
    case "tabs-item":
      return [["title", stringField(data, "title") ?? ""]];
    case "column":
      return [["width", lengthText(data.width)]];
    case "update":
      return [
        [
          "date",
          (stringField(data, "date") ?? "").replace(/^(\d{4}-\d{2}-\d{2})T00:00:00\.000Z$/, "$1"),
        ],
      ];
    default:
      return [];
  }
}

/** Tabs, steppers, columns and updates: each item its own container, blank lines between. */
function items(node: LooseNode, ctx: FlowContext, depth: number): string {
  const type = blockType(node);
  const [itemType, itemTag] = ITEMS[type] as [string, string];
  const inner = childNodes(node).filter((item) => blockType(item) === itemType);
  const body = inner
    .map((item) =>
      wrap(
        openTag(itemTag, itemAttrs(item)),
        ctx.flow(childNodes(item), ctx, depth + 2),
        endTag(itemTag),
      ),
    )
    .join("\n\n");
  const format = stringField(dataOf(node), "format");
  const attrs: Array<[string, string | undefined]> =
    type === "updates" ? [["format", format ?? "full"]] : [];
  return wrap(openTag(type, attrs), body, endTag(type));
}

/** One line of inline markdown (a summary, a label). */
function inlineLine(nodes: LooseNode[], ctx: FlowContext): string {
  const children = renderInlines(nodes, { hrefFor: ctx.hrefFor, singleLine: true });
  return children.length === 0 ? "" : serialize([{ type: "paragraph", children }], nodes);
}

/** The paragraphs of a caption fragment, as markdown lines. */
function caption(node: LooseNode, ctx: FlowContext, depth: number): string {
  const fragment = fragmentNamed(node, "caption");
  return fragment ? ctx.flow(childNodes(fragment), ctx, depth + 1) : "";
}

/** A `<figure>` line per image of an `images` block (or one `image`). */
function figures(images: LooseNode[], ctx: FlowContext): string {
  const lines: string[] = [];
  for (const image of images) {
    const data = dataOf(image);
    const src = hrefOf(data.ref, ctx.hrefFor, "image");
    if (src === null) continue;
    const captionFragment = fragmentsOf(image).find((fragment) => fragment.fragment === "caption");
    const text = captionFragment ? inlineText(childNodes(captionFragment).flatMap(childNodes)) : "";
    const figcaption = text === "" ? "" : `<p>${escapeHtml(text).replace(/\n/g, "<br>")}</p>`;
    const img = htmlTag("img", [
      ["src", src],
      ["alt", stringField(data, "alt") ?? ""],
    ]);
    lines.push(`<figure>${img}<figcaption>${figcaption}</figcaption></figure>`);
  }
  return lines.join("\n");
}

/** A `{% code %}` container around a fenced code block. */
function code(node: LooseNode, ctx: FlowContext, depth: number): string {
  const data = dataOf(node);
  const flag = (value: unknown) => (typeof value === "boolean" ? String(value) : undefined);
  const open = openTag("code", [
    ["title", stringField(data, "title")],
    ["overflow", stringField(data, "overflow")],
    ["lineNumbers", flag(data.lineNumbers)],
    ["fullWidth", flag(data.fullWidth)],
  ]);
  return wrap(open, serialize(blocksToMdast([node], ctx, depth), [node]), endTag("code"));
}

/** A link line `[label](href)` as GitBook writes under references and OpenAPI blocks. */
function linkLine(label: string, href: string): string {
  const target = /[\s()<>]/.test(href) ? `<${href.replace(/[<>]/g, encodeURIComponent)}>` : href;
  return `[${label.replace(/([\\[\]])/g, "\\$1")}](${target})`;
}

/** GitBook's text of one block; null for a block written as plain markdown. */
export function gitbookBlock(node: LooseNode, ctx: FlowContext, depth: number): string | null {
  const data = dataOf(node);
  switch (blockType(node)) {
    case "hint": {
      const style = stringField(data, "style") ?? "";
      const open = openTag("hint", [["style", HINT_STYLES.has(style) ? style : "info"]]);
      return wrap(open, ctx.flow(childNodes(node), ctx, depth + 1), endTag("hint"));
    }
    case "tabs":
    case "stepper":
    case "columns":
    case "updates":
      return items(node, ctx, depth);
    case "expandable": {
      const title = fragmentNamed(node, "expandable-title");
      const body = fragmentNamed(node, "expandable-body");
      const summary = inlineLine(title ? childNodes(title).flatMap(childNodes) : [], ctx);
      const open = data.defaultExpanded === true ? "<details open>" : "<details>";
      const inner = body ? ctx.flow(childNodes(body), ctx, depth + 1) : "";
      return `${open}\n\n<summary>${summary}</summary>\n\n${inner === "" ? "" : `${inner}\n\n`}</details>`;
    }
    case "code":
      return code(node, ctx, depth);
    case "embed": {
      const url = stringField(data, "url");
      if (!url) return "";
      const text = caption(node, ctx, depth);
      const open = openTag("embed", [["url", url]]);
      return text === "" ? open : wrap(open, text, endTag("embed"));
    }
    case "content-ref": {
      const href = hrefOf(data.ref, ctx.hrefFor);
      const ref = asContentRef(data.ref);
      if (href === null || ref === null) return "";
      const label = ctx.labelFor?.(ref) ?? href;
      return wrap(
        openTag("content-ref", [["url", href]]),
        linkLine(label, href),
        endTag("content-ref"),
      );
    }
    case "file": {
      const src = hrefOf(data.ref, ctx.hrefFor);
      if (src === null) return "";
      const text = caption(node, ctx, depth);
      const open = openTag("file", [["src", src]]);
      return text === "" ? open : wrap(open, text, endTag("file"));
    }
    case "swagger": {
      const src = hrefOf(data.ref, ctx.hrefFor);
      if (src === null) return "";
      const path = stringField(data, "path") ?? "";
      const method = stringField(data, "method") ?? "get";
      const open = openTag("openapi", [
        ["src", src],
        ["path", path],
        ["method", method],
      ]);
      return wrap(open, linkLine(src, src), endTag("openapi"));
    }
    case "math":
      return `$$\n${stringField(data, "formula") ?? ""}\n$$`;
    case "images":
      return figures(childNodes(node), ctx);
    case "image":
      return figures([node], ctx);
    case "drawing": {
      const src = hrefOf(data.ref, ctx.hrefFor, "image");
      if (src === null) return "";
      return htmlTag("img", [
        ["src", src],
        ["alt", stringField(data, "alt") ?? ""],
        ["class", "gitbook-drawing"],
      ]);
    }
    case "reusable-content": {
      const ref = asContentRef(data.ref);
      if (ref?.kind !== "reusable-content") return "";
      const path =
        ctx.includePath?.(ref.reusableContent) ?? `.gitbook/includes/${ref.reusableContent}.md`;
      return `{% include "${path.replace(/"/g, "%22")}" %}`;
    }
    default:
      return null;
  }
}
