import { PDFHexString, PDFName, PDFNumber, type PDFRef } from "pdf-lib";
import type { Canvas } from "./canvas";
import type { Destination } from "./flow";

/** A bookmark: a page of the tree or a heading of a page, with what is under it. */
export interface OutlineItem {
  title: string;
  at: Destination;
  children: OutlineItem[];
}

/**
 * Writes the bookmarks (the PDF outline, which pdf-lib has no API for) and opens the outline
 * panel. Titles are UTF-16, so they keep any character, emoji included. Items start closed:
 * the reader sees the top-level pages and unfolds the rest.
 */
export function writeOutline(canvas: Canvas, items: OutlineItem[]): void {
  if (items.length === 0) return;
  const context = canvas.doc.context;
  const write = (list: OutlineItem[], parent: PDFRef, depth: number) => {
    const refs = list.map(() => context.nextRef());
    list.forEach((item, i) => {
      const sheet = canvas.sheets[item.at.sheet] ?? canvas.sheets[0];
      const entry = context.obj({
        Title: PDFHexString.fromText(item.title.trim() || "Untitled"),
        Parent: parent,
        Dest: [sheet?.page.ref, "XYZ", null, Math.round(item.at.y), null],
      });
      const prev = refs[i - 1];
      const next = refs[i + 1];
      if (prev) entry.set(PDFName.of("Prev"), prev);
      if (next) entry.set(PDFName.of("Next"), next);
      const children = depth < 64 ? item.children : [];
      const ref = refs[i] as PDFRef;
      if (children.length > 0) {
        const sub = write(children, ref, depth + 1);
        entry.set(PDFName.of("First"), sub.first);
        entry.set(PDFName.of("Last"), sub.last);
        entry.set(PDFName.of("Count"), PDFNumber.of(-children.length));
      }
      context.assign(ref, entry);
    });
    return { first: refs[0] as PDFRef, last: refs.at(-1) as PDFRef };
  };
  const root = context.nextRef();
  const top = write(items, root, 1);
  context.assign(
    root,
    context.obj({ Type: "Outlines", First: top.first, Last: top.last, Count: items.length }),
  );
  canvas.doc.catalog.set(PDFName.of("Outlines"), root);
  canvas.doc.catalog.set(PDFName.of("PageMode"), PDFName.of("UseOutlines"));
}
