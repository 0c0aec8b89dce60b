import { keyBetween } from "../lib/position";
import { badRequest } from "../lib/errors";
import { fromBase64 } from "../lib/bytes";
import { newId } from "../lib/ids";
import { nowIso } from "../lib/clock";
import { sha256HexBytes } from "../lib/crypto";
import type { Change } from "./change-schema";
import type { FileState } from "./commit";
import { documentFromInput, storeable, type StoredDocument } from "./documents";
import type { ContentRef } from "./document";
import { storableSource } from "./openapi-pages";
import type { PageState } from "./state";
import { slugify } from "./tree";
import type { Workspace } from "./workspace";

/** Largest decoded `base64` file source, as the official document states. */
const MAX_FILE_BYTES = 1024 * 1024;

/** What applying a batch produced: the states to commit, new bodies, and bytes to upload. */
export interface Applied {
  pages: PageState[];
  files: FileState[];
  documents: StoredDocument[];
  uploads: { hash: string; bytes: Uint8Array; contentType: string }[];
  /** Pages in the order the batch first touched them, with what happened to them. */
  changes: { page: string; type: "created" | "updated" | "deleted" }[];
}

/** Reads the revision a `revert_page` targets: the page's state there, or null when absent. */
export type RevertSource = (
  pageId: string,
  revisionId: string | undefined,
) => Promise<PageState | null>;

/**
 * Applies an ordered batch of content changes in memory, the whole batch or nothing: a change
 * that does not apply throws a 400 naming `body.changes[i]`. Batch-local `ref`s resolve to the
 * ids assigned up front, whatever the order of the changes.
 */
export async function applyChanges(
  ws: Workspace,
  changes: Change[],
  revert: RevertSource,
): Promise<Applied> {
  const now = nowIso();
  const refs = new Map<string, ContentRef>();
  const pageIds = new Map<number, string>();
  changes.forEach((change, i) => {
    if (change.operation === "insert_page") {
      const id = newId();
      pageIds.set(i, id);
      if (change.ref)
        claimRef(refs, change.ref, { kind: "page", page: id }, `body.changes[${i}].ref`);
    }
  });
  const fileIds = new Map<string, string>();
  changes.forEach((change, i) => {
    if (change.operation !== "insert_files") return;
    change.files.forEach((file, j) => {
      const id = newId();
      fileIds.set(`${i}:${j}`, id);
      if (file.ref)
        claimRef(refs, file.ref, { kind: "file", file: id }, `body.changes[${i}].files[${j}].ref`);
    });
  });

  await prefetch(ws, changes);

  const resolveHref = (href: string): ContentRef | null => {
    const local = href.replace(/^\.\//, "").replace(/\.md$/, "");
    return refs.get(local) ?? null;
  };
  const out: Applied = { pages: [], files: [], documents: [], uploads: [], changes: [] };
  const seen = new Map<string, "created" | "updated" | "deleted">();
  const note = (page: string, type: "created" | "updated" | "deleted") => {
    if (!seen.has(page)) out.changes.push({ page, type });
    seen.set(page, seen.get(page) === "created" && type === "updated" ? "created" : type);
  };

  for (const [i, change] of changes.entries()) {
    const at = `body.changes[${i}]`;
    switch (change.operation) {
      case "insert_page": {
        const parentId = change.into ? resolvePage(ws, refs, change.into, `${at}.into`) : null;
        await ws.load({ children: [parentId] });
        if (change.computed) requireNoDocument(change.document, at);
        const body = change.computed
          ? null
          : documentFromInput(change.document, at, { resolveHref, wantTitle: !change.title });
        const doc = body ? await storeable(body.document) : null;
        if (doc) out.documents.push(doc);
        const title = change.title ?? body?.title ?? "Untitled";
        const state: PageState = {
          pageId: pageIds.get(i)!,
          deleted: false,
          kind: "document",
          parentId,
          position: positionAt(ws, parentId, change.at, null, `${at}.at`),
          title,
          slug: uniqueSlug(ws, parentId, change.slug, title, null, `${at}.slug`),
          emoji: change.emoji || null,
          icon: change.icon || null,
          description: change.description ?? null,
          hidden: change.hidden ?? false,
          noIndex: change.noIndex ?? false,
          noRobotsIndex: change.noRobotsIndex ?? false,
          condition: change.condition || null,
          layout: null,
          cover: null,
          linkTarget: null,
          documentHash: doc?.hash ?? null,
          computed: change.computed ? storableSource(change.computed) : null,
          createdAt: now,
          updatedAt: now,
        };
        ws.put(state);
        note(state.pageId, "created");
        break;
      }
      case "update_page": {
        const current = requirePage(ws, refs, change.page, `${at}.page`);
        const next: PageState = { ...current, updatedAt: now };
        if (change.computed) {
          requireNoDocument(change.document, at);
          next.computed = storableSource(change.computed);
          next.documentHash = null;
        } else if (change.computed === null) {
          next.computed = null;
        } else if (change.document && current.computed) {
          throw badRequest(
            `${at}.document: the page is computed from an API spec; send "computed": null to give it a document`,
          );
        }
        if (change.document && !change.computed) {
          const body = documentFromInput(change.document, at, { resolveHref, wantTitle: false });
          const doc = await storeable(body.document);
          out.documents.push(doc);
          next.documentHash = doc.hash;
        }
        if (change.title !== undefined) next.title = change.title;
        if (change.emoji !== undefined) next.emoji = change.emoji || null;
        if (change.icon !== undefined) next.icon = change.icon || null;
        if (change.description !== undefined) next.description = change.description;
        if (change.hidden !== undefined) next.hidden = change.hidden;
        if (change.noIndex !== undefined) next.noIndex = change.noIndex;
        if (change.noRobotsIndex !== undefined) next.noRobotsIndex = change.noRobotsIndex;
        if (change.condition !== undefined) next.condition = change.condition || null;
        const moving = change.into !== undefined || change.at !== undefined;
        if (change.into !== undefined) {
          next.parentId =
            change.into === null ? null : resolvePage(ws, refs, change.into, `${at}.into`);
          if (next.parentId !== null) {
            await ws.load({ ancestors: [next.parentId] });
            if (ws.isSelfOrDescendant(next.parentId, current.pageId)) {
              throw badRequest(
                `${at}.into: a page cannot be moved under itself or one of its descendants`,
              );
            }
          }
        }
        await ws.load({ children: [next.parentId] });
        if (moving && (change.at !== undefined || next.parentId !== current.parentId)) {
          next.position = positionAt(ws, next.parentId, change.at, current.pageId, `${at}.at`);
        }
        if (change.slug !== undefined || next.parentId !== current.parentId) {
          next.slug = uniqueSlug(
            ws,
            next.parentId,
            change.slug ?? current.slug,
            next.title,
            current.pageId,
            `${at}.slug`,
            change.slug === undefined,
          );
        }
        ws.put(next);
        note(next.pageId, "updated");
        break;
      }
      case "delete_page": {
        const current = requirePage(ws, refs, change.page, `${at}.page`);
        await ws.load({ subtrees: [current.pageId] });
        for (const state of ws.subtree(current.pageId)) {
          ws.put({ ...state, deleted: true, updatedAt: now });
          note(state.pageId, "deleted");
        }
        break;
      }
      case "revert_page": {
        if (change.block)
          throw badRequest(
            `${at}.block: block-level revert is not supported; omit it to revert the whole page`,
          );
        const target = await revert(change.page, change.revision);
        const current = ws.get(change.page);
        if (!target && !current)
          throw badRequest(`${at}.page: no such page in this change request or in the revision`);
        if (target) {
          if (target.parentId !== null) await ws.load({ pages: [target.parentId] });
          if (target.parentId !== null && !ws.get(target.parentId)) {
            throw badRequest(`${at}.page: its parent in that revision no longer exists`);
          }
          ws.put({ ...target, deleted: false, updatedAt: now });
          note(target.pageId, current ? "updated" : "created");
        } else if (current) {
          ws.put({ ...current, deleted: true, updatedAt: now });
          note(current.pageId, "deleted");
        }
        break;
      }
      case "insert_files": {
        for (const [j, file] of change.files.entries()) {
          const where = `${at}.files[${j}]`;
          if (file.url !== undefined || file.base64 === undefined) {
            throw badRequest(
              file.url !== undefined
                ? `${where}.url: URL sources are not supported yet; send the bytes as base64`
                : `${where}: exactly one source (base64) is required`,
            );
          }
          if (!file.contentType) throw badRequest(`${where}.contentType: required with base64`);
          const bytes = fromBase64(file.base64);
          if (!bytes) throw badRequest(`${where}.base64: not valid base64`);
          if (bytes.byteLength > MAX_FILE_BYTES)
            throw badRequest(`${where}.base64: larger than 1 MB`);
          const hash = await sha256HexBytes(bytes);
          out.uploads.push({ hash, bytes, contentType: file.contentType });
          out.files.push({
            fileId: fileIds.get(`${i}:${j}`)!,
            deleted: false,
            name: file.name,
            contentType: file.contentType,
            size: bytes.byteLength,
            hash,
            width: null,
            height: null,
            createdAt: now,
          });
        }
        break;
      }
    }
  }
  out.pages = [...ws.touched.values()];
  return out;
}

/** A computed page has no document of its own: only the empty `{}` is accepted beside `computed`. */
function requireNoDocument(document: object | undefined, at: string): void {
  if (document !== undefined && Object.keys(document).length > 0) {
    throw badRequest(
      `${at}.document: a computed page has no document of its own; send {} or omit it`,
    );
  }
}

function claimRef(refs: Map<string, ContentRef>, ref: string, target: ContentRef, field: string) {
  if (refs.has(ref)) throw badRequest(`${field}: the ref "${ref}" is used twice in this batch`);
  refs.set(ref, target);
}

function resolvePage(
  ws: Workspace,
  refs: Map<string, ContentRef>,
  idOrRef: string,
  field: string,
): string {
  const ref = refs.get(idOrRef);
  const id = ref?.kind === "page" ? ref.page : idOrRef;
  const state = ws.get(id);
  if (!state) throw badRequest(`${field}: no such page`);
  if (state.kind === "link") throw badRequest(`${field}: a link page cannot have children`);
  return id;
}

function requirePage(
  ws: Workspace,
  refs: Map<string, ContentRef>,
  idOrRef: string,
  field: string,
): PageState {
  const ref = refs.get(idOrRef);
  const state = ws.get(ref?.kind === "page" ? ref.page : idOrRef);
  if (!state) throw badRequest(`${field}: no such page`);
  return state;
}

/** The position key for index `at` among a parent's children (the page itself excluded). */
function positionAt(
  ws: Workspace,
  parentId: string | null,
  at: number | undefined,
  self: string | null,
  field: string,
): string {
  const siblings = ws.children(parentId).filter((s) => s.pageId !== self);
  const index = at ?? siblings.length;
  if (index > siblings.length)
    throw badRequest(`${field}: must be between 0 and ${siblings.length}`);
  const before = siblings[index - 1]?.position ?? null;
  const after = siblings[index]?.position ?? null;
  if (before !== null && after !== null && before >= after) return keyBetween(before, null);
  return keyBetween(before, after);
}

/** A slug unique among the parent's children: an explicit one must be free, a derived one is suffixed. */
function uniqueSlug(
  ws: Workspace,
  parentId: string | null,
  explicit: string | undefined,
  title: string,
  self: string | null,
  field: string,
  derived = explicit === undefined,
): string {
  const taken = new Set(
    ws
      .children(parentId)
      .filter((s) => s.pageId !== self)
      .map((s) => s.slug),
  );
  const base = explicit ?? slugify(title);
  if (!taken.has(base)) return base;
  if (!derived) throw badRequest(`${field}: "${base}" is already used by a sibling page`);
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Loads, in one batch, every page, parent, sibling list and subtree the batch will need. */
async function prefetch(ws: Workspace, changes: Change[]) {
  const pages: string[] = [];
  const children: (string | null)[] = [];
  const subtrees: string[] = [];
  const ancestors: string[] = [];
  for (const change of changes) {
    if ("page" in change) pages.push(change.page);
    if (change.operation === "delete_page") subtrees.push(change.page);
    if (change.operation === "insert_page" || change.operation === "update_page") {
      if (change.into) children.push(change.into);
      if (change.into === undefined && change.operation === "insert_page") children.push(null);
      if (change.into === null) children.push(null);
      if (change.into) pages.push(change.into);
      if (change.operation === "update_page" && change.into) ancestors.push(change.into);
    }
  }
  await ws.load({ pages, children, subtrees, ancestors, neighbourhood: pages });
}
