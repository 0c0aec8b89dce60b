// What the scripts that write through a running API share: a small JSON client, and PNGs drawn
// in code (so no binary file sits in git) for the demo site and the reader's fixture.
import { crc32, deflateSync } from "node:zlib";

/** A client of the API at `base` with `token`; throws with the answer on any non-2xx status. */
export function apiClient(base, token) {
  return async (method, path, body) => {
    const res = await fetch(`${base}/v1${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok)
      throw new Error(`${method} /v1${path} answered ${res.status}: ${text.slice(0, 400)}`);
    return text ? JSON.parse(text) : null;
  };
}

/** An RGB PNG of `width`×`height` whose pixel at (x, y) is `pixel(x, y)` ([r, g, b]). */
export function drawnPng(width, height, pixel) {
  const row = (y) => {
    const line = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) line.set(pixel(x, y), 1 + x * 3);
    return line;
  };
  const chunk = (type, data) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, "latin1");
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const raw = Buffer.concat(Array.from({ length: height }, (_, y) => row(y)));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
