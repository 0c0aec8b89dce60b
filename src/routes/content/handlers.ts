import type { Context } from "hono";
import type { z } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { EMPTY_DOCUMENT, markdownOf } from "../../content/documents";

import { notFound } from "../../lib/errors";
import { decodeCursor, toListPage } from "../../lib/pagination";
import { signedDownloadPath } from "../../lib/signing";
import { apiUrl, urlsOf } from "../../lib/urls";
import { presentChangeRequest } from "../../presenters/change-request";
import { presentFile } from "../../presenters/file";
import { presentPage, presentPages, type PageContext } from "../../presenters/page";
import { presentRevision } from "../../presenters/revision";
import { fileObjectKey } from "../../services/change-requests/writes";
import {
  readFile,
  readFilesPage,
  readPageById,
  readPageByPath,
  readPageDocument,
  readRevision,
  readTree,
  type Bodies,
  type ContentFile as FileRow,
  type PlacedSubtree,
} from "../../services/content/reads";
import type { JsonDocumentSchema } from "../../api/content-responses";
import type { FilesQuery, PageQueryInput } from "../../api/content";
import type { ContentTarget } from "../../auth/content-target";

type Ctx = Context<AppEnv>;
type Format = "document" | "markdown";

/** A signed, short-lived download URL for a file of a space, served by GET /v1/downloads. */
export async function downloadUrl(
  c: Ctx,
  spaceId: string,
  row: Pick<FileRow, "hash" | "contentType" | "name">,
): Promise<string> {
  const path = await signedDownloadPath(c.env.SIGNING_SECRET, fileObjectKey(row.hash), {
    spaceId,
    contentType: row.contentType,
    filename: row.name,
  });
  return apiUrl(c, path);
}

/** Files presented with their signed URLs. */
function presentFiles(c: Ctx, spaceId: string, rows: FileRow[]) {
  return Promise.all(rows.map(async (row) => presentFile(row, await downloadUrl(c, spaceId, row))));
}

/** A stored body as a JSON document; a page without a body has the empty document. */
function documentOf(body: string | null): Record<string, unknown> {
  return body === null ? { ...EMPTY_DOCUMENT } : (JSON.parse(body) as Record<string, unknown>);
}

/**
 * How pages of this content present: app URLs under the content's base, bodies in the asked
 * format. Markdown uses the stable reference form (`/pages/<id>`, `/files/<id>`), which the
 * content writes read back (compat notes).
 */
function pageContext(t: ContentTarget, bodies: Bodies, format: Format): PageContext {
  return {
    appUrl: (path) => `${t.appBase}/${path}`,
    body: (row) => {
      const body = bodies.get(row.pageId) ?? null;
      if (format === "markdown") return { markdown: body === null ? "" : markdownOf(body) };
      return { document: documentOf(body) };
    },
  };
}

/** GET …/content (and a revision): the Revision with its whole tree and files. */
export async function revisionBody(c: Ctx, t: ContentTarget) {
  const read = await readRevision(c.var.db, t.pointer, t.revision);
  const mergedFrom = read.mergedFrom
    ? presentChangeRequest(urlsOf(c), { ...read.mergedFrom, mainSeq: t.found.space.mainSeq })
    : null;
  return presentRevision({
    row: t.revision,
    pages: presentPages(read.roots, pageContext(t, read.bodies, "document")),
    files: await presentFiles(c, t.pointer.spaceId, read.files),
    appUrl: t.appBase,
    mergedFrom,
  });
}

/** GET …/pages: the whole tree, as `{pages}`. */
export async function pagesBody(c: Ctx, t: ContentTarget) {
  const tree = await readTree(c.var.db, t.pointer);
  return { pages: presentPages(tree.roots, pageContext(t, tree.bodies, "document")) };
}

/** GET …/files: a PAGED list of files, by file id. */
export async function filesBody(c: Ctx, t: ContentTarget, query: z.infer<typeof FilesQuery>) {
  const secret = c.env.SIGNING_SECRET;
  const scope = `files:${t.pointer.spaceId}`;
  const after = query.page ? await decodeCursor(secret, scope, query.page) : undefined;
  const { rows, count } = await readFilesPage(c.var.db, t.pointer, query.limit, after);
  const shown = rows.slice(0, query.limit);
  const urls = new Map(
    await Promise.all(
      shown.map(async (r) => [r.fileId, await downloadUrl(c, t.pointer.spaceId, r)] as const),
    ),
  );
  return toListPage({
    secret,
    scope,
    rows,
    limit: query.limit,
    count,
    key: (r) => [r.fileId],
    present: (r) => presentFile(r, urls.get(r.fileId) ?? ""),
  });
}

/** GET …/files/{fileId}: one file. */
export async function fileBody(c: Ctx, t: ContentTarget, fileId: string) {
  const row = await readFile(c.var.db, t.pointer, fileId);
  if (!row) throw notFound("File");
  return presentFile(row, await downloadUrl(c, t.pointer.spaceId, row));
}

/**
 * The page reads' query: `format` picks the body form; `evaluated`, `dereferenced`, `metadata`
 * and `computed` are accepted and change nothing, as Quire has no expressions, reusable
 * content, git metadata or computed pages (compat notes).
 */
function formatOf(query: PageQueryInput): Format {
  return query.format ?? "document";
}

function presentPlaced(t: ContentTarget, placed: PlacedSubtree | null, query: PageQueryInput) {
  if (!placed) throw notFound("Page");
  return presentPage(placed.node, pageContext(t, placed.bodies, formatOf(query)));
}

/** GET …/page/{pageId}: the page with its subtree and its body. */
export async function pageBody(c: Ctx, t: ContentTarget, pageId: string, query: PageQueryInput) {
  return presentPlaced(t, await readPageById(c.var.db, t.pointer, pageId), query);
}

/** The slugs of a page path ("a/b", "/a/b/"): empty segments dropped. */
function pathSegments(path: string): string[] {
  return path.split("/").filter((s) => s !== "");
}

/** GET …/path/{pagePath}: the page at that path with its subtree and its body. */
export async function pathBody(c: Ctx, t: ContentTarget, path: string, query: PageQueryInput) {
  const placed = await readPageByPath(c.var.db, t.pointer, pathSegments(path));
  const page = presentPlaced(t, placed, query);
  if (page.type === "link") throw notFound("Page");
  return page;
}

/** GET …/page/{pageId}/document: the page's JSON document alone. */
export async function documentBody(
  c: Ctx,
  t: ContentTarget,
  pageId: string,
): Promise<z.infer<typeof JsonDocumentSchema>> {
  const read = await readPageDocument(c.var.db, t.pointer, pageId);
  if (!read || read.node.row.kind !== "document") throw notFound("Page");
  return documentOf(read.body) as z.infer<typeof JsonDocumentSchema>;
}
