import { imageSize } from "../lib/image-size";
import { safeHref } from "../../core/links/safe-href";
import { badRequest, conflict } from "../lib/errors";
import { fromBase64 } from "../lib/bytes";
import { sha256HexBytes } from "../lib/crypto";
import type { Change } from "./change-schema";
import type { FileState } from "./commit";
import { documentFromInput, storeable, type StoredDocument } from "./documents";
import type { ContentRef } from "../../core/document";
import { storableSource } from "../../core/openapi-pages";
import type { PageState } from "./state";
import type { Workspace } from "./workspace";
import { positionAt, requirePage, resolvePage, uniqueSlug } from "./apply-placement";
import { MAX_FILE_BYTES } from "../../core/files/limits";

/** What happened to a page in a batch, as the batch's answer lists it. */
export type PageChangeType = "created" | "updated" | "deleted";

/** What applying a batch produced: the states to commit, new bodies, and bytes to upload. */
export interface Applied {
  pages: PageState[];
  files: FileState[];
  documents: StoredDocument[];
  uploads: { hash: string; bytes: Uint8Array; contentType: string }[];
  /** Pages in the order the batch first touched them, with what happened to them. */
  changes: { page: string; type: PageChangeType }[];
}

/** A file whose bytes are already at their content address (an `insert_files` `url` source). */
export interface StoredFile {
  hash: string;
  size: number;
  contentType: string;
  width: number | null;
  height: number | null;
}

/** Reads the revision a `revert_page` targets: the page's state there, or null when absent. */
export type RevertSource = (
  pageId: string,
  revisionId: string | undefined,
) => Promise<PageState | null>;

/** The kinds of change a batch may hold (its `operation`). */
export type ChangeKind = Change["operation"];

/** What every step of one batch shares: the workspace, the ids and refs assigned up front, the output. */
export interface ApplyContext {
  ws: Workspace;
  revert: RevertSource;
  /** One timestamp for every state the batch writes. */
  now: string;
  refs: ReadonlyMap<string, ContentRef>;
  /** Page ids assigned to `insert_page` changes, by change index. */
  pageIds: ReadonlyMap<number, string>;
  /** File ids assigned to `insert_files` entries, by `"<change index>:<file index>"`. */
  fileIds: ReadonlyMap<string, string>;
  /** `url` sources already fetched and stored, by the same key (absent: none are taken). */
  urlFiles: ReadonlyMap<string, StoredFile>;
  /** Resolves a link in a document to a batch-local `ref`, or null. */
  resolveHref: (href: string) => ContentRef | null;
  out: Applied;
  /** Records what happened to a page (a page created then updated stays created). */
  note: (page: string, type: PageChangeType) => void;
}

/** Applies one change of kind `K`, the `index`-th of the batch, whose 400s name `at`. */
export type ApplyStep<K extends ChangeKind> = (
  change: Extract<Change, { operation: K }>,
  step: { index: number; at: string },
  ctx: ApplyContext,
) => Promise<void>;

/** A computed page has no document of its own: only the empty `{}` is accepted beside `computed`. */
function requireNoDocument(
  document: object | undefined,
  at: string,
  why = "a computed page has no document of its own",
): void {
  if (document !== undefined && Object.keys(document).length > 0) {
    throw badRequest(`${at}.document: ${why}; send {} or omit it`);
  }
}

/** The kind and link target of a new page: a link page needs a safe address, a group no body. */
function kindOf(
  change: Extract<Change, { operation: "insert_page" }>,
  at: string,
): { kind: PageState["kind"]; linkTarget: PageState["linkTarget"] } {
  const kind = change.type ?? "document";
  if (change.href !== undefined && kind !== "link")
    throw badRequest(`${at}.href: only a link page (type "link") has a target`);
  if (kind === "document") return { kind, linkTarget: null };
  if (change.computed) throw badRequest(`${at}.computed: a ${kind} page has no content`);
  requireNoDocument(change.document, at, `a ${kind} page has no document of its own`);
  if (kind === "group") return { kind, linkTarget: null };
  const href = change.href === undefined ? null : safeHref(change.href, "link");
  if (!href || !/^(https?:|mailto:)/i.test(href))
    throw badRequest(`${at}.href: a link page needs an http(s) or mailto address`);
  return { kind, linkTarget: { kind: "url", url: href } };
}

/** A change's layout as stored: its flags, or null for GitBook's defaults (none or `{}` sent). */
function layoutOf(layout: Record<string, unknown> | null | undefined) {
  return layout && Object.keys(layout).length > 0 ? { ...layout } : null;
}

/** `insert_page`: a new page under its parent at the asked position, with a free slug. */
export const insertPage: ApplyStep<"insert_page"> = async (change, { index, at }, ctx) => {
  const { ws, out, now } = ctx;
  const parentId = change.into ? resolvePage(ws, ctx.refs, change.into, `${at}.into`) : null;
  await ws.load({ children: [parentId] });
  if (change.computed) requireNoDocument(change.document, at);
  const { kind, linkTarget } = kindOf(change, at);
  const body =
    change.computed || kind !== "document"
      ? null
      : documentFromInput(change.document, at, {
          resolveHref: ctx.resolveHref,
          wantTitle: !change.title,
        });
  const doc = body ? await storeable(body.document) : null;
  if (doc) out.documents.push(doc);
  const title = change.title ?? body?.title ?? "Untitled";
  const state: PageState = {
    pageId: ctx.pageIds.get(index)!,
    deleted: false,
    kind,
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
    layout: layoutOf(change.layout),
    cover: null,
    linkTarget,
    documentHash: doc?.hash ?? null,
    computed: change.computed ? storableSource(change.computed) : null,
    createdAt: now,
    updatedAt: now,
  };
  ws.put(state);
  ctx.note(state.pageId, "created");
};

/** `update_page`: new body, metadata, computed source or place (parent, position, slug). */
export const updatePage: ApplyStep<"update_page"> = async (change, { at }, ctx) => {
  const { ws, out } = ctx;
  const current = requirePage(ws, ctx.refs, change.page, `${at}.page`);
  const next: PageState = { ...current, updatedAt: ctx.now };
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
  if (change.baseDocumentId !== undefined && !change.document)
    throw badRequest(`${at}.baseDocumentId: only with a document`);
  if (change.document && !change.computed) {
    const body = documentFromInput(change.document, at, {
      resolveHref: ctx.resolveHref,
      wantTitle: false,
    });
    const doc = await storeable(body.document);
    // A stale base is a conflict, unless the page already holds this very document (a retried save).
    const base = change.baseDocumentId;
    if (base !== undefined && base !== current.documentHash && doc.hash !== current.documentHash)
      requireSameBase(current, at);
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
  if (change.layout !== undefined) next.layout = layoutOf(change.layout);
  const moving = change.into !== undefined || change.at !== undefined;
  if (change.into !== undefined) {
    next.parentId =
      change.into === null ? null : resolvePage(ws, ctx.refs, change.into, `${at}.into`);
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
  ctx.note(next.pageId, "updated");
};

/** 409: the page's document changed since the edit was based on it (a save must not overwrite it). */
function requireSameBase(current: PageState, at: string): never {
  throw conflict(
    `${at}.baseDocumentId: the page's document changed since this edit was based on it; ` +
      `its document is now ${current.documentHash ?? "empty (null)"}. Read the page again and merge the edits`,
  );
}

/** `delete_page`: the page and its whole subtree, marked deleted. */
export const deletePage: ApplyStep<"delete_page"> = async (change, { at }, ctx) => {
  const { ws } = ctx;
  const current = requirePage(ws, ctx.refs, change.page, `${at}.page`);
  await ws.load({ subtrees: [current.pageId] });
  for (const state of ws.subtree(current.pageId)) {
    ws.put({ ...state, deleted: true, updatedAt: ctx.now });
    ctx.note(state.pageId, "deleted");
  }
};

/** `revert_page`: the page as a revision had it, or deleted when that revision had none. */
export const revertPage: ApplyStep<"revert_page"> = async (change, { at }, ctx) => {
  const { ws, now } = ctx;
  if (change.block)
    throw badRequest(
      `${at}.block: block-level revert is not supported; omit it to revert the whole page`,
    );
  const target = await ctx.revert(change.page, change.revision);
  const current = ws.get(change.page);
  if (!target && !current)
    throw badRequest(`${at}.page: no such page in this change request or in the revision`);
  if (target) {
    if (target.parentId !== null) await ws.load({ pages: [target.parentId] });
    if (target.parentId !== null && !ws.get(target.parentId)) {
      throw badRequest(`${at}.page: its parent in that revision no longer exists`);
    }
    ws.put({ ...target, deleted: false, updatedAt: now });
    ctx.note(target.pageId, current ? "updated" : "created");
  } else if (current) {
    ws.put({ ...current, deleted: true, updatedAt: now });
    ctx.note(current.pageId, "deleted");
  }
};

/** `insert_files`: each file's decoded bytes to upload (or its stored `url` source) and its new state. */
export const insertFiles: ApplyStep<"insert_files"> = async (change, { index, at }, ctx) => {
  const { out } = ctx;
  for (const [j, file] of change.files.entries()) {
    const where = `${at}.files[${j}]`;
    const sources = [file.url, file.base64, file.storageKey].filter((s) => s !== undefined);
    if (sources.length !== 1)
      throw badRequest(`${where}: exactly one source (url, base64 or storageKey) is required`);
    const stored = file.base64 === undefined ? sourcedFile(ctx, `${index}:${j}`, where) : null;
    const state = stored ?? (await decodedFile(ctx, file, where));
    out.files.push({
      fileId: ctx.fileIds.get(`${index}:${j}`)!,
      deleted: false,
      name: file.name,
      createdAt: ctx.now,
      ...state,
    });
  }
};

/** A `url` or `storageKey` source's stored file, or the 400 of an operation that does not take them. */
function sourcedFile(ctx: ApplyContext, key: string, where: string): StoredFile {
  const stored = ctx.urlFiles.get(key);
  if (!stored)
    throw badRequest(`${where}: url and storageKey sources are not taken here; send base64`);
  return stored;
}

/** A `base64` source: decoded, checked against the 1 MiB limit, queued for upload. */
async function decodedFile(
  ctx: ApplyContext,
  file: { contentType?: string | undefined; base64?: string | undefined },
  where: string,
): Promise<StoredFile> {
  if (!file.contentType) throw badRequest(`${where}.contentType: required with base64`);
  const bytes = fromBase64(file.base64 ?? "");
  if (!bytes) throw badRequest(`${where}.base64: not valid base64`);
  if (bytes.byteLength > MAX_FILE_BYTES) throw badRequest(`${where}.base64: larger than 1 MB`);
  const hash = await sha256HexBytes(bytes);
  const size = file.contentType.startsWith("image/") ? imageSize(bytes) : null;
  ctx.out.uploads.push({ hash, bytes, contentType: file.contentType });
  return {
    hash,
    size: bytes.byteLength,
    contentType: file.contentType,
    width: size?.width ?? null,
    height: size?.height ?? null,
  };
}
