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
export function serialize(value: PdfValue): string {
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

/** zlib-compresses bytes for a FlateDecode stream (workerd's native zlib, synchronous). */
export function deflate(bytes: Uint8Array): Uint8Array {
  return deflateSync(bytes);
}

const encoder = new TextEncoder();

/** Writes a PDF: allocate references, write each object once, then `finish`. */
export class PdfWriter {
  private readonly chunks: Uint8Array[] = [];
  private readonly offsets = new Map<number, number>();
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

  /** Writes the object of a reference. */
  write(ref: PdfRef, value: PdfValue): void {
    this.begin(ref);
    this.push(encoder.encode(`${serialize(value)}\nendobj\n`));
  }

  /** Writes a stream object: its dictionary (Length added) and its bytes as they are. */
  writeStream(ref: PdfRef, dict: PdfDict, bytes: Uint8Array): void {
    this.begin(ref);
    this.push(encoder.encode(`${serialize({ ...dict, Length: bytes.length })}\nstream\n`));
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

  /** The file: every object, the cross-reference table and the trailer naming root and info. */
  finish(root: PdfRef, info: PdfRef): Uint8Array {
    const start = this.length;
    const rows = ["xref", `0 ${this.next}`, "0000000000 65535 f "];
    for (let id = 1; id < this.next; id++) {
      const offset = this.offsets.get(id);
      if (offset === undefined) throw new Error(`PDF object ${id} was never written`);
      rows.push(`${String(offset).padStart(10, "0")} 00000 n `);
    }
    const trailer = serialize({ Size: this.next, Root: root, Info: info });
    this.push(
      encoder.encode(`${rows.join("\n")}\ntrailer\n${trailer}\nstartxref\n${start}\n%%EOF\n`),
    );
    const out = new Uint8Array(this.length);
    let at = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, at);
      at += chunk.length;
    }
    this.chunks.length = 0;
    return out;
  }

  private begin(ref: PdfRef): void {
    if (this.offsets.has(ref.id)) throw new Error(`PDF object ${ref.id} written twice`);
    this.offsets.set(ref.id, this.length);
    this.push(encoder.encode(`${ref.id} 0 obj\n`));
  }

  private push(bytes: Uint8Array): void {
    this.chunks.push(bytes);
    this.length += bytes.length;
  }
}
