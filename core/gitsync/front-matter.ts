import { readFrontMatter, writeFrontMatter } from "../document/front-matter";

/**
 * A Git Sync page file's front matter, as the repository layout uses it: read and written by the
 * document codec's one front-matter rule (core/document/front-matter.ts), of which the layout
 * keeps the page metadata a space stores (`description`, `icon`, `hidden`) and names the rest.
 */

/** The page metadata a Git Sync file carries in its front matter. */
export interface PageFrontMatter {
  description?: string;
  icon?: string;
  hidden?: boolean;
  /** Keys present but not kept as page metadata (reported by the importer). */
  other: string[];
}

const FRONT = /^---\r?\n([\s\S]*?)\r?\n?---[ \t]*(?:\r?\n|$)/;

/**
 * Splits a markdown file into its front matter and the body after it; a file without front
 * matter is all body. Keys the space does not store (`if`, `layout`, any other) are named in
 * `other`, for the importer's warnings.
 */
export function splitFrontMatter(text: string): { meta: PageFrontMatter; body: string } {
  const match = FRONT.exec(text);
  if (!match) return { meta: { other: [] }, body: text };
  const read = readFrontMatter((match[1] ?? "").replace(/\r\n/g, "\n"));
  const meta: PageFrontMatter = { other: Object.keys(read.other ?? {}) };
  if (read.description !== undefined) meta.description = read.description;
  if (read.icon !== undefined) meta.icon = read.icon;
  if (read.hidden !== undefined) meta.hidden = read.hidden;
  if (read.if !== undefined) meta.other.unshift("if");
  if (read.layout !== undefined) meta.other.unshift("layout");
  return { meta, body: text.slice(match[0].length).replace(/^(\r?\n)+/, "") };
}

/** The front matter block GitBook writes for a page, or "" when it has none. */
export function renderFrontMatter(meta: Omit<PageFrontMatter, "other">): string {
  const written = writeFrontMatter({
    ...(meta.description ? { description: meta.description } : {}),
    ...(meta.icon ? { icon: meta.icon } : {}),
    ...(meta.hidden ? { hidden: true } : {}),
  });
  return written === "" ? "" : `---\n${written}\n---\n\n`;
}
