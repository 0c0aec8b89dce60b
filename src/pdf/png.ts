import { inflateSync } from "node:zlib";

/**
 * A PNG decoder for embedding images in PDFs: every colour type (grey, RGB, palette, with or
 * without alpha), bit depths 1–16, both interlace methods and tRNS transparency, decoded to
 * 8-bit RGB plus an 8-bit alpha plane when some pixel is not opaque (the PDF's soft mask).
 * 16-bit samples keep their high byte. Throws on anything malformed.
 */

/** A decoded PNG: RGB triplets row by row, and alpha when the image has transparency. */
export interface DecodedPng {
  width: number;
  height: number;
  rgb: Uint8Array;
  alpha: Uint8Array | null;
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Samples per pixel by colour type. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** Bit depths each colour type allows. */
const DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};
/** Adam7 passes: x start, y start, x step, y step. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

interface Header {
  width: number;
  height: number;
  depth: number;
  type: number;
  interlaced: boolean;
  palette: Uint8Array | null;
  trns: Uint8Array | null;
}

/** Reads the chunks: the header, palette, transparency and the joined IDAT data. */
function readChunks(bytes: Uint8Array): { header: Header; data: Uint8Array } {
  if (bytes.length < 33 || SIGNATURE.some((b, i) => bytes[i] !== b)) throw new Error("not a PNG");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let header: Header | null = null;
  const idat: Uint8Array[] = [];
  for (let at = 8; at + 12 <= bytes.length; ) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (body.length !== length) throw new Error("truncated PNG chunk");
    if (type === "IHDR") {
      const type = body[9]!;
      header = {
        width: view.getUint32(at + 8),
        height: view.getUint32(at + 12),
        depth: body[8]!,
        type,
        interlaced: body[12] === 1,
        palette: null,
        trns: null,
      };
      const depths = DEPTHS[type];
      if (!depths?.includes(header.depth) || header.width === 0 || header.height === 0) {
        throw new Error("unsupported PNG header");
      }
    } else if (header && type === "PLTE") header.palette = body;
    else if (header && type === "tRNS") header.trns = body;
    else if (type === "IDAT") idat.push(body);
    else if (type === "IEND") break;
    at += 12 + length;
  }
  if (!header || idat.length === 0) throw new Error("PNG without header or data");
  if (header.type === 3 && !header.palette) throw new Error("PNG palette missing");
  const joined = new Uint8Array(idat.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const chunk of idat) {
    joined.set(chunk, offset);
    offset += chunk.length;
  }
  return { header, data: inflateSync(joined) };
}

/** Undoes a row's filter in place (PNG filter types 0–4). */
function unfilter(kind: number, row: Uint8Array, prev: Uint8Array, bpp: number): void {
  if (kind === 0) return;
  if (kind > 4) throw new Error("bad PNG filter");
  for (let i = 0; i < row.length; i++) {
    const left = i >= bpp ? row[i - bpp]! : 0;
    const up = prev[i]!;
    const corner = i >= bpp ? prev[i - bpp]! : 0;
    let add: number;
    if (kind === 1) add = left;
    else if (kind === 2) add = up;
    else if (kind === 3) add = (left + up) >> 1;
    else {
      const p = left + up - corner;
      const pa = Math.abs(p - left);
      const pb = Math.abs(p - up);
      const pc = Math.abs(p - corner);
      add = pa <= pb && pa <= pc ? left : pb <= pc ? up : corner;
    }
    row[i] = (row[i]! + add) & 0xff;
  }
}

/** Decodes a PNG (see the module comment). */
export function decodePng(bytes: Uint8Array): DecodedPng {
  const { header: h, data } = readChunks(bytes);
  const channels = CHANNELS[h.type]!;
  const bits = channels * h.depth;
  const bpp = Math.max(1, bits >> 3);
  const rgb = new Uint8Array(h.width * h.height * 3);
  // Alpha only for the types that can have it (a plane per image is 1 byte per pixel).
  const hasAlpha = h.type === 4 || h.type === 6 || h.trns !== null;
  const alpha = hasAlpha ? new Uint8Array(h.width * h.height).fill(255) : null;
  const max = (1 << h.depth) - 1;
  const trns = h.trns;
  /** Sample `s` of pixel `x` of an unfiltered row, at the image's bit depth. */
  const sample = (row: Uint8Array, x: number, s: number): number => {
    if (h.depth === 16)
      return (row[(x * channels + s) * 2]! << 8) | row[(x * channels + s) * 2 + 1]!;
    if (h.depth === 8) return row[x * channels + s]!;
    const bit = (x * channels + s) * h.depth;
    return (row[bit >> 3]! >> (8 - h.depth - (bit & 7))) & max;
  };
  const to8 = (v: number) =>
    h.depth === 16 ? v >> 8 : h.depth === 8 ? v : Math.round((v * 255) / max);
  const key = (i: number) =>
    trns && trns.length >= i * 2 + 2 ? (trns[i * 2]! << 8) | trns[i * 2 + 1]! : -1;
  const put = (row: Uint8Array, x: number, at: number): void => {
    if (h.type === 3) {
      const index = sample(row, x, 0);
      const palette = h.palette!;
      if (index * 3 + 2 < palette.length)
        rgb.set(palette.subarray(index * 3, index * 3 + 3), at * 3);
      if (alpha && trns && index < trns.length) alpha[at] = trns[index]!;
      return;
    }
    const color = h.type === 2 || h.type === 6;
    const first = sample(row, x, 0);
    const [r, g, b] = color ? [first, sample(row, x, 1), sample(row, x, 2)] : [first, first, first];
    rgb[at * 3] = to8(r);
    rgb[at * 3 + 1] = to8(g);
    rgb[at * 3 + 2] = to8(b);
    if (!alpha) return;
    if (h.type === 4 || h.type === 6) alpha[at] = to8(sample(row, x, channels - 1));
    else if (h.type === 0 && r === key(0)) alpha[at] = 0;
    else if (h.type === 2 && r === key(0) && g === key(1) && b === key(2)) alpha[at] = 0;
  };
  const passes = h.interlaced ? ADAM7 : ([[0, 0, 1, 1]] as const);
  let offset = 0;
  for (const [x0, y0, dx, dy] of passes) {
    const columns = Math.ceil((h.width - x0) / dx);
    const rows = Math.ceil((h.height - y0) / dy);
    if (columns <= 0 || rows <= 0) continue;
    const rowBytes = Math.ceil((columns * bits) / 8);
    let prev = new Uint8Array(rowBytes);
    for (let r = 0; r < rows; r++) {
      if (offset + 1 + rowBytes > data.length) throw new Error("PNG data too short");
      const row = data.slice(offset + 1, offset + 1 + rowBytes);
      unfilter(data[offset]!, row, prev, bpp);
      offset += 1 + rowBytes;
      const y = y0 + r * dy;
      for (let c = 0; c < columns; c++) put(row, c, y * h.width + x0 + c * dx);
      prev = row;
    }
  }
  return {
    width: h.width,
    height: h.height,
    rgb,
    alpha: alpha?.some((a) => a < 255) ? alpha : null,
  };
}
