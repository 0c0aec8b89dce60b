import type { SearchPageResult, SearchSectionResult, SearchSpaceItem } from "../api/search";
import type { SearchRow } from "../services/search/search";

/** Builds an app URL from a path (`appUrl(c, path)` bound to the request). */
export type AppUrlOf = (path: string) => string;

/** A presented page with the keyset position it was ranked at (bm25, page key). */
export interface RankedPage {
  key: [number, number];
  item: SearchPageResult | null;
}

/** What PAGE_INFO (src/services/search.ts) returns for a page on main. */
interface PageInfo {
  title: string;
  description: string | null;
  slug: string;
  chain: [number, string | null, string | null][] | null;
}

const MARKS = /[\u0001\u0002]/g;
/** Text without the hit marks of snippet()/highlight(). */
const plain = (text: string | null) => (text ?? "").replace(MARKS, "");
/** True when snippet()/highlight() marked a hit in the text. */
const hit = (text: string | null) => (text ?? "").includes("\u0001");
/** bm25 is lower for better matches; the API's score is higher for better ones, never below 0. */
const scoreOf = (bm25: number | null) => Math.max(0, -(bm25 ?? 0));
const byK = (a: SearchRow, b: SearchRow) => (a.k ?? 0) - (b.k ?? 0);

/** One heading section of a found page; the intro before the first heading is the page itself. */
function presentSection(
  row: SearchRow,
  page: { id: string; title: string; path: string; app: string },
): SearchSectionResult {
  const anchor = row.anchor;
  return {
    id: anchor ? `${page.id}/${anchor}` : page.id,
    title: anchor ? plain(row.heading) : page.title,
    path: anchor ? `${page.path}#${anchor}` : page.path,
    score: scoreOf(row.score),
    resultType: hit(row.snip) || hit(row.heading) ? "section" : "page",
    body: plain(row.snip),
    urls: { app: anchor ? `${page.app}#${anchor}` : page.app },
  };
}

/**
 * A found page: its place on main (path, ancestors) and its best sections. Sections with a hit
 * in their heading or text come first; a page that matched only on its title or description
 * shows its first section (`resultType: page`). Null when the page left main meanwhile or is
 * no longer reachable from the root.
 */
function presentPage(
  pageRow: SearchRow,
  sections: SearchRow[],
  appUrl: AppUrlOf,
): SearchPageResult | null {
  const info = pageRow.info ? (JSON.parse(pageRow.info) as PageInfo) : null;
  if (!info) return null;
  const chain = [...(info.chain ?? [])].sort((a, b) => b[0] - a[0]);
  if (chain.some(([, title, slug]) => title === null || slug === null)) return null;
  const path = [...chain.map(([, , slug]) => slug), info.slug].join("/");
  const page = {
    id: pageRow.pageId ?? "",
    title: info.title,
    path,
    app: appUrl(`/s/${pageRow.spaceId}/${path}`),
  };
  const ordered = [...sections].sort(byK);
  const hits = ordered.filter((s) => hit(s.snip) || hit(s.heading));
  const shown = hits.length > 0 ? hits : ordered.slice(0, 1);
  return {
    id: page.id,
    title: info.title,
    description: info.description ?? "",
    path,
    score: scoreOf(pageRow.score),
    rank: pageRow.k ?? 1,
    resultType: hits.length > 0 ? "section" : "page",
    sections: shown.map((s) => presentSection(s, page)),
    ancestors: chain.map(([, title]) => ({ title: title ?? "" })),
    urls: { app: page.app },
  };
}

/** The rows of a search statement split by kind, sections grouped by page. */
function split(rows: SearchRow[]) {
  const count = rows.find((r) => r.kind === "n")?.k ?? 0;
  const sections = new Map<number, SearchRow[]>();
  for (const row of rows.filter((r) => r.kind === "s")) {
    sections.set(row.pk ?? 0, [...(sections.get(row.pk ?? 0) ?? []), row]);
  }
  const pages = rows
    .filter((r) => r.kind === "p")
    .sort((a, b) => (a.k ?? 0) - (b.k ?? 0))
    .map((row) => ({ row, sections: sections.get(row.pk ?? 0) ?? [] }));
  return { count, pages };
}

/** The pages of a space search in rank order, with their cursor keys, and the exact count. */
export function presentSpaceSearch(rows: SearchRow[], appUrl: AppUrlOf) {
  const { count, pages } = split(rows);
  const ranked: RankedPage[] = pages.map(({ row, sections }) => ({
    key: [row.score ?? 0, row.pk ?? 0],
    item: presentPage(row, sections, appUrl),
  }));
  return { ranked, count };
}

/** The spaces of an organization search in rank order, each with its pages, and the count. */
export function presentOrganizationSearch(rows: SearchRow[], appUrl: AppUrlOf) {
  const { count, pages } = split(rows);
  const spaces = rows
    .filter((r) => r.kind === "x")
    .sort((a, b) =>
      a.score !== b.score
        ? (a.score ?? 0) - (b.score ?? 0)
        : (a.spaceId ?? "") < (b.spaceId ?? "")
          ? -1
          : 1,
    );
  const items: SearchSpaceItem[] = spaces.map((space) => ({
    type: "space",
    id: space.spaceId ?? "",
    title: space.heading ?? "",
    score: scoreOf(space.score),
    pages: pages
      .filter(({ row }) => row.spaceId === space.spaceId)
      .flatMap(({ row, sections }) => presentPage(row, sections, appUrl) ?? []),
  }));
  return { items, count };
}
