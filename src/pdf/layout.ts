import type { Canvas, TextStyle } from "./canvas";

/** A run of text in one style; "\n" inside it is a line break. Text is WinAnsi already. */
export interface Run {
  text: string;
  style: TextStyle;
}

/** A piece of a laid-out line: text in one style, at `x` from the line's start. */
interface Fragment {
  text: string;
  style: TextStyle;
  x: number;
  width: number;
}

/** One laid-out line: its fragments, width and height (the tallest size times the leading). */
export interface Line {
  fragments: Fragment[];
  width: number;
  height: number;
  /** Distance from the line's top to its baseline. */
  ascent: number;
}

/** Line height as a multiple of the font size. */
export const LEADING = 1.38;

type Piece = { text: string; style: TextStyle };
type Token =
  | { kind: "word"; pieces: Piece[] }
  | { kind: "space"; style: TextStyle }
  | { kind: "break"; style: TextStyle };

/** Splits runs into words (which may span styles, as in "**bold**,"), spaces and breaks. */
function tokenize(runs: Run[]): Token[] {
  const tokens: Token[] = [];
  let word: Piece[] | null = null;
  for (const run of runs) {
    for (const match of run.text.matchAll(/\n|[ ]+|[^ \n]+/g)) {
      const text = match[0];
      if (text === "\n" || text[0] === " ") {
        word = null;
        tokens.push({ kind: text === "\n" ? "break" : "space", style: run.style });
      } else if (word) {
        word.push({ text, style: run.style });
      } else {
        word = [{ text, style: run.style }];
        tokens.push({ kind: "word", pieces: word });
      }
    }
  }
  return tokens;
}

/** Builds lines: fragments of the same style merge, so a line is a few text operators. */
class LineBuilder {
  readonly lines: Line[] = [];
  private fragments: Fragment[] = [];
  private width = 0;
  private tallest = 0;

  constructor(
    private readonly canvas: Canvas,
    private readonly fallbackSize: number,
  ) {}

  get empty(): boolean {
    return this.fragments.length === 0;
  }
  get used(): number {
    return this.width;
  }

  measure(piece: Piece): number {
    return this.canvas.measure(piece.text, piece.style.font, piece.style.size);
  }

  add(piece: Piece, width = this.measure(piece)): void {
    const last = this.fragments.at(-1);
    if (last && last.style === piece.style) {
      last.text += piece.text;
      last.width += width;
    } else {
      this.fragments.push({ text: piece.text, style: piece.style, x: this.width, width });
    }
    this.width += width;
    this.tallest = Math.max(this.tallest, piece.style.size);
  }

  end(): void {
    const size = this.tallest || this.fallbackSize;
    this.lines.push({
      fragments: this.fragments,
      width: this.width,
      height: size * LEADING,
      ascent: size * 1.02,
    });
    this.fragments = [];
    this.width = 0;
    this.tallest = 0;
  }
}

/** Adds a word wider than a whole line, character by character, over as many lines as needed. */
function breakWord(builder: LineBuilder, pieces: Piece[], width: number): void {
  for (const piece of pieces) {
    let chunk = "";
    let chunkWidth = 0;
    for (const ch of piece.text) {
      const w = builder.measure({ text: ch, style: piece.style });
      if (builder.used + chunkWidth + w > width && (chunk !== "" || !builder.empty)) {
        if (chunk !== "") builder.add({ text: chunk, style: piece.style }, chunkWidth);
        builder.end();
        chunk = "";
        chunkWidth = 0;
      }
      chunk += ch;
      chunkWidth += w;
    }
    if (chunk !== "") builder.add({ text: chunk, style: piece.style }, chunkWidth);
  }
}

/**
 * Wraps runs into lines of at most `width` points: breaks at spaces (runs of spaces count as
 * one), at "\n", and inside words only when a word alone is wider than the line.
 */
export function wrapRuns(canvas: Canvas, runs: Run[], width: number, fallbackSize: number): Line[] {
  const builder = new LineBuilder(canvas, fallbackSize);
  let space: TextStyle | null = null;
  for (const token of tokenize(runs)) {
    if (token.kind === "break") {
      builder.end();
      space = null;
    } else if (token.kind === "space") {
      if (!builder.empty) space = token.style;
    } else {
      const wordWidth = token.pieces.reduce((sum, p) => sum + builder.measure(p), 0);
      const gap = space ? builder.measure({ text: " ", style: space }) : 0;
      if (!builder.empty && builder.used + gap + wordWidth > width) {
        builder.end();
      } else if (space) {
        builder.add({ text: " ", style: space }, gap);
      }
      space = null;
      if (wordWidth > width) breakWord(builder, token.pieces, width);
      else for (const piece of token.pieces) builder.add(piece);
    }
  }
  if (!builder.empty || builder.lines.length === 0) builder.end();
  return builder.lines;
}

/**
 * Lines of preformatted text (code): spaces kept as they are, each source line wrapped by
 * characters at the width (the monospace font makes every character the same width).
 */
export function wrapPreformatted(canvas: Canvas, text: string, style: TextStyle, width: number) {
  const charWidth = canvas.measure("m", style.font, style.size) || style.size * 0.6;
  const perLine = Math.max(1, Math.floor(width / charWidth));
  const lines: Line[] = [];
  for (const source of text.split("\n")) {
    const chunks = source.length === 0 ? [""] : [];
    for (let i = 0; i < source.length; i += perLine) chunks.push(source.slice(i, i + perLine));
    for (const chunk of chunks) {
      const w = chunk.length * charWidth;
      lines.push({
        fragments: chunk === "" ? [] : [{ text: chunk, style, x: 0, width: w }],
        width: w,
        height: style.size * LEADING,
        ascent: style.size * 1.02,
      });
    }
  }
  return lines;
}
