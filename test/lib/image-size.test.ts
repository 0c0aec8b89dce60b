import { describe, expect, it } from "vitest";
import { imageSize } from "../../src/lib/image-size";

/** Bytes from numbers. */
const bytes = (...values: number[]) => new Uint8Array(values);

/** A PNG header of the given size (signature + IHDR). */
function pngHeader(width: number, height: number): Uint8Array {
  const out = new Uint8Array(33);
  out.set([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82]);
  const view = new DataView(out.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return out;
}

describe("imageSize", () => {
  it("reads PNG, GIF, JPEG and WebP headers", () => {
    expect(imageSize(pngHeader(240, 60))).toEqual({ width: 240, height: 60 });
    expect(imageSize(bytes(0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 16, 0, 8, 0, 0))).toEqual({
      width: 16,
      height: 8,
    });
    // SOI, an APP0 segment of 4 bytes, then SOF0: precision 8, height 300, width 400.
    const jpeg = bytes(
      0xff,
      0xd8,
      0xff,
      0xe0,
      0,
      4,
      0,
      0,
      0xff,
      0xc0,
      0,
      17,
      8,
      1,
      44,
      1,
      144,
      3,
      0,
      0,
    );
    expect(imageSize(jpeg)).toEqual({ width: 400, height: 300 });
    const webp = new Uint8Array(30);
    webp.set([
      ...new TextEncoder().encode("RIFF"),
      0,
      0,
      0,
      0,
      ...new TextEncoder().encode("WEBPVP8X"),
    ]);
    webp.set([99, 0, 0, 49, 0, 0], 24);
    expect(imageSize(webp)).toEqual({ width: 100, height: 50 });
  });

  it("answers null for anything else, truncated or hostile", () => {
    expect(imageSize(new Uint8Array(0))).toBeNull();
    expect(imageSize(new TextEncoder().encode("<svg></svg>"))).toBeNull();
    expect(imageSize(pngHeader(0, 10))).toBeNull();
    expect(imageSize(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0))).toBeNull();
    for (let n = 0; n < 200; n++) {
      const random = crypto.getRandomValues(new Uint8Array(n));
      expect(() => imageSize(random)).not.toThrow();
    }
  });
});
