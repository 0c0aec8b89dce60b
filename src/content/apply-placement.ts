import { keyBetween } from "../lib/position";
import { badRequest } from "../lib/errors";
import type { ContentRef } from "../../core/document";
import type { PageState } from "./state";
import { slugify } from "./tree";
import type { Workspace } from "./workspace";

/** The parent id a change names (a page id or a batch `ref`), refused when absent or a link page. */
export function resolvePage(
  ws: Workspace,
  refs: ReadonlyMap<string, ContentRef>,
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

/** The current state of the page a change names (a page id or a batch `ref`), refused when absent. */
export function requirePage(
  ws: Workspace,
  refs: ReadonlyMap<string, ContentRef>,
  idOrRef: string,
  field: string,
): PageState {
  const ref = refs.get(idOrRef);
  const state = ws.get(ref?.kind === "page" ? ref.page : idOrRef);
  if (!state) throw badRequest(`${field}: no such page`);
  return state;
}

/** The position key for index `at` among a parent's children (the page itself excluded). */
export function positionAt(
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
export function uniqueSlug(
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
