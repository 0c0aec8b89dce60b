import type { RevisionFile, RevisionPage } from "@gitbook/api";
import { defaultResolveHref } from "../../../core/document/hrefs";
import type { ApiClient } from "../api/client";
import { isApiStatus } from "../api/client";

/**
 * A page's markdown as the API writes it (`GET …/page/{id}?format=markdown`), with the API's
 * stable references (`/pages/<id>`, `/files/<id>`) turned into the addresses a reader of the
 * markdown can follow; and reading many pages' markdown a few at a time.
 */

/** Pages read at once for llms-full.txt. */
export const MARKDOWN_CONCURRENCY = 6;

/** The addresses references lead to (undefined: leave the reference as the API wrote it). */
export interface MarkdownTargets {
  page(pageId: string): string | undefined;
  file(fileId: string): string | undefined;
}

/** A markdown link or image target in the API's stable form. */
const STABLE_TARGET = /\]\(((?:\/spaces\/[^/\s)]+)?\/(?:pages|files)\/[^\s)]+)\)/g;

/** The markdown with its stable page and file references of this space made followable. */
export function followableMarkdown(markdown: string, targets: MarkdownTargets): string {
  return markdown.replace(STABLE_TARGET, (whole, href: string) => {
    const ref = defaultResolveHref(href);
    if ("space" in ref && ref.space) return whole;
    let target: string | undefined;
    if (ref.kind === "page") target = targets.page(ref.page);
    else if (ref.kind === "anchor" && ref.page) {
      const page = targets.page(ref.page);
      target = page ? `${page}#${ref.anchor}` : undefined;
    } else if (ref.kind === "file") target = targets.file(ref.file);
    return target ? `](${target})` : whole;
  });
}

/** Targets from a revision's files and a page lookup. */
export function targetsOf(
  files: RevisionFile[],
  page: (pageId: string) => string | undefined,
): MarkdownTargets {
  const byId = new Map(files.map((file) => [file.id, file.downloadURL]));
  return { page, file: (fileId) => byId.get(fileId) };
}

/**
 * A page's markdown through the API: "" for a page with no content; undefined when the API
 * has no such page (it was removed, or the visitor's conditions hide it).
 */
export async function readPageMarkdown(
  client: ApiClient,
  spaceId: string,
  revisionId: string,
  pageId: string,
): Promise<string | undefined> {
  const path = `/spaces/${spaceId}/revisions/${revisionId}/page/${pageId}`;
  const page = await client
    .get<RevisionPage & { markdown?: string }>(path, {
      format: "markdown",
      "format.markdown.refs": "stable",
    })
    .catch((error: unknown) => {
      if (isApiStatus(error, 404)) return undefined;
      throw error;
    });
  if (!page) return undefined;
  return typeof page.markdown === "string" ? page.markdown : "";
}

/** `read` applied to `items` with at most `limit` at a time; the answers in the items' order. */
export async function readBounded<T, R>(
  items: T[],
  limit: number,
  read: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const at = next++;
      results[at] = await read(items[at]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
