import {
  PDFDocument,
  PDFHexString,
  PDFName,
  StandardFonts,
  type PDFFont,
  type PDFImage,
  type PDFPage,
} from "pdf-lib";
import { winAnsiHex } from "./winansi";

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

const FONT_FILES: Record<FontKey, StandardFonts> = {
  regular: StandardFonts.Helvetica,
  bold: StandardFonts.HelveticaBold,
  italic: StandardFonts.HelveticaOblique,
  boldItalic: StandardFonts.HelveticaBoldOblique,
  mono: StandardFonts.Courier,
  monoBold: StandardFonts.CourierBold,
};
const FONT_KEYS = Object.keys(FONT_FILES) as FontKey[];

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
 * as soon as the sheet is done, so a long PDF holds a few KB per finished page instead of
 * pdf-lib's operator objects (≈ 250 KB per dense page: measured, docs/performance.md).
 */
export class Sheet {
  private ops: string[] = [];
  private readonly used = new Set<string>();
  /** Links drawn on this sheet. */
  readonly links: SheetLink[] = [];

  constructor(
    private readonly canvas: Canvas,
    /** The pdf-lib page this sheet draws on. */
    readonly page: PDFPage,
  ) {}

  /** Draws WinAnsi text with its baseline at y. */
  text(x: number, y: number, text: string, style: TextStyle): void {
    if (text === "") return;
    const name = `F${FONT_KEYS.indexOf(style.font) + 1}`;
    if (!this.used.has(name)) {
      this.used.add(name);
      this.page.node.setFontDictionary(PDFName.of(name), this.canvas.font(style.font).ref);
    }
    const size = style.size;
    this.ops.push(
      `${color(style.color)} rg BT /${name} ${num(size)} Tf ${num(x)} ${num(y)} Td ${winAnsiHex(text)} Tj ET`,
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
  image(image: PDFImage, x: number, y: number, width: number, height: number): void {
    const name = this.canvas.imageName(image);
    if (!this.used.has(name)) {
      this.used.add(name);
      this.page.node.setXObject(PDFName.of(name), image.ref);
    }
    this.ops.push(`q ${num(width)} 0 0 ${num(height)} ${num(x)} ${num(y)} cm /${name} Do Q`);
  }

  /** Compresses what was drawn since the last flush into a content stream of the page. */
  flush(): void {
    if (this.ops.length === 0) return;
    const context = this.canvas.doc.context;
    const stream = context.flateStream(this.ops.join("\n"));
    this.page.node.addContentStream(context.register(stream));
    this.ops = [];
  }
}

/** The PDF being written: its fonts, their widths, and its sheets in order. */
export class Canvas {
  /** Every sheet, first to last. */
  readonly sheets: Sheet[] = [];
  private readonly widths = new Map<FontKey, Map<number, number>>();
  private readonly images = new Map<PDFImage, string>();

  private constructor(
    /** The pdf-lib document. */
    readonly doc: PDFDocument,
    private readonly fonts: Record<FontKey, PDFFont>,
  ) {}

  /** A new document with the standard fonts embedded (their metrics ship with pdf-lib). */
  static async create(title: string): Promise<Canvas> {
    const doc = await PDFDocument.create();
    doc.setTitle(title);
    doc.setCreator("Quire");
    doc.setProducer("Quire (pdf-lib)");
    const fonts = {} as Record<FontKey, PDFFont>;
    for (const key of FONT_KEYS) fonts[key] = await doc.embedFont(FONT_FILES[key]);
    return new Canvas(doc, fonts);
  }

  /** The pdf-lib font of a key. */
  font(key: FontKey): PDFFont {
    return this.fonts[key];
  }

  /** Width in points of WinAnsi text (glyph widths, no kerning: the text is drawn unkerned). */
  measure(text: string, key: FontKey, size: number): number {
    let table = this.widths.get(key);
    if (!table) this.widths.set(key, (table = new Map()));
    let total = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      let width = table.get(code);
      if (width === undefined) {
        width = this.fonts[key].widthOfTextAtSize(String.fromCharCode(code), 1000);
        table.set(code, width);
      }
      total += width;
    }
    return (total * size) / 1000;
  }

  /** The resource name an image is drawn under (the same on every sheet). */
  imageName(image: PDFImage): string {
    let name = this.images.get(image);
    if (!name) this.images.set(image, (name = `Im${this.images.size + 1}`));
    return name;
  }

  /** Finishes the current sheet and starts a new one. */
  addSheet(): Sheet {
    this.sheets.at(-1)?.flush();
    const sheet = new Sheet(this, this.doc.addPage([SHEET.width, SHEET.height]));
    this.sheets.push(sheet);
    return sheet;
  }

  /** Links as annotations, once every destination is known; unresolved targets stay text. */
  addLinks(resolve: (target: LinkTarget) => { sheet: number; y: number } | null): void {
    const context = this.doc.context;
    for (const sheet of this.sheets) {
      for (const link of sheet.links) {
        const action = this.linkAction(link.target, resolve);
        if (!action) continue;
        const annotation = context.obj({
          Type: "Annot",
          Subtype: "Link",
          Rect: link.rect.map((v) => Math.round(v * 100) / 100),
          Border: [0, 0, 0],
          ...action,
        });
        sheet.page.node.addAnnot(context.register(annotation));
      }
    }
  }

  private linkAction(
    target: LinkTarget,
    resolve: (target: LinkTarget) => { sheet: number; y: number } | null,
  ) {
    if (target.kind === "url") {
      const uri = Array.from(target.url, (ch) => ch.charCodeAt(0).toString(16).padStart(2, "0"));
      return { A: { Type: "Action", S: "URI", URI: PDFHexString.of(uri.join("")) } };
    }
    const dest = resolve(target);
    const sheet = dest ? this.sheets[dest.sheet] : undefined;
    if (!dest || !sheet) return null;
    return { Dest: [sheet.page.ref, "XYZ", null, Math.round(dest.y), null] };
  }
}
