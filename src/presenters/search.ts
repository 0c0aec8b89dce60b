import type { SearchPageResult, SearchSectionResult, SearchSpaceItem } from "../api/search";
import type { Urls } from "../http/urls";

/** One row of a search statement (src/services/search/search.ts): a space, a page or a section. */
interface SearchRow {
  pk: number | null;
  spaceId: string | null;
  pageId: string | null;
  score: number | null;
  k: number | null;
  anchor: string | null;
  heading: string | null;
  snip: string | null;
  info: string | null;
}

/** A page found by a search: its row and its best sections. */
interface FoundPage {
  page: SearchRow;
  sections: SearchRow[];
}

/** A space found by the organization search: its row and its found pages in rank order. */
interface FoundSpace {
  space: SearchRow;
  pages: FoundPage[];
}

/** What PAGE_INFO (src/services/search/search.ts) returns for a page on main. */
interface PageInfo {
  title: string;
  description: string | null;
  slug: string;
  chain: [number, string | null, string | null][] | null;
}

/** Text without the hit marks (\x01, \x02) of snippet()/highlight(). */
const plain = (text: string | null) =>
  (text ?? "").replaceAll("\u0001", "").replaceAll("\u0002", "");
/** True when snippet()/highlight() marked a hit in the text. */
const hit = (text: string | null) => (text ?? "").includes("\u0001");
/** bm25 is lower for better matches; the API's score is higher for better ones, never below 0. */
const scoreOf = (bm25: number | null) => Math.max(0, -(bm25 ?? 0));
const byK = (a: SearchRow, b: SearchRow) => (a.k ?? 0) - (b.k ?? 0);

/** A ranked section row: what presenting a section needs. */
type SectionRow = Pick<SearchRow, "anchor" | "heading" | "snip" | "score">;

/** One heading section of a found page; the intro before the first heading is the page itself. */
function presentSection(
  row: SectionRow,
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
function presentSearchPage(urls: Urls, found: FoundPage): SearchPageResult | null {
  const { page: pageRow, sections } = found;
  const info = pageRow.info ? (JSON.parse(pageRow.info) as PageInfo) : null;
  if (!info) return null;
  const chain = [...(info.chain ?? [])].sort((a, b) => b[0] - a[0]);
  if (chain.some(([, title, slug]) => title === null || slug === null)) return null;
  const path = [...chain.map(([, , slug]) => slug), info.slug].join("/");
  const page = {
    id: pageRow.pageId ?? "",
    title: info.title,
    path,
    app: urls.app(`/s/${pageRow.spaceId}/${path}`),
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

/** A space of the organization search, with its pages (those that left main are skipped). */
export function presentSearchSpace(urls: Urls, found: FoundSpace): SearchSpaceItem {
  const { space } = found;
  return {
    type: "space",
    id: space.spaceId ?? "",
    title: space.heading ?? "",
    score: scoreOf(space.score),
    pages: found.pages.flatMap((page) => presentSearchPage(urls, page) ?? []),
  };
}

/** A page found by the space search (src/services/search/space-search.ts), from its FTS rows. */
interface RankedPage {
  place: { id: string; path: string; ancestors: string[] };
  title: string;
  description: string;
  score: number;
  rank: number;
  sections: SectionRow[];
}

/**
 * A page found by the space search, presented from what its index rows store (title,
 * description, place on main): the same item as `presentSearchPage`, with the sections in rank
 * order, those with a hit first.
 */
export function presentRankedPage(
  urls: Urls,
  spaceId: string,
  found: RankedPage,
): SearchPageResult {
  const { place } = found;
  const page = {
    id: place.id,
    title: plain(found.title),
    path: place.path,
    app: urls.app(`/s/${spaceId}/${place.path}`),
  };
  const hits = found.sections.filter((s) => hit(s.snip) || hit(s.heading));
  const shown = hits.length > 0 ? hits : found.sections.slice(0, 1);
  return {
    id: page.id,
    title: page.title,
    description: plain(found.description),
    path: place.path,
    score: scoreOf(found.score),
    rank: found.rank,
    resultType: hits.length > 0 ? "section" : "page",
    sections: shown.map((s) => presentSection(s, page)),
    ancestors: place.ancestors.map((title) => ({ title })),
    urls: { app: page.app },
  };
}

/**
 * The results page of a site search: the found pages (each with its space, in rank order)
 * grouped by space, a space first where its best page comes; each page keeps its global rank.
 */
export function presentSiteSearch(
  urls: Urls,
  pages: (RankedPage & { spaceId: string })[],
  titles: ReadonlyMap<string, string>,
): SearchSpaceItem[] {
  const bySpace = new Map<string, SearchSpaceItem>();
  for (const found of pages) {
    const page = presentRankedPage(urls, found.spaceId, found);
    const item = bySpace.get(found.spaceId);
    if (item) item.pages.push(page);
    else {
      const title = titles.get(found.spaceId) ?? "";
      bySpace.set(found.spaceId, {
        type: "space",
        id: found.spaceId,
        title,
        score: page.score,
        pages: [page],
      });
    }
  }
  return [...bySpace.values()];
}
