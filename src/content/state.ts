import type { PageRow } from "../db/schema";
import type { PageKind } from "../db/schema";

/** A page's whole state, independent of where and when it is stored. */
export interface PageState {
  pageId: string;
  deleted: boolean;
  kind: PageKind;
  parentId: string | null;
  position: string;
  title: string;
  slug: string;
  emoji: string | null;
  icon: string | null;
  description: string | null;
  hidden: boolean;
  noIndex: boolean;
  noRobotsIndex: boolean;
  condition: string | null;
  layout: Record<string, unknown> | null;
  cover: Record<string, unknown> | null;
  linkTarget: Record<string, unknown> | null;
  documentHash: string | null;
  /** A computed page's source (rendered from a spec at read time); absent or null otherwise. */
  computed?: Record<string, unknown> | null;
  createdAt: string;
  updatedAt: string;
}

/** The fields a three-way merge compares one by one (timestamps are not content). */
export const MERGED_FIELDS = [
  "deleted",
  "kind",
  "parentId",
  "position",
  "title",
  "slug",
  "emoji",
  "icon",
  "description",
  "hidden",
  "noIndex",
  "noRobotsIndex",
  "condition",
  "layout",
  "cover",
  "linkTarget",
  "documentHash",
  "computed",
] as const satisfies readonly (keyof PageState)[];

/** One mergeable field of a page. */
export type MergedField = (typeof MERGED_FIELDS)[number];

/** The state carried by a stored row. */
export function stateOf(row: PageRow): PageState {
  return {
    pageId: row.pageId,
    deleted: row.deleted,
    kind: row.kind,
    parentId: row.parentId,
    position: row.position,
    title: row.title,
    slug: row.slug,
    emoji: row.emoji,
    icon: row.icon,
    description: row.description,
    hidden: row.hidden,
    noIndex: row.noIndex,
    noRobotsIndex: row.noRobotsIndex,
    condition: row.condition,
    layout: row.layout ?? null,
    cover: row.cover ?? null,
    linkTarget: row.linkTarget ?? null,
    documentHash: row.documentHash,
    computed: row.computed ?? null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Field equality, structural for the JSON fields. */
export function sameField(field: MergedField, a: PageState, b: PageState): boolean {
  const x = a[field] ?? null;
  const y = b[field] ?? null;
  if (x === y) return true;
  if (typeof x === "object" && typeof y === "object")
    return JSON.stringify(x) === JSON.stringify(y);
  return false;
}

/** True when two states hold the same content. */
export function sameContent(a: PageState, b: PageState): boolean {
  return MERGED_FIELDS.every((f) => sameField(f, a, b));
}
