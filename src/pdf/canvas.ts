import { glyphWidth, type Metrics } from "./metrics";
import { winAnsiHex } from "./winansi";
import {
  PdfWriter,
  byteString,
  deflate,
  name,
  textString,
  type PdfDict,
  type PdfRef,
  type PdfValue,
} from "./writer";

/** The six standard fonts the renderer uses: Helvetica for text, Courier for code. */
export type FontKey = "regular" | "bold" | "italic" | "boldItalic" | "mono" | "monoBold";
/** A colour as RGB components in 0..1. */
export type Rgb = readonly [number, number, number];
/** Where a link goes: a URL, or a page (and heading) rendered in the same PDF. */
export type LinkTarget =
  | { kind: "url"; url: string }
  | { kind: "page"; pageId: string; anchor?: string };

/** How a run of text looks. */
export interface TextStyle {
  font: FontKey;
  size: number;
  color: Rgb;
  underline?: boolean;
  strike?: boolean;
  link?: LinkTarget;
}

/** A4 in points, with the margins every sheet uses. */
export const SHEET = { width: 595.28, height: 841.89, margin: 56, top: 60, bottom: 64 } as const;

/** Each font's PDF name and width table (standard fonts: no font file is embedded). */
const FONTS: Record<FontKey, { base: string; metrics: Metrics }> = {
  regular: { base: "Helvetica", metrics: "regular" },
  bold: { base: "Helvetica-Bold", metrics: "bold" },
  italic: { base: "Helvetica-Oblique", metrics: "regular" },
  boldItalic: { base: "Helvetica-BoldOblique", metrics: "bold" },
  mono: { base: "Courier", metrics: "mono" },
  monoBold: { base: "Courier-Bold", metrics: "mono" },
};
const FONT_KEYS = Object.keys(FONTS) as FontKey[];

/** A number as PDF operators want it: two decimals at most. */
const num = (x: number) => String(Math.round(x * 100) / 100);
const color = (c: Rgb) => c.map(num).join(" ");

/** A link drawn on a sheet, turned into an annotation once every destination is known. */
export interface SheetLink {
  rect: [number, number, number, number];
  target: LinkTarget;
}

/**
 * One PDF page being drawn. Operators are kept as text and compressed into a content stream
 * as soon as the sheet is done, so a long PDF holds a few KB per finished page.
 */
export class Sheet {
  private ops: string[] = [];
  private readonly fonts: Record<string, PdfRef> = {};
  private readonly images: Record<string, PdfRef> = {};
  private readonly contents: PdfRef[] = [];
  /** Links drawn on this sheet. */
  readonly links: SheetLink[] = [];
  /** Its link annotations, once `Canvas.addLinks` made them. */
  readonly annotations: PdfRef[] = [];

  constructor(
    private readonly canvas: Canvas,
    /** The page object this sheet becomes (links and bookmarks point at it). */
    readonly ref: PdfRef,
  ) {}

  /** Draws WinAnsi text with its baseline at y. */
  text(x: number, y: number, text: string, style: TextStyle): void {
    if (text === "") return;
    const font = `F${FONT_KEYS.indexOf(style.font) + 1}`;
    this.fonts[font] ??= this.canvas.font(style.font);
    const size = style.size;
    this.ops.push(
      `${color(style.color)} rg BT /${font} ${num(size)} Tf ${num(x)} ${num(y)} Td ${winAnsiHex(text)} Tj ET`,
    );
    const width = this.canvas.measure(text, style.font, size);
    if (style.underline)
      this.line(x, y - size * 0.15, x + width, y - size * 0.15, 0.5, style.color);
    if (style.strike) this.line(x, y + size * 0.3, x + width, y + size * 0.3, 0.6, style.color);
    if (style.link) {
      this.links.push({
        rect: [x, y - size * 0.25, x + width, y + size * 0.85],
        target: style.link,
      });
    }
  }

  /** Fills a rectangle (x, y is its lower-left corner). */
  fillRect(x: number, y: number, width: number, height: number, fill: Rgb): void {
    this.ops.push(`${color(fill)} rg ${num(x)} ${num(y)} ${num(width)} ${num(height)} re f`);
  }

  /** Strokes a straight line. */
  line(x1: number, y1: number, x2: number, y2: number, width: number, stroke: Rgb): void {
    this.ops.push(
      `${color(stroke)} RG ${num(width)} w ${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S`,
    );
  }

  /** Draws an embedded image into the box whose lower-left corner is x, y. */
  image(image: PdfRef, x: number, y: number, width: number, height: number): void {
    const resource = `Im${image.id}`;
    this.images[resource] = image;
    this.ops.push(`q ${num(width)} 0 0 ${num(height)} ${num(x)} ${num(y)} cm /${resource} Do Q`);
  }

  /** Compresses what was drawn since the last flush into a content stream of the page. */
  flush(): void {
    if (this.ops.length === 0) return;
    const bytes = deflate(new TextEncoder().encode(this.ops.join("\n")));
    this.contents.push(this.canvas.file.addStream({ Filter: name("FlateDecode") }, bytes));
    this.ops = [];
  }

  /** The page object: size, resources, content streams and link annotations. */
  page(parent: PdfRef): PdfDict {
    return {
      Type: name("Page"),
      Parent: parent,
      MediaBox: [0, 0, SHEET.width, SHEET.height],
      Resources: { Font: this.fonts, XObject: this.images },
      Contents: this.contents,
      Annots: this.annotations.length > 0 ? this.annotations : undefined,
    };
  }
}

/** The PDF being written: its fonts, their widths, its sheets in order and its catalog. */
export class Canvas {
  /** Every sheet, first to last. */
  readonly sheets: Sheet[] = [];
  /** The file the objects are written to. */
  readonly file = new PdfWriter();
  /** The page tree's root, every page's parent. */
  private readonly pages = this.file.ref();
  private readonly fonts = new Map<FontKey, PdfRef>();
  /** Catalog entries beyond the page tree (the outline). */
  private readonly catalog: Record<string, PdfValue> = {};

  private constructor(private readonly title: string) {}

  /** A new, empty document. */
  static create(title: string): Canvas {
    return new Canvas(title);
  }

  /** The font object of a key, written the first time a sheet uses it. */
  font(key: FontKey): PdfRef {
    let ref = this.fonts.get(key);
    if (!ref) {
      ref = this.file.add({
        Type: name("Font"),
        Subtype: name("Type1"),
        BaseFont: name(FONTS[key].base),
        Encoding: name("WinAnsiEncoding"),
      });
      this.fonts.set(key, ref);
    }
    return ref;
  }

  /** Width in points of WinAnsi text (glyph widths, no kerning: the text is drawn unkerned). */
  measure(text: string, key: FontKey, size: number): number {
    const metrics = FONTS[key].metrics;
    let total = 0;
    for (let i = 0; i < text.length; i++) total += glyphWidth(metrics, text.charCodeAt(i));
    return (total * size) / 1000;
  }

  /** Sets an entry of the document catalog (the outline and how the reader opens). */
  setCatalog(key: string, value: PdfValue): void {
    this.catalog[key] = value;
  }

  /** Finishes the current sheet and starts a new one. */
  addSheet(): Sheet {
    this.sheets.at(-1)?.flush();
    const sheet = new Sheet(this, this.file.ref());
    this.sheets.push(sheet);
    return sheet;
  }

  /** Links as annotations, once every destination is known; unresolved targets stay text. */
  addLinks(resolve: (target: LinkTarget) => { sheet: number; y: number } | null): void {
    for (const sheet of this.sheets) {
      for (const link of sheet.links) {
        const action = this.linkAction(link.target, resolve);
        if (!action) continue;
        const annotation = this.file.add({
          Type: name("Annot"),
          Subtype: name("Link"),
          Rect: link.rect.map((v) => Math.round(v * 100) / 100),
          Border: [0, 0, 0],
          ...action,
        });
        sheet.annotations.push(annotation);
      }
    }
  }

  /** The PDF's bytes: pages, page tree, catalog, metadata and cross-reference table. */
  save(now = new Date()): Uint8Array {
    for (const sheet of this.sheets) {
      sheet.flush();
      this.file.write(sheet.ref, sheet.page(this.pages));
    }
    const kids = this.sheets.map((sheet) => sheet.ref);
    this.file.write(this.pages, { Type: name("Pages"), Kids: kids, Count: kids.length });
    const root = this.file.add({ Type: name("Catalog"), Pages: this.pages, ...this.catalog });
    const date = byteString(`D:${now.toISOString().replace(/[-:T]|\.\d+/g, "")}`);
    const info = this.file.add({
      Title: textString(this.title),
      Creator: textString("Quire"),
      Producer: textString("Quire"),
      CreationDate: date,
      ModDate: date,
    });
    return this.file.finish(root, info);
  }

  private linkAction(
    target: LinkTarget,
    resolve: (target: LinkTarget) => { sheet: number; y: number } | null,
  ): PdfDict | null {
    if (target.kind === "url") {
      return { A: { Type: name("Action"), S: name("URI"), URI: byteString(target.url) } };
    }
    const dest = resolve(target);
    const sheet = dest ? this.sheets[dest.sheet] : undefined;
    if (!dest || !sheet) return null;
    return { Dest: [sheet.ref, name("XYZ"), null, Math.round(dest.y), null] };
  }
}
