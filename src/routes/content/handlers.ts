import type { Context } from "hono";
import type { z } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import {
  pageByIdPlan,
  pageDocumentPlan,
  readPageById,
  readPageDocument,
} from "../../services/content/page-reads";
import { mainTarget, revisionTarget } from "../../auth/content-target";
import { EMPTY_DOCUMENT } from "../../content/documents";
import { renderMarkdown, withoutHiddenBlocks } from "../../../core/document";
import {
  computedPageDocument,
  expandOpenApiBlocks,
  storedComputedSource,
  type SpecDocuments,
} from "../../../core/openapi-pages";
import { loadSpecDocuments, type SpecSource } from "../../services/content/openapi-specs";

import { notFound } from "../../lib/errors";
import { conditionFilter } from "../../services/sites/conditions";
import { chainShown } from "../../lib/condition";
import type { TreeNode } from "../../content/tree";
import { signedDownloadPath } from "../../lib/signing";
import { publishedFilePath } from "./published-files";
import { apiUrl, urlsOf } from "../../http/urls";
import { presentChangeRequest } from "../../presenters/change-request";
import { presentFile } from "../../presenters/file";
import { presentPage, presentPages, type PageContext } from "../../presenters/page";
import { presentRevision } from "../../presenters/revision";
import { presentUser } from "../../presenters/user";
import { fileObjectKey } from "../../services/change-requests/writes";
import {
  readFile,
  readFilesPage,
  readPageByPath,
  readRevision,
  readTree,
  type Bodies,
  type ContentFile as FileRow,
  type PlacedSubtree,
} from "../../services/content/reads";
import type { JsonDocumentSchema } from "../../api/content-responses";
import type { FilesQuery, PageQueryInput } from "../../api/content";
import type { ContentTarget } from "../../auth/content-target";
import { declareList, textKey } from "../../http/lists";
import { signingSecretOf } from "../../http/signing-secret";

/** A revision's files page on the file id; the scope is the space, so a cursor outlives a head move. */
const FILES = declareList((spaceId: string) => `files:${spaceId}`, textKey);

type Ctx = Context<AppEnv>;
type Format = "document" | "markdown";

/** A signed, short-lived download URL for a file of a space, served by GET /v1/downloads. */
export async function downloadUrl(
  c: Ctx,
  spaceId: string,
  row: Pick<FileRow, "hash" | "contentType" | "name">,
): Promise<string> {
  const path = await signedDownloadPath(signingSecretOf(c), fileObjectKey(row.hash), {
    spaceId,
    contentType: row.contentType,
    filename: row.name,
  });
  return apiUrl(c, path);
}

/**
 * The URL of a file of a target: for a site API token, the file's stable published URL
 * (immutable, content-addressed, working while a published revision of the site holds the
 * file); for a member, the signed, short-lived download URL.
 */
export function fileUrl(c: Ctx, t: ContentTarget, row: FileRow): Promise<string> | string {
  const site = c.get("caller").site?.site;
  if (site) return apiUrl(c, publishedFilePath(site, row));
  return downloadUrl(c, t.pointer.spaceId, row);
}

/** Files presented with their URLs (`fileUrl`). */
function presentFiles(c: Ctx, t: ContentTarget, rows: FileRow[]) {
  return Promise.all(rows.map(async (row) => presentFile(row, await fileUrl(c, t, row))));
}

/** A stored body as a JSON document; a page without a body has the empty document. */
function documentOf(body: string | null): Record<string, unknown> {
  return body === null ? { ...EMPTY_DOCUMENT } : (JSON.parse(body) as Record<string, unknown>);
}

/** How bodies render: the format (null: no bodies, pages name their document), the specs the pages use, and the page reads' flags. */
interface Rendering {
  format: Format | null;
  specs: SpecDocuments;
  /** Expand `openapi-*` blocks in Document bodies (`dereferenced`); markdown always expands. */
  dereferenced?: boolean;
  /** False (`computed=false`): computed pages show an empty body instead of their rendering. */
  computed?: boolean;
}

/**
 * How pages of this content present: app URLs under the content's base, bodies in the asked
 * format. Markdown uses the stable reference form (`/pages/<id>`, `/files/<id>`), which the
 * content writes read back (compat notes). A computed page's body is rendered from its spec's
 * latest version; `openapi-*` blocks are rendered in markdown (and in Documents when
 * `dereferenced`), so reads follow a new spec version.
 */
function pageContext(t: ContentTarget, bodies: Bodies, r: Rendering): PageContext {
  const shows = visitorFilter(t);
  return {
    appUrl: (path) => `${t.appBase}/${path}`,
    shows,
    body: (row) => {
      // Without bodies, a document page names its document (official `documentId`), if any.
      if (r.format === null) return row.documentHash ? { documentId: row.documentHash } : {};
      const source = storedComputedSource(row.computed);
      let document: Record<string, unknown>;
      if (source) {
        document =
          r.computed === false
            ? { ...EMPTY_DOCUMENT }
            : { ...computedPageDocument(source, r.specs) };
      } else {
        const stored = documentOf(bodies.get(row.pageId) ?? null);
        const expand = r.format === "markdown" || r.dereferenced === true;
        document = expand ? expandOpenApiBlocks(stored, r.specs) : stored;
      }
      if (shows) document = withoutHiddenBlocks(document, shows);
      if (r.format === "markdown") return { markdown: renderMarkdown(document) };
      return { document };
    },
  };
}

/** A site visitor's adaptive filter for pages (undefined: every page shows). */
function visitorFilter(t: ContentTarget) {
  return t.visitor ? conditionFilter(t.visitor.adaptive, t.visitor.claims) : undefined;
}

/** 404 for a page a site visitor's adaptive conditions hide, as for a page that does not exist. */
function requireShown(t: ContentTarget, node: TreeNode): void {
  if (!chainShown(visitorFilter(t), node)) throw notFound("Page");
}

/** The documents of the specs a read found, from R2. */
function specsOf(c: Ctx, sources: SpecSource[]): Promise<SpecDocuments> {
  return loadSpecDocuments(c.env.FILES, sources);
}

/** GET …/content (and a revision): the Revision with its whole tree and files. */
export async function revisionBody(c: Ctx, t: ContentTarget, withBodies = true) {
  const read = await readRevision(c.get("db"), t.pointer, t.revision, t.space.organizationId, {
    withBodies,
  });
  const specs = await specsOf(c, read.specs);
  const mergedFrom = read.mergedFrom
    ? presentChangeRequest(urlsOf(c), { ...read.mergedFrom, mainSeq: t.space.mainSeq })
    : null;
  return presentRevision({
    row: t.revision,
    pages: presentPages(
      read.roots,
      pageContext(t, read.bodies, { format: withBodies ? "document" : null, specs }),
    ),
    files: await presentFiles(c, t, read.files),
    appUrl: t.appBase,
    mergedFrom,
    createdBy: read.author ? presentUser(urlsOf(c), read.author) : null,
  });
}

/** GET …/pages: the whole tree, as `{pages}`. */
export async function pagesBody(c: Ctx, t: ContentTarget, withBodies = true) {
  const tree = await readTree(c.get("db"), t.pointer, t.space.organizationId, { withBodies });
  const specs = await specsOf(c, tree.specs);
  const format = withBodies ? "document" : null;
  return { pages: presentPages(tree.roots, pageContext(t, tree.bodies, { format, specs })) };
}

/** GET …/files: a PAGED list of files, by file id. */
export async function filesBody(c: Ctx, t: ContentTarget, query: z.infer<typeof FilesQuery>) {
  const cursors = FILES.at(c, t.pointer.spaceId);
  const after = await cursors.afterAccess(query.page);
  const { rows, count } = await readFilesPage(c.get("db"), t.pointer, query.limit, after);
  const shown = rows.slice(0, query.limit);
  const urls = new Map(
    await Promise.all(shown.map(async (r) => [r.fileId, await fileUrl(c, t, r)] as const)),
  );
  return cursors.page({
    rows,
    limit: query.limit,
    count,
    key: (r) => [r.fileId],
    present: (r) => presentFile(r, urls.get(r.fileId) ?? ""),
  });
}

/** GET …/files/{fileId}: one file. */
export async function fileBody(c: Ctx, t: ContentTarget, fileId: string) {
  const row = await readFile(c.get("db"), t.pointer, fileId);
  if (!row) throw notFound("File");
  return presentFile(row, await fileUrl(c, t, row));
}

/** A query flag's value: true for "true"/"1", false for "false"/"0", else undefined. */
function flag(value: string | boolean | undefined): boolean | undefined {
  if (value === true || value === "true" || value === "1") return true;
  if (value === false || value === "false" || value === "0") return false;
  return undefined;
}

/**
 * The page reads' query: `format` picks the body form; `dereferenced=true` expands `openapi-*`
 * blocks in Documents; `computed=false` leaves computed pages unrendered; `evaluated` and
 * `metadata` are accepted and change nothing, as Quire has no expressions or git metadata
 * (compat notes).
 */
async function presentPlaced(
  c: Ctx,
  t: ContentTarget,
  placed: PlacedSubtree | null,
  query: PageQueryInput,
) {
  if (!placed) throw notFound("Page");
  requireShown(t, placed.node);
  const computed = flag(query.computed);
  const specs = await specsOf(c, computed === false ? [] : placed.specs);
  const rendering: Rendering = {
    format: query.format ?? "document",
    specs,
    dereferenced: flag(query.dereferenced) === true,
    computed,
  };
  return presentPage(placed.node, pageContext(t, placed.bodies, rendering));
}

/** A page read by id, with the content target it was read at. */
export interface PageRead {
  target: ContentTarget;
  placed: PlacedSubtree | null;
}

/** A page read at a mount's target: the target's round trip, then the page's. */
export function pageAtTarget<P>(target: (c: Ctx, params: P) => Promise<ContentTarget>) {
  return async (c: Ctx, params: P, pageId: string): Promise<PageRead> => {
    const t = await target(c, params);
    const org = t.space.organizationId;
    return { target: t, placed: await readPageById(c.get("db"), t.pointer, pageId, org) };
  };
}

/**
 * A page read at the head of main in one round trip: the page's statements read the pointer
 * from the space's row themselves, so they join the access check's batch (their rows are used
 * only once the check has passed).
 */
export async function mainHeadPage(c: Ctx, spaceId: string, pageId: string): Promise<PageRead> {
  const read = pageByIdPlan(c.get("db"), { kind: "main-head", spaceId }, pageId);
  const target = await mainTarget(c, spaceId, read.statements);
  return { target, placed: read.finish(target.more) };
}

/**
 * A page of a revision read in one round trip when the revision is on the space's main line
 * (what published sites read): the page's statements read the pointer from the revision in SQL
 * and join the access check's batch; another revision is read at its pointer afterwards.
 */
export async function revisionPage(
  c: Ctx,
  spaceId: string,
  revisionId: string,
  pageId: string,
): Promise<PageRead> {
  const read = pageByIdPlan(c.get("db"), { kind: "main-revision", spaceId, revisionId }, pageId);
  const target = await revisionTarget(c, spaceId, revisionId, read.statements);
  if (target.revision.lineId === target.space.mainLineId) {
    return { target, placed: read.finish(target.more) };
  }
  const org = target.space.organizationId;
  return { target, placed: await readPageById(c.get("db"), target.pointer, pageId, org) };
}

/** A page's document read, with the content target it was read at. */
export interface DocumentRead {
  target: ContentTarget;
  read: Awaited<ReturnType<typeof readPageDocument>>;
}

/** `revisionPage` for the page's JSON document alone: one round trip on the main line. */
export async function revisionDocument(
  c: Ctx,
  spaceId: string,
  revisionId: string,
  pageId: string,
): Promise<DocumentRead> {
  const db = c.get("db");
  const plan = pageDocumentPlan(db, { kind: "main-revision", spaceId, revisionId }, pageId);
  const target = await revisionTarget(c, spaceId, revisionId, plan.statements);
  if (target.revision.lineId === target.space.mainLineId) {
    return { target, read: plan.finish(target.more) };
  }
  const org = target.space.organizationId;
  return { target, read: await readPageDocument(db, target.pointer, pageId, org) };
}

/** GET …/page/{pageId}: the page with its subtree and its body. */
export async function pageBody(c: Ctx, read: PageRead, query: PageQueryInput) {
  return presentPlaced(c, read.target, read.placed, query);
}

/** The slugs of a page path ("a/b", "/a/b/"): empty segments dropped. */
function pathSegments(path: string): string[] {
  return path.split("/").filter((s) => s !== "");
}

/** GET …/path/{pagePath}: the page at that path with its subtree and its body. */
export async function pathBody(c: Ctx, t: ContentTarget, path: string, query: PageQueryInput) {
  const org = t.space.organizationId;
  const placed = await readPageByPath(c.get("db"), t.pointer, pathSegments(path), org);
  const page = await presentPlaced(c, t, placed, query);
  if (page.type === "link") throw notFound("Page");
  return page;
}

/** GET …/page/{pageId}/document: the page's JSON document alone. */
export async function documentBody(
  c: Ctx,
  { target: t, read }: DocumentRead,
  query: { dereferenced?: string },
): Promise<z.infer<typeof JsonDocumentSchema>> {
  if (!read || read.node.row.kind !== "document") throw notFound("Page");
  requireShown(t, read.node);
  const source = storedComputedSource(read.node.row.computed);
  const specs = await specsOf(c, read.specs);
  const stored = documentOf(read.body);
  const document: Record<string, unknown> = source
    ? { ...computedPageDocument(source, specs) }
    : flag(query.dereferenced) === true
      ? expandOpenApiBlocks(stored, specs)
      : stored;
  const shows = visitorFilter(t);
  return (shows ? withoutHiddenBlocks(document, shows) : document) as z.infer<
    typeof JsonDocumentSchema
  >;
}
