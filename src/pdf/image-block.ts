import {
  childNodes,
  dataOf,
  fragmentNamed,
  isRecord,
  stringField,
  type LooseNode,
} from "../../core/document/loose";
import { textRun, type BlockContext } from "./block-context";
import { inlineRuns } from "./inline";
import { wrapRuns, type Run } from "./layout";
import { COLORS, SIZES, type StyleSpec } from "./styles";

const CAPTION: StyleSpec = { size: SIZES.small, color: COLORS.muted, italic: true };
/** Screen pixels to points: images show at their CSS size (96 dpi) unless that is too big. */
const POINTS_PER_PIXEL = 0.75;
/** Tallest image, as a share of a sheet's content height. */
const MAX_HEIGHT_SHARE = 0.7;

/** Runs of an image's caption fragment (its paragraphs, one per line). */
function captionRuns(ctx: BlockContext, node: LooseNode): Run[] {
  const caption = fragmentNamed(node, "caption");
  const runs: Run[] = [];
  for (const paragraph of caption ? childNodes(caption) : []) {
    if (runs.length > 0) runs.push({ text: "\n", style: ctx.styles.of(CAPTION) });
    runs.push(...inlineRuns(childNodes(paragraph), CAPTION, ctx));
  }
  return runs;
}

/** Draws centered small text under an image (or in its place). */
function drawCentered(ctx: BlockContext, runs: Run[]): void {
  if (runs.length === 0) return;
  ctx.flow.lines(wrapRuns(ctx.canvas, runs, ctx.flow.width, CAPTION.size), "center");
}

/**
 * An image block: a file of the revision drawn scaled to fit the column (PNG and JPEG), with
 * its caption; anything else (other formats, URLs, missing files) is a bracketed caption.
 */
export function renderImage(ctx: BlockContext, node: LooseNode): void {
  const flow = ctx.flow;
  const data = dataOf(node);
  const ref = isRecord(data.ref) ? data.ref : {};
  const fileId = ref.kind === "file" && typeof ref.file === "string" ? ref.file : null;
  const prepared = fileId ? ctx.images.get(fileId) : null;
  const caption = captionRuns(ctx, node);
  if (!prepared?.ok) {
    const alt = stringField(data, "alt");
    const name = alt || (fileId ? ctx.images.fileName(fileId) : stringField(ref, "url")) || "image";
    const why = prepared ? `: ${prepared.reason}` : "";
    const style = ctx.styles.of(CAPTION);
    const runs: Run[] = [textRun(ctx, `[Image: ${name}${why}]`, CAPTION)];
    if (caption.length > 0) runs.push({ text: "\n", style }, ...caption);
    drawCentered(ctx, runs);
    flow.gap(8);
    return;
  }
  let width = Math.min(flow.width, prepared.width * POINTS_PER_PIXEL);
  let height = (width * prepared.height) / Math.max(1, prepared.width);
  const maxHeight = flow.sheetHeight * MAX_HEIGHT_SHARE;
  if (height > maxHeight) {
    width = (width * maxHeight) / height;
    height = maxHeight;
  }
  flow.gap(4);
  const top = flow.reserve(height);
  const x = flow.left + (flow.width - width) / 2;
  flow.current.image(prepared.image, x, top - height, width, height);
  if (caption.length > 0) {
    flow.gap(4);
    drawCentered(ctx, caption);
  }
  flow.gap(8);
}
