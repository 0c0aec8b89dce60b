import {
  MAX_WALK_DEPTH,
  childNodes,
  dataOf,
  fragmentsOf,
  isRecord,
  type LooseNode,
} from "../../core/document/loose";
import { decodePng } from "./png";
import { deflate, name, type PdfRef, type PdfWriter } from "./writer";

/** The fields of a revision's file the renderer needs (a `file_versions` row has them). */
export interface PdfFile {
  fileId: string;
  name: string;
  contentType: string;
  size: number;
  hash: string;
}

/** Reads a file's bytes (from R2 in the Worker); null when they are gone. */
export type FileBytes = (file: PdfFile) => Promise<Uint8Array | null>;

/** An image ready to draw, or why it is shown as a caption instead. */
export type PreparedImage =
  | { ok: true; image: PdfRef; width: number; height: number }
  | { ok: false; reason: string };

/** Memory bounds on images (docs/performance.md, PDF): PNGs are decoded while embedding. */
const IMAGE_LIMITS = {
  /** Largest file fetched for embedding. */
  fileBytes: 8 * 1024 * 1024,
  /** Largest PNG, in pixels: decoding holds about 8 bytes per pixel for a moment. */
  pngPixels: 4_000_000,
  /**
   * All embedded images of one PDF together, as embedded. Checked before each image with the
   * file's size and counted after with what it really takes, so one image may overshoot it.
   */
  totalBytes: 16 * 1024 * 1024,
};

const EMBEDDABLE: ReadonlySet<string> = new Set([
  "image/png",
  "image/jpeg",
  "image/jpg",
  "image/pjpeg",
]);

/** The file ids that image blocks of a document point at, in document order. */
export function documentImageFiles(doc: unknown): string[] {
  const ids: string[] = [];
  const visit = (node: LooseNode, depth: number) => {
    if (depth > MAX_WALK_DEPTH) return;
    if (node.object === "block" && node.type === "image") {
      const ref = dataOf(node).ref;
      if (isRecord(ref) && ref.kind === "file" && typeof ref.file === "string") ids.push(ref.file);
    }
    for (const fragment of fragmentsOf(node)) visit(fragment, depth + 1);
    for (const child of childNodes(node)) visit(child, depth + 1);
  };
  if (isRecord(doc)) for (const node of childNodes(doc)) visit(node, 1);
  return ids;
}

/** PNG width × height from its IHDR chunk, or null when the bytes are not a PNG. */
function pngPixels(bytes: Uint8Array): number | null {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 24 || signature.some((b, i) => bytes[i] !== b)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return view.getUint32(16) * view.getUint32(20);
}

const isJpeg = (bytes: Uint8Array) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

/** A JPEG's frame header (SOFn): bits per sample, size and colour components. */
function jpegFrame(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 2; at + 9 < bytes.length; ) {
    if (bytes[at] !== 0xff) throw new Error("bad JPEG marker");
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) {
      const [bits, height, width, components] = [
        bytes[at + 4]!,
        view.getUint16(at + 5),
        view.getUint16(at + 7),
        bytes[at + 9]!,
      ];
      const space = { 1: "DeviceGray", 3: "DeviceRGB", 4: "DeviceCMYK" }[components];
      if (!space || width === 0 || height === 0) throw new Error("unsupported JPEG");
      return { bits, width, height, components, space };
    }
    at += 2 + view.getUint16(at + 2);
  }
  throw new Error("JPEG without a frame header");
}

const IMAGE = { Type: name("XObject"), Subtype: name("Image") };

/**
 * Embeds the images of the revision's files on demand, once per file, within IMAGE_LIMITS.
 * Never throws: a missing, oversized, unsupported or corrupt image becomes a reason.
 */
export class ImageStore {
  private readonly prepared = new Map<string, PreparedImage>();
  private spent = 0;

  constructor(
    private readonly file: PdfWriter,
    private readonly files: ReadonlyMap<string, PdfFile>,
    private readonly bytesOf: FileBytes,
  ) {}

  /** The prepared image of a file id (call `prepare` first). */
  get(fileId: string): PreparedImage {
    return this.prepared.get(fileId) ?? { ok: false, reason: "not found in this revision" };
  }

  /** The name of a file of the revision, if it has one. */
  fileName(fileId: string): string | undefined {
    return this.files.get(fileId)?.name;
  }

  /** Fetches and embeds the given files, one at a time, skipping those already done. */
  async prepare(fileIds: readonly string[]): Promise<void> {
    for (const id of fileIds) {
      if (!this.prepared.has(id)) this.prepared.set(id, await this.embed(id));
    }
  }

  private async embed(fileId: string): Promise<PreparedImage> {
    const file = this.files.get(fileId);
    if (!file) return { ok: false, reason: "not found in this revision" };
    if (!EMBEDDABLE.has(file.contentType.toLowerCase())) {
      return { ok: false, reason: "only PNG and JPEG images are embedded" };
    }
    if (file.size > IMAGE_LIMITS.fileBytes) return { ok: false, reason: "larger than 8 MB" };
    if (this.spent + file.size > IMAGE_LIMITS.totalBytes) {
      return { ok: false, reason: "over the PDF's image budget" };
    }
    try {
      const loaded = await this.bytesOf(file);
      if (!loaded) return { ok: false, reason: "its bytes are missing" };
      const bytes = loaded.byteOffset === 0 ? loaded : loaded.slice();
      const pixels = pngPixels(bytes);
      if (pixels !== null && pixels > IMAGE_LIMITS.pngPixels) {
        return { ok: false, reason: "more than 4 megapixels" };
      }
      if (pixels === null && !isJpeg(bytes)) return { ok: false, reason: "not a PNG or JPEG" };
      const embedded = pixels !== null ? this.embedPng(bytes) : this.embedJpeg(bytes);
      // What the PDF keeps (a re-compressed PNG can be larger than its file) counts.
      this.spent += embedded.bytes;
      return { ok: true, image: embedded.ref, width: embedded.width, height: embedded.height };
    } catch {
      return { ok: false, reason: "could not be read" };
    }
  }

  /** A JPEG goes in as it is (DCTDecode); Adobe's CMYK JPEGs store inverted components. */
  private embedJpeg(bytes: Uint8Array) {
    const frame = jpegFrame(bytes);
    const dict = {
      ...IMAGE,
      Width: frame.width,
      Height: frame.height,
      BitsPerComponent: frame.bits,
      ColorSpace: name(frame.space),
      Filter: name("DCTDecode"),
      Decode: frame.components === 4 ? [1, 0, 1, 0, 1, 0, 1, 0] : undefined,
    };
    const ref = this.file.addStream(dict, bytes);
    return { ref, width: frame.width, height: frame.height, bytes: bytes.length };
  }

  /** A PNG is decoded, its RGB compressed, and its alpha (if any) becomes a soft mask. */
  private embedPng(bytes: Uint8Array) {
    const png = decodePng(bytes);
    const size = { Width: png.width, Height: png.height, BitsPerComponent: 8 };
    const flate = { Filter: name("FlateDecode") };
    const rgb = deflate(png.rgb);
    const alpha = png.alpha ? deflate(png.alpha) : null;
    const mask = alpha
      ? this.file.addStream({ ...IMAGE, ...size, ColorSpace: name("DeviceGray"), ...flate }, alpha)
      : undefined;
    const image = { ...IMAGE, ...size, ColorSpace: name("DeviceRGB"), SMask: mask, ...flate };
    const ref = this.file.addStream(image, rgb);
    return { ref, width: png.width, height: png.height, bytes: rgb.length + (alpha?.length ?? 0) };
  }
}
