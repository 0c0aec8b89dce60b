import {
  childNodes,
  dataOf,
  isRecord,
  stringField,
  type LooseNode,
} from "../../core/document/loose";
import { headingAnchor, inlineText } from "../../core/document/text";
import type { BlockContext } from "./block-context";
import { renderBlocks } from "./blocks";
import { Canvas, SHEET, type LinkTarget } from "./canvas";
import { Flow, type Destination } from "./flow";
import { ImageStore, documentImageFiles, type FileBytes, type PdfFile } from "./images";
import { wrapRuns } from "./layout";
import { writeOutline, type OutlineItem } from "./outline";
import { COLORS, SIZES, Styles, type StyleSpec } from "./styles";
import { toWinAnsi } from "./winansi";

/** A page of the tree to render, in order, with its subpages. */
export interface PdfPageNode {
  pageId: string;
  title: string;
  description: string | null;
  kind: string;
  children: PdfPageNode[];
}

/** What a PDF is made of: the title page's lines, the pages in tree order and their bodies. */
export interface PdfRequest {
  spaceId: string;
  /** The big title of the title page (the space's title) and the PDF's metadata title. */
  title: string;
  /** Lines under the title: the change request, the page selection. */
  subtitle: string[];
  /** The small line at the bottom of the title page (revision, date). */
  footnote: string;
  roots: PdfPageNode[];
  /** Document JSON by page id; entries are deleted as pages are drawn, to free memory early. */
  bodies: Map<string, string | null>;
  files: ReadonlyMap<string, PdfFile>;
  fileBytes: FileBytes;
  /** Called after each page is drawn (the memory benchmark samples the heap there). */
  onPage?: () => void;
}

/** Draws the title page: the title a third of the way down, centered, then the subtitles. */
function titlePage(canvas: Canvas, flow: Flow, styles: Styles, req: PdfRequest): void {
  const line = (text: string, spec: StyleSpec, after: number) => {
    const runs = [{ text: toWinAnsi(text), style: styles.of(spec) }];
    flow.lines(wrapRuns(canvas, runs, flow.width, spec.size), "center");
    flow.gap(after);
  };
  flow.reserve(SHEET.height / 4);
  line(req.title || "Untitled", { size: 26, color: COLORS.text, bold: true }, 18);
  for (const text of req.subtitle) line(text, { size: 13, color: COLORS.text }, 6);
  flow.gap(24);
  line(req.footnote, { size: SIZES.small, color: COLORS.muted }, 0);
}

/** Renders the request to PDF bytes (see docs/compat-notes/pdf.md for what is drawn). */
export async function renderPdf(req: PdfRequest): Promise<Uint8Array> {
  const canvas = Canvas.create(req.title);
  const flow = new Flow(canvas);
  const styles = new Styles();
  const images = new ImageStore(canvas.file, req.files, req.fileBytes);
  const pageAt = new Map<string, Destination>();
  const anchorAt = new Map<string, Destination>();
  titlePage(canvas, flow, styles, req);

  const drawPage = async (node: PdfPageNode, depth: number): Promise<OutlineItem | null> => {
    if (depth > 64) return null;
    if (node.kind === "link") return null;
    if (flow.sheetHasBody) flow.newSheet();
    const item: OutlineItem = { title: node.title, at: flow.here(), children: [] };
    pageAt.set(node.pageId, item.at);
    const title = [
      {
        text: toWinAnsi(node.title || "Untitled"),
        style: styles.of({ size: SIZES.pageTitle, color: COLORS.text, bold: true }),
      },
    ];
    flow.lines(wrapRuns(canvas, title, flow.width, SIZES.pageTitle));
    if (node.description) {
      const spec: StyleSpec = { size: SIZES.body, color: COLORS.muted, italic: true };
      flow.gap(2);
      flow.lines(
        wrapRuns(
          canvas,
          [{ text: toWinAnsi(node.description), style: styles.of(spec) }],
          flow.width,
          spec.size,
        ),
      );
    }
    flow.gap(12);
    if (node.kind === "group") flow.sheetHasBody = false;
    else await drawBody(node, item);
    req.onPage?.();
    for (const child of node.children) {
      const sub = await drawPage(child, depth + 1);
      if (sub) item.children.push(sub);
    }
    return item;
  };

  const drawBody = async (node: PdfPageNode, item: OutlineItem) => {
    const body = req.bodies.get(node.pageId) ?? null;
    req.bodies.delete(node.pageId);
    let doc: unknown;
    try {
      doc = body === null ? null : JSON.parse(body);
    } catch {
      doc = null;
    }
    if (!isRecord(doc)) return;
    await images.prepare(documentImageFiles(doc));
    const used = new Map<string, number>();
    let section: OutlineItem | null = null;
    const ctx: BlockContext = {
      canvas,
      flow,
      images,
      styles,
      spaceId: req.spaceId,
      pageId: node.pageId,
      onHeading: (level, heading: LooseNode, at) => {
        const text = inlineText(childNodes(heading));
        const declared = stringField(isRecord(heading.meta) ? heading.meta : {}, "id");
        const base = declared ?? stringField(dataOf(heading), "id") ?? headingAnchor(text);
        const seen = used.get(base) ?? 0;
        used.set(base, seen + 1);
        anchorAt.set(`${node.pageId}#${seen === 0 ? base : `${base}-${seen}`}`, at);
        if (level === 3) return;
        const entry: OutlineItem = { title: text, at, children: [] };
        if (level === 2 && section) section.children.push(entry);
        else item.children.push(entry);
        if (level === 1) section = entry;
      },
    };
    renderBlocks(ctx, childNodes(doc), 1);
  };

  const outline: OutlineItem[] = [];
  for (const root of req.roots) {
    const item = await drawPage(root, 1);
    if (item) outline.push(item);
  }
  const total = canvas.sheets.length;
  const footer = styles.of({ size: SIZES.small, color: COLORS.muted });
  canvas.sheets.forEach((sheet, i) => {
    if (i > 0) {
      const text = `${i + 1} / ${total}`;
      const width = canvas.measure(text, footer.font, footer.size);
      sheet.text((SHEET.width - width) / 2, SHEET.bottom / 2, text, footer);
    }
    sheet.flush();
  });
  canvas.addLinks((target: LinkTarget) => {
    if (target.kind !== "page") return null;
    const anchored = target.anchor ? anchorAt.get(`${target.pageId}#${target.anchor}`) : undefined;
    return anchored ?? pageAt.get(target.pageId) ?? null;
  });
  writeOutline(canvas, outline);
  return canvas.save();
}
