/** Why an archive is refused: the message the import run's `reason` carries. */
export class ArchiveRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ArchiveRefused";
  }
}

/** One entry of a zip's central directory, as declared, with its name checked. */
export interface ZipEntry {
  name: string;
  /** The name as fflate's streaming reader decodes it (Latin-1 without the UTF-8 flag). */
  streamName: string;
  method: number;
  compressedSize: number;
  size: number;
  directory: boolean;
}

/** What an import accepts of one archive. */
export interface ZipLimits {
  maxEntries: number;
  maxTotalBytes: number;
  /** Largest declared expansion of one entry (uncompressed ÷ compressed), above 1 MiB. */
  maxRatio: number;
}

const UTF8 = new TextDecoder("utf-8", { fatal: true });

/** Latin-1 decoding, as fflate reads a name without the UTF-8 flag. */
function latin1(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) out += String.fromCharCode(b);
  return out;
}

/** Where the end-of-central-directory record starts in `tail`, or -1. */
function findEnd(tail: Uint8Array): number {
  for (let i = tail.byteLength - 22; i >= 0; i--) {
    if (tail[i] === 0x50 && tail[i + 1] === 0x4b && tail[i + 2] === 0x05 && tail[i + 3] === 0x06)
      return i;
  }
  return -1;
}

/** The size and offset of the central directory, from the archive's last 64 KiB. */
export function centralDirectoryOf(tail: Uint8Array): {
  offset: number;
  size: number;
  count: number;
} {
  const at = findEnd(tail);
  if (at < 0) throw new ArchiveRefused("The file is not a zip archive (no central directory)");
  const view = new DataView(tail.buffer, tail.byteOffset + at, 22);
  const count = view.getUint16(10, true);
  const size = view.getUint32(12, true);
  const offset = view.getUint32(16, true);
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff)
    throw new ArchiveRefused("ZIP64 archives are not supported (at most 1 GiB and 65,535 entries)");
  return { offset, size, count };
}

/**
 * Reads and checks a zip's central directory: every name valid UTF-8, relative, inside the
 * archive (no `..`), no symbolic links, no encryption, stored or deflated only; and the declared
 * sizes within the limits (the count, the total, the expansion ratio of a zip bomb). The
 * streaming reader then holds every entry to its declared size.
 */
export function readCentralDirectory(
  bytes: Uint8Array,
  count: number,
  limits: ZipLimits,
): ZipEntry[] {
  if (count > limits.maxEntries)
    throw new ArchiveRefused(
      `The archive has ${count} entries; at most ${limits.maxEntries} are accepted`,
    );
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries: ZipEntry[] = [];
  let at = 0;
  let total = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.byteLength || view.getUint32(at, true) !== 0x02014b50)
      throw new ArchiveRefused("The archive's central directory is damaged");
    const madeBy = view.getUint16(at + 4, true) >> 8;
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const compressedSize = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const attributes = view.getUint32(at + 38, true);
    const raw = bytes.subarray(at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    let name: string;
    try {
      name = UTF8.decode(raw);
    } catch {
      throw new ArchiveRefused(
        `Entry ${i + 1} has a name that is not UTF-8 ("${latin1(raw).slice(0, 80)}"); re-create the archive with UTF-8 names`,
      );
    }
    const shown = JSON.stringify(name.slice(0, 200));
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(name))
      throw new ArchiveRefused(`The entry ${shown} has control characters in its name`);
    const path = name.replace(/\\/g, "/");
    if (path.startsWith("/") || /^[A-Za-z]:/.test(path))
      throw new ArchiveRefused(`The entry ${shown} has an absolute path`);
    if (path.split("/").includes(".."))
      throw new ArchiveRefused(`The entry ${shown} climbs out of the archive (path traversal)`);
    if (madeBy === 3 && ((attributes >>> 16) & 0o170000) === 0o120000)
      throw new ArchiveRefused(`The entry ${shown} is a symbolic link; links are not imported`);
    if (flags & 1) throw new ArchiveRefused(`The entry ${shown} is encrypted`);
    const directory = path.endsWith("/");
    if (!directory && method !== 0 && method !== 8)
      throw new ArchiveRefused(
        `The entry ${shown} uses compression method ${method}; only stored and deflated entries are read`,
      );
    if (size > 1024 * 1024 && size / Math.max(compressedSize, 1) > limits.maxRatio)
      throw new ArchiveRefused(
        `The entry ${shown} expands ${Math.round(size / Math.max(compressedSize, 1))} times (${size} bytes): refused as a zip bomb`,
      );
    total += size;
    if (total > limits.maxTotalBytes)
      throw new ArchiveRefused(
        `The archive holds more than ${limits.maxTotalBytes} bytes uncompressed; at most 1 GiB is imported`,
      );
    entries.push({
      name: path,
      streamName: flags & 0x800 ? name : latin1(raw),
      method,
      compressedSize,
      size,
      directory,
    });
  }
  return entries;
}
