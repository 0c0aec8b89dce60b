/** One entry of a `SUMMARY.md`: a page (its file), an external link, or a group of entries. */
export type SummaryEntry =
  | { kind: "page"; title: string; path: string; anchor?: string; children: SummaryEntry[] }
  | { kind: "link"; title: string; href: string }
  | { kind: "group"; title: string; children: SummaryEntry[] };

/** A parsed `SUMMARY.md`: its entries, top level first, and what could not be read. */
export interface ParsedSummary {
  entries: SummaryEntry[];
  warnings: string[];
}

const ITEM = /^(\s*)[*+-]\s+(.*)$/;
const LINK = /^\[((?:[^\]\\]|\\.)*)\]\(\s*<?([^)>]*?)>?\s*(?:"[^"]*")?\s*\)\s*$/;
const GROUP = /^#{2,6}\s+(.+?)\s*#*\s*$/;

/** Reads a markdown escape back (`\[` → `[`). */
function unescape(text: string): string {
  return text.replace(/\\([\\`*_{}[\]()#+\-.!|<>])/g, "$1");
}

/** True when a link target is an address (`https:`, `mailto:`, `//host`), not a repository file. */
function isExternal(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("//");
}

/**
 * Reads a `SUMMARY.md` as GitBook does: `## Title` starts a group, list items nest by
 * indentation, `[Title](file.md)` is a page and `[Title](https://…)` a link entry. Lines it
 * cannot read (an item without a link, a list item deeper than its parent allows) are warnings,
 * never dropped silently. Paths are returned as written, percent-decoded, without `./`.
 */
export function parseSummary(text: string): ParsedSummary {
  const warnings: string[] = [];
  const entries: SummaryEntry[] = [];
  let container = entries;
  // The open list items by indentation: each with the children array new deeper items join.
  let stack: { indent: number; children: SummaryEntry[] }[] = [];
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  lines.forEach((line, index) => {
    const where = `SUMMARY.md line ${index + 1}`;
    if (line.trim() === "") return;
    const group = GROUP.exec(line);
    if (group) {
      const entry: SummaryEntry = { kind: "group", title: unescape(group[1]!), children: [] };
      entries.push(entry);
      container = entry.children;
      stack = [];
      return;
    }
    if (/^#\s/.test(line) || /^-{3,}\s*$/.test(line.trim())) return;
    const item = ITEM.exec(line);
    if (!item) {
      warnings.push(`${where}: not a list item or a group heading; ignored ("${line.trim()}")`);
      return;
    }
    const indent = item[1]!.replace(/\t/g, "    ").length;
    while (stack.length > 0 && stack[stack.length - 1]!.indent >= indent) stack.pop();
    const siblings = stack.length > 0 ? stack[stack.length - 1]!.children : container;
    const link = LINK.exec(item[2]!.trim());
    if (!link) {
      warnings.push(`${where}: an entry without a link; ignored ("${item[2]!.trim()}")`);
      return;
    }
    const title = unescape(link[1]!).trim() || "Untitled";
    const href = link[2]!.trim();
    if (isExternal(href)) {
      siblings.push({ kind: "link", title, href });
      return;
    }
    const hash = href.indexOf("#");
    let path = hash < 0 ? href : href.slice(0, hash);
    try {
      path = decodeURIComponent(path);
    } catch {
      /* kept as written */
    }
    path = path.replace(/^\.\//, "");
    if (!path) {
      warnings.push(`${where}: the entry "${title}" names no file; ignored`);
      return;
    }
    const entry: SummaryEntry = { kind: "page", title, path, children: [] };
    if (hash >= 0 && href.length > hash + 1) entry.anchor = href.slice(hash + 1);
    siblings.push(entry);
    stack.push({ indent, children: entry.children });
  });
  return { entries, warnings };
}

/** Escapes a title for a link label. */
function label(title: string): string {
  return title.replace(/([\\[\]])/g, "\\$1");
}

/** Percent-encodes what a link destination cannot hold raw. */
function destination(path: string): string {
  return path
    .split("/")
    .map((p) => encodeURIComponent(p).replace(/%2B/g, "+").replace(/%40/g, "@"))
    .join("/");
}

/** Writes a `SUMMARY.md` as GitBook does: a title, the pages as nested lists, groups as `##`. */
export function renderSummary(entries: readonly SummaryEntry[]): string {
  const out: string[] = ["# Table of contents", ""];
  const list = (items: readonly SummaryEntry[], depth: number) => {
    for (const entry of items) {
      const pad = "  ".repeat(depth);
      if (entry.kind === "link") out.push(`${pad}* [${label(entry.title)}](${entry.href})`);
      else if (entry.kind === "page") {
        out.push(`${pad}* [${label(entry.title)}](${destination(entry.path)})`);
        list(entry.children, depth + 1);
      }
    }
  };
  let i = 0;
  const loose: SummaryEntry[] = [];
  while (i < entries.length && entries[i]!.kind !== "group") loose.push(entries[i++]!);
  list(loose, 0);
  for (const entry of entries.slice(i)) {
    if (entry.kind === "group") {
      if (out[out.length - 1] !== "") out.push("");
      out.push(`## ${entry.title}`, "");
      list(entry.children, 0);
    } else list([entry], 0);
  }
  return `${out.join("\n").replace(/\n+$/, "")}\n`;
}
