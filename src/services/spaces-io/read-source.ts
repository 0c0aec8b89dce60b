import { sha256HexBytes } from "../../lib/crypto";
import { imageSize } from "../../lib/image-size";
import { isMarkdownPath } from "../../../core/gitsync";
import { addHtmlPage, isHtmlPath, MAX_HTML_BYTES, MAX_MARKDOWN_BYTES } from "./html-page";
import { fileObjectKey } from "../change-requests/writes";
import { R2Sink } from "./sink";
import {
  centralDirectoryOf,
  readCentralDirectory,
  ArchiveRefused,
  type ZipEntry,
} from "./zip-directory";
import { streamZipEntries } from "./zip-stream";
import type { Warnings } from "./warnings";

/** At most 1 GiB of files per import, as the issue sets it. */
const MAX_IMPORT_BYTES = 1024 * 1024 * 1024;
/** Files up to this size are hashed in memory; larger ones are streamed twice (hash, then copy). */
const IN_MEMORY_BYTES = 8 * 1024 * 1024;
/** The limits every archive is held to. */
const LIMITS = { maxEntries: 20_000, maxTotalBytes: MAX_IMPORT_BYTES, maxRatio: 200 };

/** A non-markdown file of the source, stored in R2 by its content address. */
export interface SourceAsset {
  path: string;
  name: string;
  hash: string;
  size: number;
  contentType: string;
  width: number | null;
  height: number | null;
}

/** What the source holds: markdown texts, `.gitbook.yaml`, and its files (already stored). */
export interface SourceFiles {
  markdown: Map<string, string>;
  config?: string;
  assets: Map<string, SourceAsset>;
  /** Files the source names but whose bytes could not be stored, by path: the reason. */
  unstored?: Map<string, string>;
}

const TYPES: Readonly<Record<string, string>> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  svg: "image/svg+xml",
  avif: "image/avif",
  ico: "image/x-icon",
  pdf: "application/pdf",
  mp4: "video/mp4",
  webm: "video/webm",
  mov: "video/quicktime",
  mp3: "audio/mpeg",
  json: "application/json",
  yaml: "application/yaml",
  yml: "application/yaml",
  txt: "text/plain",
  csv: "text/csv",
  zip: "application/zip",
};

/** A file's media type from its extension (Git Sync's import types files the same way). */
export function typeOf(path: string): string {
  const ext = path.split(".").pop()?.toLowerCase() ?? "";
  return TYPES[ext] ?? "application/octet-stream";
}

/** The one top folder every entry shares (a GitHub download's `repo-main/`), or "". */
function sharedTop(names: readonly string[]): string {
  const tops = new Set(names.map((n) => (n.includes("/") ? n.slice(0, n.indexOf("/") + 1) : "")));
  const [only] = [...tops];
  return tops.size === 1 && only ? only : "";
}

/** Stores bytes under their content address unless they are there already. */
export async function storeBytes(bucket: R2Bucket, hash: string, bytes: Uint8Array, type: string) {
  if (await bucket.head(fileObjectKey(hash))) return;
  await bucket.put(fileObjectKey(hash), bytes, { httpMetadata: { contentType: type } });
}

/**
 * Reads one uploaded zip: its central directory first (range reads: names, links, sizes
 * checked, see `readCentralDirectory`), then its entries streamed once — markdown kept as text,
 * every other file hashed and stored in R2 by its content address (small ones from memory;
 * larger ones hashed on the way and copied in a second streamed read). Folders starting with a
 * dot are skipped (`.git/`), except `.gitbook/`.
 */
export async function readZipSource(
  bucket: R2Bucket,
  key: string,
  out: SourceFiles,
  warnings: Warnings,
): Promise<void> {
  const head = await bucket.head(key);
  if (!head) throw new ArchiveRefused("The uploaded file is gone; upload it again");
  const tailLength = Math.min(head.size, 65_557);
  const tail = await bucket.get(key, {
    range: { offset: head.size - tailLength, length: tailLength },
  });
  const dir = centralDirectoryOf(new Uint8Array(await tail!.arrayBuffer()));
  if (dir.offset + dir.size > head.size) throw new ArchiveRefused("The archive is truncated");
  const cd = await bucket.get(key, { range: { offset: dir.offset, length: dir.size } });
  const entries = readCentralDirectory(new Uint8Array(await cd!.arrayBuffer()), dir.count, LIMITS);
  const top = sharedTop(entries.map((e) => e.name));
  const pathOf = (entry: ZipEntry) => entry.name.slice(top.length);
  let skipped = 0;
  const wanted = (entry: ZipEntry) => {
    const path = pathOf(entry);
    const hidden = path
      .split("/")
      .some((p, i, all) => p.startsWith(".") && !(i === 0 && p === ".gitbook" && all.length > 1));
    if (path === ".gitbook.yaml") return true;
    if (hidden) skipped++;
    return !hidden && path !== "";
  };
  const large = new Map<string, SourceAsset>();
  let buffer: Uint8Array[] = [];
  let digest: DigestStream | null = null;
  let writer: WritableStreamDefaultWriter<Uint8Array> | null = null;
  const body = await bucket.get(key);
  await streamZipEntries(body!.body, entries, wanted, async (entry, chunk, final) => {
    const path = pathOf(entry);
    const markdown = isMarkdownPath(path) || path === ".gitbook.yaml";
    const html = isHtmlPath(path);
    if ((markdown && entry.size > MAX_MARKDOWN_BYTES) || (html && entry.size > MAX_HTML_BYTES)) {
      if (final) warnings.add(`${path}: larger than ${markdown ? 1 : 5} MB; not imported`);
      return;
    }
    if (markdown || html || entry.size <= IN_MEMORY_BYTES) {
      buffer.push(chunk.slice());
      if (!final) return;
      const bytes = concat(buffer);
      buffer = [];
      const text = () => new TextDecoder().decode(bytes);
      if (path === ".gitbook.yaml") out.config = text();
      else if (html) addHtmlPage(out.markdown, path, text(), warnings);
      else if (markdown) {
        if (out.markdown.has(path)) warnings.add(`${path}: replaces the HTML page of that name`);
        out.markdown.set(path, text());
      } else {
        const hash = await sha256HexBytes(bytes);
        const contentType = typeOf(path);
        await storeBytes(bucket, hash, bytes, contentType);
        const size = contentType.startsWith("image/") ? imageSize(bytes) : null;
        out.assets.set(path, asset(path, hash, entry.size, contentType, size));
      }
      return;
    }
    const stream: DigestStream = digest ?? new DigestStream("SHA-256");
    // An entry cut off (a refused archive) leaves its digest unsettled or rejected: never unhandled.
    if (!digest) stream.digest.catch(() => undefined);
    digest = stream;
    writer ??= stream.getWriter();
    await writer.write(chunk.slice());
    if (!final) return;
    await writer.close();
    const hash = [...new Uint8Array(await stream.digest)]
      .map((b) => b.toString(16).padStart(2, "0"))
      .join("");
    digest = null;
    writer = null;
    const info = asset(path, hash, entry.size, typeOf(path), null);
    out.assets.set(path, info);
    if (!(await bucket.head(fileObjectKey(hash)))) large.set(entry.name, info);
  });
  if (skipped > 0)
    warnings.add(`${skipped} entries in hidden folders (such as .git/) were skipped`);
  if (large.size === 0) return;
  // The second read: the large files not stored yet, streamed to their content address.
  const again = await bucket.get(key);
  let sink: R2Sink | null = null;
  await streamZipEntries(
    again!.body,
    entries,
    (e) => large.has(e.name),
    async (entry, chunk, final) => {
      const info = large.get(entry.name)!;
      sink ??= new R2Sink(bucket, fileObjectKey(info.hash), info.contentType);
      sink.write(chunk.slice());
      await sink.drain();
      if (final) {
        await sink.finish();
        sink = null;
      }
    },
  );
}

/** A stored file as the importer describes it (Git Sync's import makes them the same way). */
export function asset(
  path: string,
  hash: string,
  size: number,
  contentType: string,
  dims: { width: number; height: number } | null,
): SourceAsset {
  return {
    path,
    name: path.split("/").pop() ?? path,
    hash,
    size,
    contentType,
    width: dims?.width ?? null,
    height: dims?.height ?? null,
  };
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}
