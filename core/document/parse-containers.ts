import type { BlockSegment, Segment, SegmentContext } from "./containers";
export type { SegmentContext } from "./containers";
import { pushAll } from "./loose";
import { ALLOWED, convertFlow, wrapSplitting, type Place } from "./parse-blocks";
import { inlineHtmlParagraph, parseToMdast, sharedEnv } from "./mdast-from-tokens";
import { convertPhrasing, plainText } from "./parse-inline";
import { voidBlocks } from "./parse-voids";
import type { HintStyle, InlineContent, TopLevelBlock } from "./types";
import type { AnyBlock, Length } from "./types-gitbook";

const ESSENTIALS = [...ALLOWED.quote].filter((type) => type !== "blockquote");
const TAB = [...ESSENTIALS, "content-ref", "code", "embed", "file", "images", "drawing", "hint"];
const TAB_ITEM = [...TAB, "blockquote", "math"];
/** Block types each GitBook container accepts (the official schemas' `nodes`). */
const CONTAINER_ALLOWED: Record<string, ReadonlySet<string>> = {
  hint: new Set([...ESSENTIALS, "embed", "table"]),
  tab: new Set(TAB_ITEM),
  step: new Set([...TAB_ITEM, "expandable"]),
  column: new Set([...TAB_ITEM, "table", "expandable", "stepper"]),
  update: new Set([...TAB_ITEM, "tabs", "expandable"]),
  details: new Set([...ESSENTIALS, "file", "images", "code", "table", "hint", "blockquote"]),
};
const HINT_STYLES: ReadonlySet<string> = new Set(["info", "warning", "danger", "success"]);
const ITEM_OF: Record<string, [string, string]> = {
  tabs: ["tab", "tabs-item"],
  stepper: ["step", "stepper-step"],
  columns: ["column", "column"],
  updates: ["update", "update"],
};

/** A block with content. */
function block(type: string, data: object, nodes: AnyBlock[]): TopLevelBlock {
  return { object: "block", type, key: "", isVoid: false, data, nodes } as TopLevelBlock;
}

/** `width="50%"` or `width="300"` as a `Length`. */
function lengthOf(text: string | undefined): Length | undefined {
  const match = /^(\d+(?:\.\d+)?)(%|px)?$/.exec(text ?? "");
  if (!match) return undefined;
  const value = Number(match[1]);
  return match[2] === "%" ? { value, unit: "%" } : value;
}

/** The inline content of one line of markdown (a `<summary>`, a caption). */
function inlineOf(text: string, ctx: SegmentContext): InlineContent[] {
  const tree = parseToMdast(text, sharedEnv(ctx.env));
  let first = tree.children[0];
  if (first?.type === "html") first = inlineHtmlParagraph(first.value, sharedEnv(ctx.env)) ?? first;
  if (first?.type === "paragraph" || first?.type === "heading")
    return convertPhrasing(first.children, ctx.inline);
  return [plainText(text)];
}

/** The data of a container's item (tab title, column width, update date). */
function itemData(segment: BlockSegment): object {
  const { attrs } = segment;
  if (segment.name === "tab") return { title: attrs.title ?? "" };
  if (segment.name === "column") {
    const width = lengthOf(attrs.width);
    return width === undefined ? {} : { width };
  }
  if (segment.name === "update") {
    // The official `Timestamp` is a date-time: GitBook's `date="2025-01-15"` is that day's midnight UTC.
    const date = attrs.date ?? "";
    return { date: /^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00.000Z` : date };
  }
  return {};
}

/** A container of items (tabs, stepper, columns, updates): other content is lifted out. */
function itemsContainer(
  segment: BlockSegment,
  ctx: SegmentContext,
  depth: number,
): TopLevelBlock[] {
  const [itemName, itemType] = ITEM_OF[segment.name] as [string, string];
  const allowed = CONTAINER_ALLOWED[itemName] as ReadonlySet<string>;
  const parts: TopLevelBlock[] = [];
  for (const child of segment.children) {
    if (child.kind === "block" && child.name === itemName) {
      const inner = convertSegments(child.children, "rich", ctx, depth + 2);
      pushAll(
        parts,
        wrapSplitting(inner, allowed, (nodes) => block(itemType, itemData(child), nodes)),
      );
    } else pushAll(parts, convertSegments([child], "top", ctx, depth + 1));
  }
  let data: object = {};
  if (segment.name === "updates") {
    const format = segment.attrs.format;
    data = { format: format === "numeric" || format === "short" ? format : "full" };
  }
  return wrapSplitting(parts, new Set([itemType]), (nodes) => block(segment.name, data, nodes));
}

/** A `<details>` expandable: the summary is the title fragment, the content the body. */
function expandable(segment: BlockSegment, ctx: SegmentContext, depth: number): TopLevelBlock[] {
  const inner = convertSegments(segment.children, "rich", ctx, depth + 1);
  const title = inlineOf(segment.summary ?? "", ctx);
  const allowed = CONTAINER_ALLOWED.details as ReadonlySet<string>;
  return wrapSplitting(inner, allowed, (nodes) => {
    const paragraph = block("paragraph", {}, title as unknown as AnyBlock[]);
    // The official body holds at least one block: an empty expandable holds an empty paragraph.
    const body = nodes.length > 0 ? nodes : [block("paragraph", {}, [plainText("")] as never)];
    const fragments = [
      {
        object: "fragment",
        fragment: "expandable-title",
        type: "expandable-title",
        nodes: [paragraph],
      },
      { object: "fragment", fragment: "expandable-body", type: "expandable-body", nodes: body },
    ];
    const data = "open" in segment.attrs ? { defaultExpanded: true } : {};
    return {
      object: "block",
      type: "expandable",
      key: "",
      isVoid: true,
      data,
      fragments,
    } as TopLevelBlock;
  });
}

/** `{% code title= … %}` around a fenced block: the attributes go on the first code block. */
function codeContainer(segment: BlockSegment, ctx: SegmentContext, depth: number): TopLevelBlock[] {
  const inner = convertSegments(segment.children, "rich", ctx, depth + 1);
  const code = inner.find((node) => node.type === "code");
  if (!code)
    ctx.warnings.push("a {% code %} block held no code block: its attributes were dropped");
  else {
    const { attrs } = segment;
    if (attrs.title !== undefined) code.data.title = attrs.title;
    if (attrs.overflow === "wrap" || attrs.overflow === "scroll")
      code.data.overflow = attrs.overflow;
    if (attrs.lineNumbers !== undefined) code.data.lineNumbers = attrs.lineNumbers === "true";
    if (attrs.fullWidth !== undefined) code.data.fullWidth = attrs.fullWidth === "true";
  }
  return inner;
}

/** The markdown lines of a segment as written (legacy blocks kept as text). */
function segmentLines(segment: Segment, out: string[] = []): string[] {
  if (segment.kind === "text") pushAll(out, segment.lines);
  else {
    out.push(segment.line);
    for (const child of segment.children) segmentLines(child, out);
    if (segment.closed) out.push(`{% end${segment.name} %}`);
  }
  return out;
}

/** Converts one GitBook block segment to Document blocks. */
function convertBlock(segment: BlockSegment, ctx: SegmentContext, depth: number): TopLevelBlock[] {
  switch (segment.name) {
    case "hint": {
      const style = segment.attrs.style ?? "";
      const inner = convertSegments(segment.children, "hint", ctx, depth + 1);
      const data = { style: (HINT_STYLES.has(style) ? style : "info") as HintStyle };
      const allowed = CONTAINER_ALLOWED.hint as ReadonlySet<string>;
      return wrapSplitting(inner, allowed, (nodes) => block("hint", data, nodes));
    }
    case "tabs":
    case "stepper":
    case "columns":
    case "updates":
      return itemsContainer(segment, ctx, depth);
    case "tab":
    case "step":
    case "column":
    case "update":
      // An item outside its container: its content stands alone.
      return convertSegments(segment.children, "top", ctx, depth + 1);
    case "details":
      return expandable(segment, ctx, depth);
    case "code":
      return codeContainer(segment, ctx, depth);
    case "swagger": {
      ctx.warnings.push("a legacy {% swagger %} block is kept as text (no Document equivalent)");
      const text = { kind: "text" as const, lines: segmentLines(segment) };
      return convertSegments([text], "top", ctx, depth);
    }
    default:
      return voidBlocks(segment, ctx, depth, convertSegments);
  }
}

/**
 * Converts segments (see containers.ts) to Document blocks: text through the markdown parser,
 * GitBook's blocks by their kind. Content a container may not hold is lifted out after it.
 */
export function convertSegments(
  segments: Segment[],
  place: Place,
  ctx: SegmentContext,
  depth: number,
): TopLevelBlock[] {
  const out: TopLevelBlock[] = [];
  let afterFigure = false;
  for (const segment of segments) {
    if (segment.kind === "block") {
      const blocks = convertBlock(segment, ctx, depth);
      const last = out[out.length - 1];
      // Consecutive figures (no blank line between) are one `images` block.
      const figure = segment.name === "figure";
      if (figure && afterFigure && last?.type === "images" && blocks[0]?.type === "images") {
        pushAll(last.nodes, blocks[0].nodes);
      } else pushAll(out, blocks);
      afterFigure = figure;
      continue;
    }
    afterFigure = false;
    const text = segment.lines.join("\n");
    if (text.trim() === "") continue;
    const tree = parseToMdast(text, sharedEnv(ctx.env));
    pushAll(out, convertFlow(tree.children, place, ctx.inline, depth));
  }
  return out;
}
