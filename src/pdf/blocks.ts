import {
  MAX_WALK_DEPTH,
  blockType,
  childNodes,
  dataOf,
  fragmentsOf,
  isRecord,
  stringField,
  type LooseNode,
} from "../../core/document/loose";
import { blockText } from "../../core/document/text";
import { drawParagraph, textRun, type BlockContext } from "./block-context";
import { renderImage } from "./image-block";
import { inlineRuns, linkTarget } from "./inline";
import { LEADING, wrapPreformatted, wrapRuns } from "./layout";
import { COLORS, SIZES, type StyleSpec } from "./styles";
import { renderTable } from "./table";
import { toWinAnsi } from "./winansi";

/** The body text spec. */
const BODY: StyleSpec = { size: SIZES.body, color: COLORS.text };
const HEADINGS = { "heading-1": 1, "heading-2": 2, "heading-3": 3 } as const;
const HEADING_SIZES = { 1: SIZES.h1, 2: SIZES.h2, 3: SIZES.h3 } as const;

/** Draws blocks in order; `spec` is the text style of their paragraphs, `after` their spacing. */
export function renderBlocks(
  ctx: BlockContext,
  nodes: readonly unknown[],
  depth: number,
  spec: StyleSpec = BODY,
  after = 6,
): void {
  for (const node of nodes) if (isRecord(node)) renderBlock(ctx, node, depth, spec, after);
}

function renderBlock(
  ctx: BlockContext,
  node: LooseNode,
  depth: number,
  spec: StyleSpec,
  after: number,
): void {
  if (depth > MAX_WALK_DEPTH) return;
  const type = blockType(node);
  const flow = ctx.flow;
  switch (type) {
    case "paragraph":
      return drawParagraph(ctx, inlineRuns(childNodes(node), spec, ctx), spec, after);
    case "heading-1":
    case "heading-2":
    case "heading-3":
      return heading(ctx, node, HEADINGS[type]);
    case "list-ordered":
    case "list-unordered":
    case "list-tasks":
      return list(ctx, node, depth, spec);
    case "code":
      return code(ctx, blockText(node));
    case "math":
      return code(ctx, stringField(dataOf(node), "formula") ?? "");
    case "blockquote": {
      const bar = { x: flow.left + 1, width: 2.5 };
      const quoted = { ...spec, color: COLORS.muted };
      flow.indented(
        14,
        () => renderBlocks(ctx, childNodes(node), depth + 1, quoted, after),
        (s, top, h) => s.fillRect(bar.x, top - h, bar.width, h, COLORS.quoteBar),
      );
      return flow.gap(after);
    }
    case "hint":
      return hint(ctx, node, depth, spec);
    case "divider": {
      const top = flow.reserve(14);
      flow.current.line(flow.left, top - 7, flow.left + flow.width, top - 7, 0.7, COLORS.rule);
      return;
    }
    case "images":
      for (const image of childNodes(node)) renderImage(ctx, image);
      return;
    case "image":
      return renderImage(ctx, node);
    case "table":
      renderTable(ctx, node, depth);
      return flow.gap(8);
    case "file": {
      const ref = dataOf(node).ref;
      const id = isRecord(ref) && typeof ref.file === "string" ? ref.file : "";
      const label = `[File: ${ctx.images.fileName(id) ?? "missing file"}]`;
      return drawParagraph(
        ctx,
        [textRun(ctx, label, { ...spec, color: COLORS.muted })],
        spec,
        after,
      );
    }
    case "embed": {
      const url = stringField(dataOf(node), "url") ?? "";
      const link = linkTarget({ kind: "url", url }, ctx);
      const runs = [textRun(ctx, `[Embed: ${url}]`, { ...spec, color: COLORS.link, link })];
      return drawParagraph(ctx, runs, spec, after);
    }
    case "":
      return;
    default:
      return fallback(ctx, node, depth, spec, after);
  }
}

function heading(ctx: BlockContext, node: LooseNode, level: 1 | 2 | 3): void {
  const spec: StyleSpec = { size: HEADING_SIZES[level], color: COLORS.text, bold: true };
  const lines = wrapRuns(
    ctx.canvas,
    inlineRuns(childNodes(node), spec, ctx),
    ctx.flow.width,
    spec.size,
  );
  const height = lines.reduce((sum, l) => sum + l.height, 0);
  ctx.flow.gap(level === 1 ? 10 : level === 2 ? 8 : 6);
  // Keep the heading with the first two lines of what follows it.
  ctx.flow.ensure(height + 2 * SIZES.body * LEADING);
  ctx.onHeading(level, node, ctx.flow.here());
  ctx.flow.lines(lines);
  ctx.flow.gap(4);
}

function list(ctx: BlockContext, node: LooseNode, depth: number, spec: StyleSpec): void {
  const type = blockType(node);
  const start = dataOf(node).start;
  let number = typeof start === "number" && Number.isInteger(start) ? start : 1;
  for (const item of childNodes(node)) {
    const checked = dataOf(item).checked === true;
    const marker =
      type === "list-ordered"
        ? `${number++}.`
        : type === "list-tasks"
          ? checked
            ? "[x]"
            : "[ ]"
          : "\u2022";
    const style = type === "list-tasks" ? { ...spec, mono: true } : spec;
    const [line] = wrapRuns(ctx.canvas, [textRun(ctx, marker, style)], 1000, spec.size);
    const indent = Math.max(18, (line?.width ?? 0) + 8);
    ctx.flow.indented(indent, () => {
      if (line) ctx.flow.setMarker(line, -(line.width + 5));
      const children = childNodes(item);
      if (children.some((c) => c.object === "block"))
        renderBlocks(ctx, children, depth + 1, spec, 3);
      else drawParagraph(ctx, inlineRuns(children, spec, ctx), spec, 3);
      ctx.flow.flushMarker();
    });
  }
  ctx.flow.gap(5);
}

function code(ctx: BlockContext, source: string): void {
  const flow = ctx.flow;
  const style = ctx.styles.of({ size: SIZES.code, color: COLORS.text, mono: true });
  const box = { x: flow.left, width: flow.width };
  flow.indented(
    8,
    () => {
      flow.gap(5);
      flow.lines(wrapPreformatted(ctx.canvas, toWinAnsi(source), style, flow.width));
      flow.gap(5);
    },
    (s, top, h) => s.fillRect(box.x, top - h, box.width, h, COLORS.codeBackground),
    8,
  );
  flow.gap(8);
}

function hint(ctx: BlockContext, node: LooseNode, depth: number, spec: StyleSpec): void {
  const flow = ctx.flow;
  const raw = stringField(dataOf(node), "style");
  const style = raw === "warning" || raw === "danger" || raw === "success" ? raw : "info";
  const box = { x: flow.left, width: flow.width };
  flow.indented(
    14,
    () => {
      flow.gap(5);
      renderBlocks(ctx, childNodes(node), depth + 1, spec, 4);
      flow.gap(2);
    },
    (s, top, h) => {
      s.fillRect(box.x, top - h, box.width, h, COLORS.hintBackground[style]);
      s.fillRect(box.x, top - h, 3, h, COLORS.hint[style]);
    },
    8,
  );
  flow.gap(8);
}

/** Blocks Quire does not know: their title, fragments and children, so no text is lost. */
function fallback(
  ctx: BlockContext,
  node: LooseNode,
  depth: number,
  spec: StyleSpec,
  after: number,
) {
  const title = stringField(dataOf(node), "title");
  if (title) drawParagraph(ctx, [textRun(ctx, title, { ...spec, bold: true })], spec, 3);
  for (const fragment of fragmentsOf(node))
    renderBlocks(ctx, childNodes(fragment), depth + 1, spec, after);
  const children = childNodes(node);
  if (children.some((c) => c.object === "block"))
    renderBlocks(ctx, children, depth + 1, spec, after);
  else if (children.length > 0) drawParagraph(ctx, inlineRuns(children, spec, ctx), spec, after);
}
