import type { LooseNode } from "../../core/document/loose";
import type { Canvas } from "./canvas";
import type { Destination, Flow } from "./flow";
import type { ImageStore } from "./images";
import type { InlineScope } from "./inline";
import { wrapRuns, type Run } from "./layout";
import type { StyleSpec } from "./styles";
import { toWinAnsi } from "./winansi";

/**
 * Everything block rendering needs: where to draw, how to style, and the page's images. Below
 * the block renderers (blocks.ts and the image and table blocks it calls), so they share it
 * without importing each other.
 */
export interface BlockContext extends InlineScope {
  canvas: Canvas;
  flow: Flow;
  images: ImageStore;
  /** Called for each heading where it is drawn (bookmarks and anchor links). */
  onHeading(level: 1 | 2 | 3, node: LooseNode, at: Destination): void;
}

/** A run of literal text (not a document's inline nodes) in a spec, as every block draws labels. */
export function textRun(ctx: BlockContext, text: string, spec: StyleSpec): Run {
  return { text: toWinAnsi(text), style: ctx.styles.of(spec) };
}

/** Wraps and draws runs as one paragraph of the column, then leaves `after` points. */
export function drawParagraph(ctx: BlockContext, runs: Run[], spec: StyleSpec, after: number) {
  ctx.flow.lines(wrapRuns(ctx.canvas, runs, ctx.flow.width, spec.size));
  ctx.flow.gap(after);
}
