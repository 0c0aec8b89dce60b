/**
 * The file paths of the Git Sync layout: where a page's markdown lives (`README.md` for a page
 * with children, `slug.md` otherwise), where an uploaded file lives (`.gitbook/assets/`), and the
 * relative links between them, both ways.
 */

/** The folder every file of a space is written to and read from. */
export const ASSETS_FOLDER = ".gitbook/assets";

/** A repository path without `./`, `//` or trailing slash; null when it climbs above the root. */
export function normalizePath(path: string): string | null {
  const out: string[] = [];
  for (const part of path.replace(/\\/g, "/").split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (out.length === 0) return null;
      out.pop();
    } else out.push(part);
  }
  return out.join("/");
}

/** The folder of a repository path ("" at the root). */
export function folderOf(path: string): string {
  const i = path.lastIndexOf("/");
  return i < 0 ? "" : path.slice(0, i);
}

/** Joins a folder and a relative path, normalized; null when it leaves the repository. */
export function joinPath(folder: string, relative: string): string | null {
  return normalizePath(folder ? `${folder}/${relative}` : relative);
}

/** The markdown file of a page at `slugs` (its slug path): `a/b/README.md` or `a/b.md`. */
export function pageFilePath(slugs: readonly string[], hasChildren: boolean): string {
  return hasChildren ? [...slugs, "README.md"].join("/") : `${slugs.join("/")}.md`;
}

/** True for a markdown file name (`.md`, `.markdown`, any case). */
export function isMarkdownPath(path: string): boolean {
  return /\.(md|markdown)$/i.test(path);
}

/** True for a folder page's file name (`README.md`, any case). */
export function isReadme(path: string): boolean {
  return /(^|\/)readme\.(md|markdown)$/i.test(path);
}

/**
 * The name a file gets in `.gitbook/assets/`: its own name with path separators and control
 * characters replaced, made unique among `taken` by a ` (2)`, ` (3)` suffix before the extension.
 */
export function assetName(name: string, taken: Set<string>): string {
  // eslint-disable-next-line no-control-regex
  const clean = name.replace(/[\u0000-\u001f\u007f/\\]/g, "_").replace(/^\.+/, "_") || "file";
  const dot = clean.lastIndexOf(".");
  const [stem, ext] = dot > 0 ? [clean.slice(0, dot), clean.slice(dot)] : [clean, ""];
  let candidate = clean;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/** Percent-encodes what a markdown link destination cannot hold raw (spaces, parentheses). */
function encodeLinkPath(path: string): string {
  return path
    .split("/")
    .map((part) => encodeURIComponent(part).replace(/%2B/g, "+").replace(/%40/g, "@"))
    .join("/");
}

/** The relative link from the file `from` to the file `to`, both repository paths. */
export function relativeLink(from: string, to: string, anchor?: string): string {
  const a = folderOf(from).split("/").filter(Boolean);
  const b = to.split("/");
  let common = 0;
  while (common < a.length && common < b.length - 1 && a[common] === b[common]) common++;
  const up = a.slice(common).map(() => "..");
  const rel = [...up, ...b.slice(common)].join("/");
  return `${encodeLinkPath(rel)}${anchor ? `#${anchor}` : ""}`;
}

/** What a link target in a repository file points at: a path in the repository and an anchor. */
export interface RepoTarget {
  path: string;
  anchor: string | null;
}

/**
 * Resolves a link target written in the file `from` to a repository path, or null when it is
 * not a relative path (a URL, `mailto:`, `#anchor` alone, `/absolute`) or leaves the repository.
 */
export function resolveRepoLink(from: string, href: string): RepoTarget | null {
  const trimmed = href.trim();
  if (!trimmed || trimmed.startsWith("#") || trimmed.startsWith("/")) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return null;
  const hash = trimmed.indexOf("#");
  const rawPath = (hash < 0 ? trimmed : trimmed.slice(0, hash)).replace(/\?.*$/, "");
  const anchor = hash < 0 ? null : trimmed.slice(hash + 1) || null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    decoded = rawPath;
  }
  const path = joinPath(folderOf(from), decoded);
  return path ? { path, anchor } : null;
}

/** A page slug from a file or folder name: lowercase letters and digits joined by hyphens. */
export function slugFromName(name: string): string {
  const base = name.replace(/\.(md|markdown)$/i, "");
  const slug = base
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 100)
    .replace(/-+$/, "");
  return slug || "page";
}

/** A readable title from a file or folder name (`getting-started.md` → "Getting started"). */
export function titleFromName(name: string): string {
  const words = name
    .replace(/\.(md|markdown)$/i, "")
    .replace(/[-_]+/g, " ")
    .trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : "Untitled";
}
