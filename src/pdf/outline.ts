import type { Canvas } from "./canvas";
import type { Destination } from "./flow";
import { name, textString, type PdfRef } from "./writer";

/** A bookmark: a page of the tree or a heading of a page, with what is under it. */
export interface OutlineItem {
  title: string;
  at: Destination;
  children: OutlineItem[];
}

/**
 * Writes the bookmarks (the PDF outline) and opens the outline
 * panel. Titles are UTF-16, so they keep any character, emoji included. Items start closed:
 * the reader sees the top-level pages and unfolds the rest.
 */
export function writeOutline(canvas: Canvas, items: OutlineItem[]): void {
  if (items.length === 0) return;
  const file = canvas.file;
  const write = (list: OutlineItem[], parent: PdfRef, depth: number) => {
    const refs = list.map(() => file.ref());
    list.forEach((item, i) => {
      const sheet = canvas.sheets[item.at.sheet] ?? canvas.sheets[0];
      const children = depth < 64 ? item.children : [];
      const ref = refs[i] as PdfRef;
      const sub = children.length > 0 ? write(children, ref, depth + 1) : null;
      file.write(ref, {
        Title: textString(item.title.trim() || "Untitled"),
        Parent: parent,
        Dest: [sheet?.ref ?? null, name("XYZ"), null, Math.round(item.at.y), null],
        Prev: refs[i - 1],
        Next: refs[i + 1],
        First: sub?.first,
        Last: sub?.last,
        Count: sub ? -children.length : undefined,
      });
    });
    return { first: refs[0] as PdfRef, last: refs.at(-1) as PdfRef };
  };
  const root = file.ref();
  const top = write(items, root, 1);
  file.write(root, {
    Type: name("Outlines"),
    First: top.first,
    Last: top.last,
    Count: items.length,
  });
  canvas.setCatalog("Outlines", root);
  canvas.setCatalog("PageMode", name("UseOutlines"));
}
