import { deflateSync } from "node:zlib";

/**
 * A small PDF file writer: numbered objects serialized as soon as they are written, then the
 * cross-reference table and the trailer. It is all the renderer needs (dictionaries, arrays,
 * names, numbers, strings, references and streams), in place of a general PDF library.
 */

/** A reference to an indirect object (`12 0 R`). */
export class PdfRef {
  constructor(
    /** The object number. */
    readonly id: number,
  ) {}
}

/** A PDF name (`/Type`). */
export class PdfName {
  constructor(
    /** The name without its slash (plain ASCII letters and digits here). */
    readonly value: string,
  ) {}
}

/** A PDF string, written in hex (`<48656C6C6F>`): any bytes, no escaping. */
export class PdfHex {
  constructor(
    /** The string's bytes as hex digits. */
    readonly hex: string,
  ) {}
}

/** A value an object may hold; `undefined` entries of a dictionary are left out. */
export type PdfValue =
  | number
  | boolean
  | null
  | PdfRef
  | PdfName
  | PdfHex
  | readonly PdfValue[]
  | PdfDict;

/** A PDF dictionary: its keys are names. */
export interface PdfDict {
  readonly [key: string]: PdfValue | undefined;
}

/** A name value (`name("Page")` is `/Page`). */
export const name = (value: string): PdfName => new PdfName(value);

const hex2 = (n: number) => n.toString(16).padStart(2, "0");

/** A text string (outline titles, metadata): UTF-16BE with its byte-order mark, so any text. */
export function textString(text: string): PdfHex {
  let hex = "feff";
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, "0");
  return new PdfHex(hex);
}

/** A byte string (URIs, dates): the text's UTF-8 bytes. */
export function byteString(text: string): PdfHex {
  return new PdfHex(Array.from(new TextEncoder().encode(text), hex2).join(""));
}

/** A number as PDF writes it: no exponent, four decimals at most. */
function numberText(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`not a PDF number: ${n}`);
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 10000) / 10000);
}

/** The PDF syntax of a value. */
function serialize(value: PdfValue): string {
  if (value === null) return "null";
  if (typeof value === "number") return numberText(value);
  if (typeof value === "boolean") return String(value);
  if (value instanceof PdfRef) return `${value.id} 0 R`;
  if (value instanceof PdfName) return `/${value.value}`;
  if (value instanceof PdfHex) return `<${value.hex}>`;
  if (Array.isArray(value)) return `[${value.map(serialize).join(" ")}]`;
  const entries = Object.entries(value as PdfDict).flatMap(([key, v]) =>
    v === undefined ? [] : [`/${key} ${serialize(v)}`],
  );
  return `<<${entries.join(" ")}>>`;
}

/**
 * zlib-compresses bytes for a FlateDecode stream (workerd's native zlib, synchronous). The result
 * is copied to its exact size: Node's zlib returns views of 16 KiB chunks, and a view keeps its
 * whole chunk alive (1,000 pages held 63 MB that way in bench/pdf-memory.mjs).
 */
export function deflate(bytes: Uint8Array): Uint8Array {
  const out = deflateSync(bytes);
  return out.byteLength === out.buffer.byteLength ? out : new Uint8Array(out);
}

const encoder = new TextEncoder();

/** Objects per object stream (pdf-lib's default: 50). */
const PER_OBJECT_STREAM = 50;

/**
 * Writes a PDF: allocate references, write each object once, then `finish`. Dictionaries and
 * arrays go into compressed object streams (PDF 1.5), 50 at a time, and the cross-reference
 * table is a compressed stream too, as pdf-lib wrote them: outlines, annotations and page
 * objects would otherwise weigh as much as the pages' text.
 */
export class PdfWriter {
  private readonly chunks: Uint8Array[] = [];
  /** Where each object is: its byte offset, or its object stream and index in it. */
  private readonly places = new Map<number, number | { stream: number; index: number }>();
  private pending: { id: number; text: string }[] = [];
  private length = 0;
  private next = 1;

  constructor() {
    // The binary comment tells transfer tools the file is not text.
    this.push(encoder.encode("%PDF-1.7\n"));
    this.push(new Uint8Array([0x25, 0xe2, 0xe3, 0xcf, 0xd3, 0x0a]));
  }

  /** A new object number, to point at before the object is written. */
  ref(): PdfRef {
    return new PdfRef(this.next++);
  }

  /** Writes the object of a reference (into the current object stream). */
  write(ref: PdfRef, value: PdfValue): void {
    this.claim(ref);
    this.places.set(ref.id, { stream: 0, index: this.pending.length });
    this.pending.push({ id: ref.id, text: serialize(value) });
    if (this.pending.length >= PER_OBJECT_STREAM) this.flushObjects();
  }

  /** Writes a stream object: its dictionary (Length added) and its bytes as they are. */
  writeStream(ref: PdfRef, dict: PdfDict, bytes: Uint8Array): void {
    this.claim(ref);
    this.places.set(ref.id, this.length);
    const head = `${ref.id} 0 obj\n${serialize({ ...dict, Length: bytes.length })}\nstream\n`;
    this.push(encoder.encode(head));
    this.push(bytes);
    this.push(encoder.encode("\nendstream\nendobj\n"));
  }

  /** Writes an object under a new reference. */
  add(value: PdfValue): PdfRef {
    const ref = this.ref();
    this.write(ref, value);
    return ref;
  }

  /** Writes a stream under a new reference. */
  addStream(dict: PdfDict, bytes: Uint8Array): PdfRef {
    const ref = this.ref();
    this.writeStream(ref, dict, bytes);
    return ref;
  }

  /** The file: every object, then the cross-reference stream naming root and info. */
  finish(root: PdfRef, info: PdfRef): Uint8Array {
    this.flushObjects();
    const xref = this.ref();
    const size = this.next;
    // Rows of 1 + 4 + 2 bytes: type, offset or object stream, generation or index.
    const rows = new Uint8Array(size * 7);
    const view = new DataView(rows.buffer);
    view.setUint8(0, 0);
    view.setUint16(5, 0xffff);
    for (let id = 1; id < size; id++) {
      const place = id === xref.id ? this.length : this.places.get(id);
      if (place === undefined) throw new Error(`PDF object ${id} was never written`);
      view.setUint8(id * 7, typeof place === "number" ? 1 : 2);
      view.setUint32(id * 7 + 1, typeof place === "number" ? place : place.stream);
      view.setUint16(id * 7 + 5, typeof place === "number" ? 0 : place.index);
    }
    const start = this.length; // the xref stream's own offset, in its own row above
    const dict = { Type: name("XRef"), Size: size, W: [1, 4, 2], Root: root, Info: info };
    this.writeStream(xref, { ...dict, Filter: name("FlateDecode") }, deflate(rows));
    this.push(encoder.encode(`startxref\n${start}\n%%EOF\n`));
    const out = new Uint8Array(this.length);
    let at = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, at);
      at += chunk.length;
    }
    this.chunks.length = 0;
    return out;
  }

  /** Writes the pending objects as one compressed object stream. */
  private flushObjects(): void {
    if (this.pending.length === 0) return;
    const stream = this.ref();
    let header = "";
    let body = "";
    for (const { id, text } of this.pending) {
      header += `${id} ${body.length} `;
      body += `${text}\n`;
      this.places.set(id, {
        stream: stream.id,
        index: (this.places.get(id) as { index: number }).index,
      });
    }
    const bytes = deflate(encoder.encode(header + body));
    const dict = { Type: name("ObjStm"), N: this.pending.length, First: header.length };
    this.pending = [];
    this.writeStream(stream, { ...dict, Filter: name("FlateDecode") }, bytes);
  }

  private claim(ref: PdfRef): void {
    if (this.places.has(ref.id)) throw new Error(`PDF object ${ref.id} written twice`);
  }

  private push(bytes: Uint8Array): void {
    this.chunks.push(bytes);
    this.length += bytes.length;
  }
}
