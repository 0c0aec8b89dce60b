import type { FileView, RenderContext } from "../model";
import { imageUrl, refOf } from "./links";

/**
 * Where an image comes from: a revision file through the prefetched lookup (with its pixel
 * size, so the box is reserved before it loads), or a URL the link rule allows as an image. Shared by image blocks,
 * inline images, drawings and table covers.
 */

/** A loadable image source with its size when known. */
export interface ImageSource {
  src: string;
  width?: number;
  height?: number;
  file?: FileView;
}

/** The image a `ref` (file or URL) points at, or undefined when unavailable or unsafe. */
export function imageSource(value: unknown, ctx: RenderContext): ImageSource | undefined {
  const ref = refOf(value);
  if (!ref) return undefined;
  if (ref.kind === "file") {
    const file = ctx.file(ref.file);
    if (!file) return undefined;
    return {
      src: file.url,
      file,
      ...(file.width ? { width: file.width } : {}),
      ...(file.height ? { height: file.height } : {}),
    };
  }
  if (ref.kind === "url") {
    const src = imageUrl(ref.url);
    return src ? { src } : undefined;
  }
  return undefined;
}

/** A GitBook length (a number of pixels, or `{ unit: "px", value }`) as pixels, when it is one. */
export function pixels(length: unknown): number | undefined {
  if (typeof length === "number" && Number.isFinite(length) && length > 0) {
    return Math.round(length);
  }
  if (typeof length === "object" && length !== null) {
    const { unit, value } = length as { unit?: unknown; value?: unknown };
    if (unit === "px" && typeof value === "number" && value > 0) return Math.round(value);
  }
  return undefined;
}

/** A byte count as people read it ("12 KB", "3.4 MB"). */
export function byteSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "";
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}
