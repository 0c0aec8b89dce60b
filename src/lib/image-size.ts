/**
 * The pixel size of an image from its first bytes (PNG, GIF, JPEG, WebP), so revision files
 * carry `dimensions` and pages reserve the image's box before it loads (no layout jump). Pure;
 * reads only the header, never decodes; anything it does not recognise has no size.
 */

/** Width and height in pixels. */
export interface ImageSize {
  width: number;
  height: number;
}

/** A size when both sides are positive and sane. */
function sized(width: number, height: number): ImageSize | null {
  return width > 0 && height > 0 && width <= 65535 && height <= 65535 ? { width, height } : null;
}

/** PNG: the IHDR chunk right after the signature. */
function png(b: Uint8Array, view: DataView): ImageSize | null {
  const signature = [137, 80, 78, 71, 13, 10, 26, 10];
  if (b.length < 24 || signature.some((v, i) => b[i] !== v)) return null;
  return sized(view.getUint32(16), view.getUint32(20));
}

/** GIF87a / GIF89a: the logical screen size. */
function gif(b: Uint8Array, view: DataView): ImageSize | null {
  if (b.length < 10 || b[0] !== 0x47 || b[1] !== 0x49 || b[2] !== 0x46) return null;
  return sized(view.getUint16(6, true), view.getUint16(8, true));
}

/** JPEG: the first start-of-frame marker (SOF0–SOF15 but DHT, JPG and DAC). */
function jpeg(b: Uint8Array, view: DataView): ImageSize | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = view.getUint16(at + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) return sized(view.getUint16(at + 7), view.getUint16(at + 5));
    if (length < 2) return null;
    at += 2 + length;
  }
  return null;
}

/** WebP: lossy (VP8), lossless (VP8L) and extended (VP8X) headers. */
function webp(b: Uint8Array, view: DataView): ImageSize | null {
  const text = (from: number, n: number) => String.fromCharCode(...b.subarray(from, from + n));
  if (b.length < 30 || text(0, 4) !== "RIFF" || text(8, 4) !== "WEBP") return null;
  const chunk = text(12, 4);
  if (chunk === "VP8 ")
    return sized(view.getUint16(26, true) & 0x3fff, view.getUint16(28, true) & 0x3fff);
  if (chunk === "VP8L") {
    const bits = view.getUint32(21, true);
    return sized((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
  }
  if (chunk === "VP8X") {
    const w = 1 + (b[24]! | (b[25]! << 8) | (b[26]! << 16));
    const h = 1 + (b[27]! | (b[28]! << 8) | (b[29]! << 16));
    return sized(w, h);
  }
  return null;
}

/** The size of the image in `bytes`, or null when its format is not one of the four. */
export function imageSize(bytes: Uint8Array): ImageSize | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    return png(bytes, view) ?? gif(bytes, view) ?? jpeg(bytes, view) ?? webp(bytes, view);
  } catch {
    return null;
  }
}
