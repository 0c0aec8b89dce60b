import { PDFDocument, PDFName, PDFRawStream, PDFRef } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { decodePng } from "../../src/pdf/png";
import { makePng, renderMarkdown } from "../helpers/pdf-factories";
import { pdfImageCounts } from "../helpers/pdf-text";

/** How a test PNG is stored: colour type, bit depth, interlacing, palette and tRNS. */
interface Format {
  type: 0 | 2 | 3 | 4 | 6;
  depth: 1 | 2 | 4 | 8 | 16;
  interlaced?: boolean;
  palette?: number[];
  trns?: number[];
}

const CHANNELS = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 } as const;
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];

async function zlib(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([new Uint8Array(bytes)])
    .stream()
    .pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  new DataView(out.buffer).setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  return out; // the decoder does not check CRCs; pdf-lib's reader does not either
}

/** Filters a row with filter type `kind` (each row a different one, to exercise all five). */
function filterRow(kind: number, row: Uint8Array, prev: Uint8Array, bpp: number): Uint8Array {
  const out = new Uint8Array(row.length + 1);
  out[0] = kind;
  for (let i = 0; i < row.length; i++) {
    const a = i >= bpp ? row[i - bpp]! : 0;
    const b = prev[i]!;
    const c = i >= bpp ? prev[i - bpp]! : 0;
    const p = a + b - c;
    const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
    const paeth = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
    const predictor = [0, a, b, (a + b) >> 1, paeth][kind]!;
    out[i + 1] = (row[i]! - predictor) & 0xff;
  }
  return out;
}

/** Encodes a PNG whose sample values (at the format's depth) come from `at(x, y)`. */
async function encodePng(w: number, h: number, f: Format, at: (x: number, y: number) => number[]) {
  const channels = CHANNELS[f.type];
  const bpp = Math.max(1, (channels * f.depth) >> 3);
  const parts: Uint8Array[] = [];
  let filterKind = 0;
  for (const [x0, y0, dx, dy] of f.interlaced ? ADAM7 : [[0, 0, 1, 1]]) {
    const cols = Math.ceil((w - x0!) / dx!);
    const rows = Math.ceil((h - y0!) / dy!);
    if (cols <= 0 || rows <= 0) continue;
    let prev = new Uint8Array(Math.ceil((cols * channels * f.depth) / 8));
    for (let r = 0; r < rows; r++) {
      const row = new Uint8Array(prev.length);
      for (let c = 0; c < cols; c++) {
        at(x0! + c * dx!, y0! + r * dy!).forEach((v, s) => {
          const index = c * channels + s;
          if (f.depth === 16) row.set([v >> 8, v & 0xff], index * 2);
          else if (f.depth === 8) row[index] = v;
          else {
            const byte = (index * f.depth) >> 3;
            row[byte] = row[byte]! | (v << (8 - f.depth - ((index * f.depth) & 7)));
          }
        });
      }
      parts.push(filterRow(filterKind++ % 5, row, prev, bpp));
      prev = row;
    }
  }
  const raw = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((offset, p) => (raw.set(p, offset), offset + p.length), 0);
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, w);
  view.setUint32(4, h);
  ihdr.set([f.depth, f.type, 0, 0, f.interlaced ? 1 : 0], 8);
  const png = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    ...(f.palette ? [chunk("PLTE", Uint8Array.from(f.palette))] : []),
    ...(f.trns ? [chunk("tRNS", Uint8Array.from(f.trns))] : []),
    chunk("IDAT", await zlib(raw)),
    chunk("IEND", new Uint8Array()),
  ];
  const out = new Uint8Array(png.reduce((n, p) => n + p.length, 0));
  png.reduce((offset, p) => (out.set(p, offset), offset + p.length), 0);
  return out;
}

async function inflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([new Uint8Array(bytes)])
    .stream()
    .pipeThrough(new DecompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** What pdf-lib (its UPNG decoder) embeds for a PNG: RGB, and alpha when not opaque. */
async function pdfLibPixels(png: Uint8Array) {
  const doc = await PDFDocument.create();
  const image = await doc.embedPng(png);
  await image.embed();
  const stream = doc.context.lookup(image.ref) as PDFRawStream;
  const mask = stream.dict.get(PDFName.of("SMask"));
  const alpha =
    mask instanceof PDFRef
      ? await inflate((doc.context.lookup(mask) as PDFRawStream).contents)
      : null;
  return { width: image.width, height: image.height, rgb: await inflate(stream.contents), alpha };
}

/** Sample values that vary by pixel and channel, within the depth. */
const pattern =
  (f: Format, paletteSize = 0) =>
  (x: number, y: number) =>
    Array.from({ length: CHANNELS[f.type] }, (_, s) =>
      f.type === 3 ? (x + y * 3) % paletteSize : (x * 37 + y * 101 + s * 59) % 2 ** f.depth,
    );

const PALETTE = [255, 0, 0, 0, 255, 0, 0, 0, 255, 250, 250, 250];

const CASES: [string, Format, number][] = [
  ["grey, 1 bit", { type: 0, depth: 1 }, 0],
  ["grey, 4 bits, a transparent grey", { type: 0, depth: 4, trns: [0, 5] }, 0],
  ["grey, 16 bits, interlaced", { type: 0, depth: 16, interlaced: true }, 0],
  ["RGB, 8 bits, a transparent colour", { type: 2, depth: 8, trns: [0, 37, 0, 96, 0, 118] }, 0],
  ["RGB, 16 bits", { type: 2, depth: 16 }, 0],
  [
    "palette, 2 bits, partly transparent",
    { type: 3, depth: 2, palette: PALETTE, trns: [0, 128] },
    4,
  ],
  ["palette, 8 bits, interlaced", { type: 3, depth: 8, interlaced: true, palette: PALETTE }, 4],
  ["grey and alpha, 8 bits", { type: 4, depth: 8 }, 0],
  ["RGBA, 8 bits, interlaced", { type: 6, depth: 8, interlaced: true }, 0],
  ["RGBA, 16 bits", { type: 6, depth: 16 }, 0],
];

describe("decodePng", () => {
  // The oracle is pdf-lib's UPNG decoder, given the same pixels stored without interlacing: UPNG
  // mis-reads an interlaced pass whose first row uses the Average filter (it fixes up the
  // buffer's first row instead of the pass's), so it cannot judge Adam7 itself.
  it.each(CASES)("decodes %s as pdf-lib did", async (_, format, paletteSize) => {
    const png = await encodePng(13, 11, format, pattern(format, paletteSize));
    const plain = { ...format, interlaced: false };
    const ours = decodePng(png);
    const theirs = await pdfLibPixels(await encodePng(13, 11, plain, pattern(plain, paletteSize)));
    expect([ours.width, ours.height]).toEqual([13, 11]);
    expect([theirs.width, theirs.height]).toEqual([13, 11]);
    expect(Array.from(ours.rgb)).toEqual(Array.from(theirs.rgb));
    expect(ours.alpha && Array.from(ours.alpha)).toEqual(theirs.alpha && Array.from(theirs.alpha));
  });

  it("refuses malformed PNGs", async () => {
    const good = await makePng(4, 4);
    expect(() => decodePng(good.slice(0, 40))).toThrow();
    const badDepth = good.slice();
    badDepth[24] = 3;
    expect(() => decodePng(badDepth)).toThrow();
    expect(() => decodePng(new Uint8Array(64))).toThrow();
  });

  it("embeds a transparent PNG with its soft mask", async () => {
    const format: Format = { type: 6, depth: 8 };
    const png = await encodePng(20, 10, format, pattern(format));
    const file = {
      fileId: "p",
      name: "p.png",
      contentType: "image/png",
      size: png.length,
      hash: "p",
    };
    const document = {
      object: "document",
      data: {},
      nodes: [
        {
          object: "block",
          type: "images",
          nodes: [
            {
              object: "block",
              type: "image",
              isVoid: true,
              data: { ref: { kind: "file", file: "p" } },
            },
          ],
        },
      ],
    };
    const bytes = await renderMarkdown([{ id: "a", title: "A", document }], [{ file, bytes: png }]);
    expect(await pdfImageCounts(bytes)).toEqual([0, 1]);
    const doc = await PDFDocument.load(bytes);
    const images = doc.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter(
        (o) =>
          o instanceof PDFRawStream && o.dict.get(PDFName.of("Subtype"))?.toString() === "/Image",
      );
    expect(images).toHaveLength(2);
    const masked = images.find((o) => (o as PDFRawStream).dict.get(PDFName.of("SMask")));
    expect(masked).toBeDefined();
  });
});
