import type { SearchPageResult, SearchSectionResult, SearchSpaceItem } from "../api/search";
import type { Urls } from "../http/urls";
import { untag } from "../lib/search-tags";

/** Text as written (`untag`), without the hit marks (\x01, \x02) of snippet()/highlight(). */
const plain = (text: string | null) =>
  untag(text ?? "")
    .replaceAll("\u0001", "")
    .replaceAll("\u0002", "");
/** True when snippet()/highlight() marked a hit in the text. */
const hit = (text: string | null) => (text ?? "").includes("\u0001");
/** bm25 is lower for better matches; the API's score is higher for better ones, never below 0. */
const scoreOf = (bm25: number | null) => Math.max(0, -(bm25 ?? 0));

/** A ranked section row: what presenting a section needs. */
interface SectionRow {
  anchor: string | null;
  heading: string | null;
  snip: string | null;
  score: number | null;
}

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
 * A page found by a search, presented from what its index rows store (title, description,
 * place on main): its best sections in rank order, those with a hit in their heading or text
 * first; a page that matched only on its title or description shows its first section
 * (`resultType: page`).
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
 * The results page of a site or organization search: the found pages (each with its space, in
 * rank order) grouped by space, a space first where its best page comes; each page keeps its
 * global rank.
 */
export function presentSearchSpaces(
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
