import { decodeCommit, decodeTree, type GitObject, type TreeEntry } from "../../git/objects";
import type { PackObjects } from "../../git/pack-objects";
import { sha256HexBytes } from "../../lib/crypto";
import { imageSize } from "../../lib/image-size";
import { isMarkdownPath } from "../../../core/gitsync";
import { asset, storeBytes, typeOf, type SourceFiles } from "../spaces-io/read-source";
import { GitSyncRefused } from "./errors";

/** A fetched pack's objects: commits and trees in memory, blobs maybe spilled (read back by `load`). */
export type FetchedObjects = Pick<PackObjects, "get" | "has" | "load">;

/** One file of a commit's tree: its mode and blob id. */
export interface TreeFile {
  mode: TreeEntry["mode"];
  id: string;
}

/** At most 5,000 pages per sync (the import's own rule counts them again after planning). */
const MAX_MARKDOWN_FILES = 5000;
/** The largest markdown file read (a page body's own limit). */
const MAX_MARKDOWN_BYTES = 1_000_000;

/** A project directory as a path prefix ("" or "docs/"), refused when it climbs out. */
export function projectPrefix(directory: string): string {
  const parts = directory.split("/").filter((p) => p !== "" && p !== ".");
  if (parts.some((p) => p === ".." || p.includes("\\")))
    throw new GitSyncRefused(
      `The project directory ${JSON.stringify(directory)} leaves the repository`,
    );
  return parts.length ? `${parts.join("/")}/` : "";
}

/** The object of an id (in memory: a commit or tree), refused when the pack lacks it or it is of another type. */
function objectOf(objects: FetchedObjects, id: string, type: GitObject["type"]) {
  return checked(objects.get(id), id, type);
}

/** The object, refused when absent or of another type. */
function checked(object: GitObject | undefined, id: string, type: GitObject["type"]) {
  if (!object || object.type !== type)
    throw new GitSyncRefused(`The fetched pack lacks the ${type} ${id}`);
  return object;
}

/** A blob of the pack, read back from the spill store when it went there. */
async function blobOf(objects: FetchedObjects, id: string): Promise<Uint8Array> {
  return checked(await objects.load(id), id, "blob").body;
}

/** The root tree id of a fetched commit. */
export function commitTree(objects: FetchedObjects, commit: string): string {
  return decodeCommit(objectOf(objects, commit, "commit").body).tree;
}

/**
 * Every file of a tree by path (directories walked), refusing names Git itself refuses to
 * check out (".", "..", a slash, a backslash, NUL), so no path can climb out of the repository.
 */
export function flattenTree(objects: FetchedObjects, treeId: string): Map<string, TreeFile> {
  const out = new Map<string, TreeFile>();
  const walk = (id: string, prefix: string, depth: number) => {
    if (depth > 64) throw new GitSyncRefused(`${prefix}: folders nest deeper than 64 levels`);
    for (const entry of decodeTree(objectOf(objects, id, "tree").body)) {
      if (!entry.name || entry.name === "." || entry.name === ".." || /[/\\\0]/.test(entry.name))
        throw new GitSyncRefused(
          `The tree holds the path ${JSON.stringify(prefix + entry.name)}, which leaves the repository`,
        );
      const path = prefix + entry.name;
      if (entry.mode === "040000") walk(entry.id, `${path}/`, depth + 1);
      else out.set(path, { mode: entry.mode, id: entry.id });
    }
  };
  walk(treeId, "", 0);
  return out;
}

/**
 * The project directory of a fetched tree as the importer's source: markdown as text,
 * `.gitbook.yaml` as the configuration, every other file stored in R2 by its content address.
 * Symlinks and submodules in the project are refused (the importer could not follow them
 * safely); hidden folders but `.gitbook/` are skipped, as the zip import skips them.
 */
export async function readProjectSource(
  objects: FetchedObjects,
  files: ReadonlyMap<string, TreeFile>,
  prefix: string,
  bucket: R2Bucket,
): Promise<{ source: SourceFiles; skipped: number }> {
  const source: SourceFiles = { markdown: new Map(), assets: new Map() };
  const decoder = new TextDecoder();
  let skipped = 0;
  let markdownCount = 0;
  for (const [full, file] of files) {
    if (!full.startsWith(prefix)) continue;
    const path = full.slice(prefix.length);
    if (file.mode === "120000")
      throw new GitSyncRefused(`${full} is a symbolic link; Git Sync does not follow links`);
    if (file.mode === "160000")
      throw new GitSyncRefused(`${full} is a submodule; Git Sync does not read submodules`);
    const hidden = path
      .split("/")
      .some((p, i, all) => p.startsWith(".") && !(i === 0 && p === ".gitbook" && all.length > 1));
    if (hidden && path !== ".gitbook.yaml") {
      skipped++;
      continue;
    }
    const bytes = await blobOf(objects, file.id);
    if (path === ".gitbook.yaml") source.config = decoder.decode(bytes);
    else if (isMarkdownPath(path)) {
      if (++markdownCount > MAX_MARKDOWN_FILES)
        throw new GitSyncRefused(
          `The project holds more than ${MAX_MARKDOWN_FILES} markdown files; at most ${MAX_MARKDOWN_FILES} pages are synced`,
        );
      if (bytes.byteLength > MAX_MARKDOWN_BYTES)
        throw new GitSyncRefused(`${full} is larger than 1 MB; a page holds at most 1 MB`);
      source.markdown.set(path, decoder.decode(bytes));
    } else {
      const hash = await sha256HexBytes(bytes);
      const contentType = typeOf(path);
      await storeBytes(bucket, hash, bytes, contentType);
      const size = contentType.startsWith("image/") ? imageSize(bytes) : null;
      source.assets.set(path, asset(path, hash, bytes.byteLength, contentType, size));
    }
  }
  return { source, skipped };
}
