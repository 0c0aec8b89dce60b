import { readFrontMatter, writeFrontMatter, type FrontMatter } from "./front-matter";
import { relativeLinks, type HrefFor, type ResolveLink } from "./hrefs";
import { parseMarkdown, type ParseResult } from "./parse";
import { renderMarkdown, type RenderOptions } from "./render";
import type { DocumentLike } from "./text";
import type { ContentRef } from "./types";

/**
 * A page file as GitBook's Git Sync writes it: front matter, the `# Title` line, then the body
 * with GitBook's heading levels (`##` is `heading-1`), relative links to pages and files.
 */

/** Options of `parsePage`. */
export interface PageParseOptions {
  /** Names the page or file a relative path (`other.md`, `.gitbook/assets/a.png`) points at. */
  resolveLink?: ResolveLink;
  /** The reusable content an `{% include "path" %}` names; default: the file's base name. */
  resolveInclude?: (path: string) => string | null;
}

/** What `parsePage` returns. */
export interface ParsedPage extends Omit<ParseResult, "title"> {
  title: string;
  frontMatter: FrontMatter;
}

/** What `renderPage` writes. */
export interface PageContent {
  title: string;
  frontMatter?: FrontMatter;
  document: DocumentLike;
}

/** Options of `renderPage`: the relative path each reference is written as, and labels. */
export interface PageRenderOptions {
  hrefFor?: HrefFor;
  /** The text of a content reference (GitBook writes the target page's title). */
  labelFor?: (ref: ContentRef) => string | null;
  includePath?: (reusableContent: string) => string | null;
}

const FRONT = /^---\n([\s\S]*?)\n?---(?:\n|$)/;
const TITLE = /^# +(.*?)(?: +#+)? *$/;

/** A page file's head, read apart from its body: the front matter and the `# Title` line. */
export interface PageHead {
  frontMatter: FrontMatter;
  title: string;
  /** The markdown after the title (or after the front matter when there is no title). */
  body: string;
}

/**
 * Splits a GitBook page file into its front matter, its `# Title` (the first non-blank line
 * when it is a level-1 heading) and the body — the one rule `parsePage` reads a file by, for
 * callers that need the title before the body (an import's plan). Never throws.
 */
export function readPageHead(text: string): PageHead {
  let body = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  let frontMatter: FrontMatter = {};
  const front = FRONT.exec(body);
  if (front) {
    frontMatter = readFrontMatter(front[1] ?? "");
    body = body.slice(front[0].length);
  }
  let title = "";
  const lines = body.split("\n");
  const first = lines.findIndex((line) => line.trim() !== "");
  const heading = first >= 0 ? TITLE.exec(lines[first] as string) : null;
  if (heading) {
    title = (heading[1] ?? "").trim();
    body = lines.slice(first + 1).join("\n");
  }
  return { frontMatter, title, body };
}

/**
 * Parses a GitBook page file. Front matter and title are read apart (`readPageHead`); the body
 * is parsed with GitBook's heading levels and relative links resolved through `resolveLink` (a
 * pure hook). Never throws but for `DocumentTooDeepError` (nesting past the limit).
 */
export function parsePage(text: string, options: PageParseOptions = {}): ParsedPage {
  const { frontMatter, title, body } = readPageHead(text);
  const parsed = parseMarkdown(body, {
    pageHeadings: true,
    ...(options.resolveLink ? { resolveHref: relativeLinks(options.resolveLink) } : {}),
    ...(options.resolveInclude ? { resolveInclude: options.resolveInclude } : {}),
  });
  return {
    document: parsed.document,
    refs: parsed.refs,
    warnings: parsed.warnings,
    title,
    frontMatter,
  };
}

/** Writes a page file exactly as GitBook's Git Sync does: front matter, title, body. */
export function renderPage(page: PageContent, options: PageRenderOptions = {}): string {
  const parts: string[] = [];
  const front = writeFrontMatter(page.frontMatter ?? {});
  if (front !== "") parts.push(`---\n${front}\n---`);
  if (page.title !== "") parts.push(`# ${page.title.replace(/\n/g, " ").replace(/^#/, "\\#")}`);
  const render: RenderOptions = { ...options, pageHeadings: true };
  const body = renderMarkdown(page.document, render);
  if (body !== "") parts.push(body.replace(/\n$/, ""));
  return parts.length === 0 ? "" : `${parts.join("\n\n")}\n`;
}
