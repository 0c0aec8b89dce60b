import type { FileRow, PageRow } from "../db/schema";
import { placePage } from "../content/tree";
import type { RevisionSemanticChanges, SemanticChange } from "../api/semantic-changes";
import { chainShown, type Shows } from "../lib/condition";

/**
 * Official RevisionSemanticChanges from the rows of what changed: page created, deleted, moved
 * (another parent) and edited (title, description, slug, emoji, document), file created,
 * deleted and edited (name, content type, bytes). Other differences (position among siblings,
 * cover, layout, visibility flags) are not semantic changes here.
 */

/** A page or file before and after (null where it did not exist). */
interface Pair<R> {
  before: R | null;
  after: R | null;
}

/** The changed rows, as the semantic-changes read gives them. */
export interface ChangedRows {
  pages: Pair<PageRow>[];
  files: Pair<FileRow>[];
  /** The changed pages with their ancestors, before and after. */
  chains: { before: PageRow[]; after: PageRow[] };
  uncompared: number;
}

/** How the reader sees the changes: how many, which pages show, and each file's URL. */
export interface ChangesView {
  limit: number;
  /** A site visitor's adaptive filter (undefined: every page shows). */
  shows?: Shows;
  fileUrl: (row: FileRow) => string;
}

/** Official ChangedRevisionPage, with its path where its chain is known (`chain`: that side's). */
function changedPage(row: PageRow, chain: PageRow[]) {
  const path = placePage(row.pageId, chain)?.path;
  return { id: row.pageId, type: row.kind, title: row.title, ...(path ? { path } : {}) };
}

/** Official ChangedRevisionFile. */
function changedFile(row: FileRow, view: ChangesView) {
  const file = { id: row.fileId, name: row.name, contentType: row.contentType };
  return { ...file, downloadURL: view.fileUrl(row) };
}

/** `{before, after}` of a value that differs; undefined when it does not. */
function diff<T extends string | number>(before: T | null, after: T | null) {
  if (before === after) return undefined;
  return { ...(before !== null ? { before } : {}), ...(after !== null ? { after } : {}) };
}

/** Drops the attributes that did not change. */
function defined<T extends object>(attributes: T): Partial<T> {
  return Object.fromEntries(Object.entries(attributes).filter(([, v]) => v !== undefined)) as T;
}

/** The changes of one page that exists on both sides. */
function pageChanges(b: PageRow, a: PageRow, rows: ChangedRows): SemanticChange[] {
  const out: SemanticChange[] = [];
  const { before: chainB, after: chainA } = rows.chains;
  const page = changedPage(a, chainA);
  if (b.parentId !== a.parentId) {
    const before = chainB.find((r) => r.pageId === b.parentId && !r.deleted);
    const after = chainA.find((r) => r.pageId === a.parentId && !r.deleted);
    const parent = {
      ...(before ? { before: changedPage(before, chainB) } : {}),
      ...(after ? { after: changedPage(after, chainA) } : {}),
    };
    out.push({ type: "page_moved", page, parent });
  }
  const attributes = defined({
    title: diff(b.title, a.title),
    description: diff(b.description, a.description),
    slug: diff(b.slug, a.slug),
    emoji: diff(b.emoji, a.emoji),
    document: diff(b.documentHash, a.documentHash),
  });
  if (Object.keys(attributes).length > 0) {
    out.push({ type: "page_edited", page, attributes });
  }
  return out;
}

/** The changes of one file that exists on both sides. */
function fileChanges(b: FileRow, a: FileRow, view: ChangesView): SemanticChange[] {
  const attributes = defined({
    name: diff(b.name, a.name),
    contentType: diff(b.contentType, a.contentType),
    downloadURL: b.hash === a.hash ? undefined : diff(view.fileUrl(b), view.fileUrl(a)),
    size: diff(b.size, a.size),
  });
  if (Object.keys(attributes).length === 0) return [];
  return [{ type: "file_edited", file: changedFile(a, view), attributes }];
}

/**
 * Whether a changed page shows to the visitor on that side: it and its ancestors (`chainShown`);
 * a page whose chain is not known whole there is left out of a visitor's list.
 */
function pageShown(row: PageRow, chain: PageRow[], view: ChangesView): boolean {
  if (!view.shows) return true;
  const node = placePage(row.pageId, chain);
  return (
    chainShown(view.shows, node ?? { row, ancestors: [] }) &&
    (node !== null || row.parentId === null || row.deleted)
  );
}

/** The official answer: at most `limit` changes, pages first, and how many more there are. */
export function presentSemanticChanges(
  rows: ChangedRows,
  view: ChangesView,
): RevisionSemanticChanges {
  const all: SemanticChange[] = [];
  for (const { before: b, after: a } of rows.pages) {
    if (
      (b && !pageShown(b, rows.chains.before, view)) ||
      (a && !pageShown(a, rows.chains.after, view))
    )
      continue;
    if (!b && a) all.push({ type: "page_created", page: changedPage(a, rows.chains.after) });
    else if (b && !a) all.push({ type: "page_deleted", page: changedPage(b, rows.chains.before) });
    else if (b && a) all.push(...pageChanges(b, a, rows));
  }
  for (const { before: b, after: a } of rows.files) {
    if (!b && a) all.push({ type: "file_created", file: changedFile(a, view) });
    else if (b && !a) all.push({ type: "file_deleted", file: changedFile(b, view) });
    else if (b && a) all.push(...fileChanges(b, a, view));
  }
  const more = Math.max(0, all.length - view.limit) + rows.uncompared;
  return { changes: all.slice(0, view.limit), ...(more > 0 ? { more } : {}) };
}
