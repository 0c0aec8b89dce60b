import { SHEET, type Canvas, type Sheet } from "./canvas";
import type { Line } from "./layout";

/**
 * Something drawn beside every line of a block (a quote's bar, a code block's background), so
 * a block split over two sheets is decorated on both.
 */
export type Decoration = (sheet: Sheet, top: number, height: number) => void;

/** Narrowest content width nesting may leave (deeper levels stop indenting). */
const MIN_WIDTH = 120;

/** A position in the PDF, for bookmarks and internal links. */
export interface Destination {
  sheet: number;
  y: number;
}

/** A line placed at an offset from the current left edge (table cells share one slot). */
export interface PlacedLine {
  line: Line;
  dx: number;
}

/**
 * Flows content down the sheets: keeps the cursor, the current indentation and decorations,
 * and starts a new sheet when the next line does not fit.
 */
export class Flow {
  /** Top of the next line, in points from the bottom of the sheet. */
  y = SHEET.height - SHEET.top;
  /** Left edge of the content, in points. */
  left = SHEET.margin;
  /** Width available to the content. */
  width = SHEET.width - 2 * SHEET.margin;
  /** True once the current sheet holds page content (not just group titles or nothing). */
  sheetHasBody = false;
  private decorations: Decoration[] = [];
  private marker: { line: Line; x: number } | null = null;
  private sheet: Sheet;

  constructor(private readonly canvas: Canvas) {
    this.sheet = canvas.addSheet();
  }

  /** Starts a new sheet; the indentation and decorations carry over. */
  newSheet(): void {
    this.sheet = this.canvas.addSheet();
    this.y = SHEET.height - SHEET.top;
    this.sheetHasBody = false;
  }

  /** True at the top of a sheet (nothing drawn yet). */
  get atTop(): boolean {
    return this.y >= SHEET.height - SHEET.top;
  }

  /** Room left on the current sheet. */
  get room(): number {
    return this.y - SHEET.bottom;
  }

  /** Full content height of a sheet. */
  get sheetHeight(): number {
    return SHEET.height - SHEET.top - SHEET.bottom;
  }

  /** The current sheet, to draw on directly. */
  get current(): Sheet {
    return this.sheet;
  }

  /** Where the next line goes. */
  here(): Destination {
    return { sheet: this.canvas.sheets.length - 1, y: this.y };
  }

  /** Starts a new sheet unless `height` points fit on this one. */
  ensure(height: number): void {
    if (height > this.room && !this.atTop) this.newSheet();
  }

  /** Vertical space (dropped at the top of a sheet); decorations run through it. */
  gap(height: number): void {
    if (this.atTop) return;
    if (height > this.room) {
      this.newSheet();
      return;
    }
    for (const decorate of this.decorations) decorate(this.sheet, this.y, height);
    this.y -= height;
  }

  /** Draws lines at the current indentation, breaking sheets between lines. */
  lines(lines: Line[], align: "left" | "center" = "left"): void {
    for (const line of lines) {
      const dx = align === "center" ? Math.max(0, (this.width - line.width) / 2) : 0;
      this.slot([{ line, dx }]);
    }
  }

  /** Draws lines side by side (one row of table cells), as tall as the tallest. */
  slot(placed: PlacedLine[], extra?: Decoration): void {
    const lines = this.marker
      ? [...placed.map((p) => p.line), this.marker.line]
      : placed.map((p) => p.line);
    const height = Math.max(0, ...lines.map((l) => l.height));
    const ascent = Math.max(0, ...lines.map((l) => l.ascent));
    this.ensure(height);
    for (const decorate of this.decorations) decorate(this.sheet, this.y, height);
    extra?.(this.sheet, this.y, height);
    const baseline = this.y - ascent;
    if (this.marker) {
      this.drawLine(this.marker.line, this.marker.x, baseline);
      this.marker = null;
    }
    for (const p of placed) this.drawLine(p.line, this.left + p.dx, baseline);
    this.y -= height;
    this.sheetHasBody = true;
  }

  private drawLine(line: Line, x: number, baseline: number): void {
    for (const f of line.fragments) this.sheet.text(x + f.x, baseline, f.text, f.style);
  }

  /** A list marker drawn `dx` from the current left edge, beside the next line drawn. */
  setMarker(line: Line, dx: number): void {
    this.marker = { line, x: this.left + dx };
  }

  /** Draws a marker still waiting for its line (an empty list item). */
  flushMarker(): void {
    if (this.marker) this.slot([]);
  }

  /** Runs `draw` indented by `indent` (and narrowed by `right`), with an extra decoration. */
  indented(indent: number, draw: () => void, decoration?: Decoration, right = 0): void {
    const saved = { left: this.left, width: this.width, decorations: this.decorations };
    // Deep nesting stops indenting once the content would get narrower than MIN_WIDTH.
    const fits = this.width - indent - right >= MIN_WIDTH;
    this.left += fits ? indent : 0;
    this.width -= fits ? indent + right : 0;
    if (decoration) this.decorations = [...this.decorations, decoration];
    try {
      draw();
    } finally {
      this.left = saved.left;
      this.width = saved.width;
      this.decorations = saved.decorations;
    }
  }

  /** Reserves `height` points for a drawing (an image, a rule) and returns its top. */
  reserve(height: number, extra?: Decoration): number {
    this.ensure(height);
    const top = this.y;
    for (const decorate of this.decorations) decorate(this.sheet, top, height);
    extra?.(this.sheet, top, height);
    this.y -= height;
    this.sheetHasBody = true;
    return top;
  }
}
