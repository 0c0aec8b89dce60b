import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFRef,
  PDFString,
  type PDFObject,
} from "pdf-lib";
import { expect } from "vitest";
import { winAnsiChar } from "../../src/pdf/winansi";

/**
 * Reads text back out of a PDF for the tests. pdf-lib parses the file's structure (pages,
 * their content streams, the outline); the content streams are inflated with workerd's
 * DecompressionStream and their text operators (Tj, TJ, ', ") decoded from WinAnsi in order.
 * Fragments on the same baseline join into one line; a new baseline starts a new line.
 */

/** Inflates a FlateDecode stream. */
async function inflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([new Uint8Array(bytes)])
    .stream()
    .pipeThrough(new DecompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The decoded bytes of a stream object (FlateDecode or none). */
async function streamBytes(doc: PDFDocument, ref: PDFObject): Promise<Uint8Array> {
  const stream = ref instanceof PDFRef ? doc.context.lookup(ref) : ref;
  if (!(stream instanceof PDFRawStream)) return new Uint8Array();
  const filter = stream.dict.get(PDFName.of("Filter"));
  return filter?.toString() === "/FlateDecode" ? inflate(stream.contents) : stream.contents;
}

type Token =
  | { kind: "string"; bytes: number[] }
  | { kind: "num"; value: number }
  | { kind: "op"; value: string }
  | { kind: "other" };

const isSpace = (c: number) =>
  c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0;
const isDelim = (c: number) => "()<>[]{}/%".includes(String.fromCharCode(c));

/** Splits a content stream into the tokens text extraction needs. */
function tokenize(src: Uint8Array): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (isSpace(c)) i++;
    else if (c === 0x25) while (i < src.length && src[i] !== 0x0a) i++;
    else if (c === 0x3c && src[i + 1] !== 0x3c) {
      let hex = "";
      for (i++; i < src.length && src[i] !== 0x3e; i++)
        if (!isSpace(src[i]!)) hex += String.fromCharCode(src[i]!);
      i++;
      if (hex.length % 2) hex += "0";
      const bytes: number[] = [];
      for (let k = 0; k < hex.length; k += 2) bytes.push(parseInt(hex.slice(k, k + 2), 16));
      out.push({ kind: "string", bytes });
    } else if (c === 0x28) {
      const bytes: number[] = [];
      let depth = 1;
      for (i++; i < src.length && depth > 0; i++) {
        const ch = src[i]!;
        if (ch === 0x5c) {
          const next = src[++i]!;
          const escapes: Record<number, number> = {
            0x6e: 10,
            0x72: 13,
            0x74: 9,
            0x62: 8,
            0x66: 12,
          };
          if (next >= 0x30 && next <= 0x37) {
            let oct = String.fromCharCode(next);
            while (oct.length < 3 && src[i + 1]! >= 0x30 && src[i + 1]! <= 0x37)
              oct += String.fromCharCode(src[++i]!);
            bytes.push(parseInt(oct, 8) & 0xff);
          } else if (next !== 0x0a) bytes.push(escapes[next] ?? next);
        } else {
          if (ch === 0x28) depth++;
          if (ch === 0x29 && --depth === 0) break;
          bytes.push(ch);
        }
      }
      i++;
      out.push({ kind: "string", bytes });
    } else if (c === 0x5b || c === 0x5d) {
      out.push({ kind: "op", value: String.fromCharCode(c) });
      i++;
    } else {
      let word = "";
      do word += String.fromCharCode(src[i++]!);
      while (i < src.length && !isSpace(src[i]!) && !isDelim(src[i]!));
      const value = Number(word);
      if (word.startsWith("/") || word.startsWith("<<") || word.startsWith(">>"))
        out.push({ kind: "other" });
      else out.push(Number.isFinite(value) ? { kind: "num", value } : { kind: "op", value: word });
    }
  }
  return out;
}

const decode = (bytes: number[]) => bytes.map(winAnsiChar).join("");

/** The text of one content stream as lines, in drawing order. */
function streamLines(src: Uint8Array): string[] {
  const lines: string[] = [];
  let current: string | null = null;
  let lineY = 0;
  let y = 0;
  let operands: (Token | Token[])[] = [];
  let array: Token[] | null = null;
  const show = (text: string) => {
    if (current !== null && Math.abs(lineY - y) < 1) current += text;
    else {
      if (current !== null) lines.push(current);
      current = text;
      lineY = y;
    }
  };
  const textOf = (operand: Token | Token[] | undefined): string => {
    if (Array.isArray(operand)) {
      return operand
        .map((p) =>
          p.kind === "string" ? decode(p.bytes) : p.kind === "num" && p.value < -200 ? " " : "",
        )
        .join("");
    }
    return operand?.kind === "string" ? decode(operand.bytes) : "";
  };
  for (const token of tokenize(src)) {
    if (token.kind === "op" && token.value === "[") array = [];
    else if (token.kind === "op" && token.value === "]") {
      operands.push(array ?? []);
      array = null;
    } else if (array) array.push(token);
    else if (token.kind !== "op") operands.push(token);
    else {
      const nums = operands.flatMap((t) =>
        !Array.isArray(t) && t.kind === "num" ? [t.value] : [],
      );
      if (token.value === "Td" || token.value === "TD") y += nums[1] ?? 0;
      else if (token.value === "Tm") y = nums[5] ?? y;
      else if (token.value === "BT") y = 0;
      else if (["Tj", "TJ", "'", '"'].includes(token.value)) show(textOf(operands.at(-1)));
      operands = [];
    }
  }
  if (current !== null) lines.push(current);
  return lines;
}

/** The text of each page of a PDF, lines joined by "\n". */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const pages: string[] = [];
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const refs = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
    const lines: string[] = [];
    for (const ref of refs) lines.push(...streamLines(await streamBytes(doc, ref)));
    pages.push(lines.join("\n"));
  }
  return pages;
}

/** All the text of a PDF, pages separated by a form feed line. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await pdfPages(bytes)).join("\n\f\n");
}

/** A bookmark read back: its title, the page index it opens, and its children. */
export interface OutlineEntry {
  title: string;
  page: number;
  children: OutlineEntry[];
}

const titleOf = (value: PDFObject | undefined) =>
  value instanceof PDFHexString || value instanceof PDFString ? value.decodeText() : "";

/** The outline (bookmarks) of a PDF, as a tree. */
export async function pdfOutline(bytes: Uint8Array): Promise<OutlineEntry[]> {
  const doc = await PDFDocument.load(bytes);
  const pageIndex = new Map(doc.getPages().map((p, i) => [p.ref.toString(), i]));
  const read = (first: PDFObject | undefined, depth: number): OutlineEntry[] => {
    const out: OutlineEntry[] = [];
    let ref = first;
    while (ref instanceof PDFRef && depth < 70) {
      const item = doc.context.lookup(ref, PDFDict);
      const dest = item.lookup(PDFName.of("Dest"));
      const target = dest instanceof PDFArray ? dest.get(0)?.toString() : undefined;
      out.push({
        title: titleOf(item.get(PDFName.of("Title"))),
        page: pageIndex.get(target ?? "") ?? -1,
        children: read(item.get(PDFName.of("First")), depth + 1),
      });
      ref = item.get(PDFName.of("Next"));
    }
    return out;
  };
  const outlines = doc.catalog.lookup(PDFName.of("Outlines"));
  return outlines instanceof PDFDict ? read(outlines.get(PDFName.of("First")), 0) : [];
}

/** The link annotations of each page: a URI, or the page index an internal link opens. */
export async function pdfLinks(
  bytes: Uint8Array,
): Promise<{ page: number; uri?: string; target?: number }[]> {
  const doc = await PDFDocument.load(bytes);
  const pages = doc.getPages();
  const pageIndex = new Map(pages.map((p, i) => [p.ref.toString(), i]));
  const links: { page: number; uri?: string; target?: number }[] = [];
  pages.forEach((page, i) => {
    for (const ref of page.node.Annots()?.asArray() ?? []) {
      const annot = doc.context.lookup(ref, PDFDict);
      const action = annot.lookup(PDFName.of("A"));
      const dest = annot.lookup(PDFName.of("Dest"));
      if (action instanceof PDFDict)
        links.push({ page: i, uri: titleOf(action.get(PDFName.of("URI"))) });
      else if (dest instanceof PDFArray)
        links.push({ page: i, target: pageIndex.get(dest.get(0)?.toString() ?? "") ?? -1 });
    }
  });
  return links;
}

/** How many image XObjects each page draws. */
export async function pdfImageCounts(bytes: Uint8Array): Promise<number[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const xobjects = page.node.Resources()?.lookup(PDFName.of("XObject"));
    if (!(xobjects instanceof PDFDict)) return 0;
    return xobjects.keys().filter((key) => {
      const x = xobjects.lookup(key);
      return (
        x instanceof PDFRawStream && x.dict.get(PDFName.of("Subtype"))?.toString() === "/Image"
      );
    }).length;
  });
}

/** Asserts that each needle occurs in `text`, in the given order (the text read back from a PDF). */
export function expectInOrder(text: string, needles: string[]): void {
  let at = -1;
  for (const needle of needles) {
    const found = text.indexOf(needle, at + 1);
    expect(found, `"${needle}" after position ${at} in:\n${text}`).toBeGreaterThan(at);
    at = found;
  }
}
