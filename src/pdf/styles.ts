import type { FontKey, LinkTarget, Rgb, TextStyle } from "./canvas";

/** The palette of the rendered PDF. */
export const COLORS = {
  text: [0.12, 0.13, 0.15],
  muted: [0.42, 0.43, 0.47],
  link: [0.09, 0.33, 0.75],
  rule: [0.8, 0.81, 0.84],
  codeBackground: [0.95, 0.95, 0.96],
  quoteBar: [0.74, 0.75, 0.78],
  tableHeader: [0.93, 0.94, 0.96],
  hint: {
    info: [0.2, 0.45, 0.85],
    success: [0.15, 0.6, 0.35],
    warning: [0.9, 0.6, 0.1],
    danger: [0.85, 0.2, 0.2],
  },
  hintBackground: {
    info: [0.94, 0.96, 1],
    success: [0.94, 0.98, 0.95],
    warning: [1, 0.97, 0.92],
    danger: [1, 0.94, 0.94],
  },
} as const satisfies Record<string, Rgb | Record<string, Rgb>>;

/** Font sizes in points. */
export const SIZES = {
  body: 10.5,
  code: 9,
  small: 8.5,
  pageTitle: 21,
  h1: 16.5,
  h2: 13.5,
  h3: 11.5,
} as const;

/** A style before it is resolved to a font: what the marks and the block ask for. */
export interface StyleSpec {
  size: number;
  color: Rgb;
  bold?: boolean;
  italic?: boolean;
  mono?: boolean;
  underline?: boolean;
  strike?: boolean;
  link?: LinkTarget;
}

/** The font a spec resolves to; code stays Courier (bold Courier for bold code). */
function fontOf(spec: StyleSpec): FontKey {
  if (spec.mono) return spec.bold ? "monoBold" : "mono";
  if (spec.bold) return spec.italic ? "boldItalic" : "bold";
  return spec.italic ? "italic" : "regular";
}

/**
 * Resolves specs to shared TextStyle objects, so equal styles are the same object and the line
 * builder merges neighbouring runs into one text operator. One per render (links vary).
 */
export class Styles {
  private readonly cache = new Map<string, TextStyle>();

  /** The shared style of a spec. */
  of(spec: StyleSpec): TextStyle {
    const font = fontOf(spec);
    const link = spec.link ? JSON.stringify(spec.link) : "";
    const key = `${font}|${spec.size}|${spec.color.join(",")}|${spec.underline ? 1 : 0}|${spec.strike ? 1 : 0}|${link}`;
    let style = this.cache.get(key);
    if (!style) {
      style = { font, size: spec.size, color: spec.color };
      if (spec.underline) style.underline = true;
      if (spec.strike) style.strike = true;
      if (spec.link) style.link = spec.link;
      this.cache.set(key, style);
    }
    return style;
  }
}
