import type { RevisionPage } from "@gitbook/api";
import type { LinkView, NavItem } from "../model";
import { emojiOf } from "../../../core/render/emoji";

/**
 * A revision's page tree as a reader walks it: pages by path, the navigation (hidden pages
 * left out), breadcrumbs and reading order. Pure: built once per revision and kept with it.
 */

/** A page of the tree with where it sits. */
export interface TreeEntry {
  page: RevisionPage;
  /** Path under the site space ("" for none: groups and links have no address of their own). */
  path: string;
  parents: RevisionPage[];
  hidden: boolean;
}

/** The walked tree of one revision. */
export interface PageTree {
  entries: TreeEntry[];
  byId: Map<string, TreeEntry>;
  byPath: Map<string, TreeEntry>;
  /** Document pages a reader can reach, in reading order (hidden ones left out). */
  readable: TreeEntry[];
  roots: RevisionPage[];
}

/** The child pages of a page (groups and documents have them; links do not). */
function childrenOf(page: RevisionPage): RevisionPage[] {
  return "pages" in page && Array.isArray(page.pages) ? page.pages : [];
}

/** Whether a page is hidden from navigation (it stays readable by its URL). */
function isHidden(page: RevisionPage): boolean {
  return "hidden" in page && page.hidden === true;
}

/** Walks the revision's pages once. */
export function walkTree(roots: RevisionPage[]): PageTree {
  const entries: TreeEntry[] = [];
  const visit = (pages: RevisionPage[], parents: RevisionPage[], hiddenAbove: boolean) => {
    for (const page of pages) {
      const hidden = hiddenAbove || isHidden(page);
      const path = page.type === "document" && "path" in page ? (page.path ?? "") : "";
      entries.push({ page, path, parents, hidden });
      visit(childrenOf(page), [...parents, page], hidden);
    }
  };
  visit(roots, [], false);
  const byId = new Map(entries.map((e) => [e.page.id, e]));
  const byPath = new Map<string, TreeEntry>();
  for (const entry of entries) if (entry.path) byPath.set(entry.path, entry);
  const readable = entries.filter((e) => e.page.type === "document" && !e.hidden);
  return { entries, byId, byPath, readable, roots };
}

/** The page a path under the site space shows: "" is the first readable page. */
export function pageAtPath(tree: PageTree, pathname: string): TreeEntry | undefined {
  const path = pathname.replace(/^\/+|\/+$/g, "");
  if (path === "") return tree.readable[0];
  return tree.byPath.get(path);
}

/** The first readable document at or under a group (where a group's address leads). */
export function firstDocumentUnder(tree: PageTree, page: RevisionPage): TreeEntry | undefined {
  const start = tree.entries.findIndex((e) => e.page.id === page.id);
  return tree.entries
    .slice(start + 1)
    .find((e) => e.page.type === "document" && !e.hidden && e.parents.includes(page));
}

/** How hrefs are built: the site space's path prefix and where a link page leads. */
export interface Hrefs {
  /** The site space's base path, without a trailing slash ("" at a host's root). */
  spacePath: string;
  /** The href of a link page's target (URL or another page), undefined when it leads nowhere. */
  link(page: RevisionPage): string | undefined;
}

/** The href of a document page (the first readable page is the site space's root). */
export function pageHref(tree: PageTree, entry: TreeEntry, hrefs: Hrefs): string {
  if (tree.readable[0] === entry) return `${hrefs.spacePath}/`;
  return `${hrefs.spacePath}/${entry.path.split("/").map(encodeURIComponent).join("/")}`;
}

/** The href of a page's markdown twin: the site space's first page is `<space>/index.md`. */
export function markdownHref(tree: PageTree, entry: TreeEntry, hrefs: Hrefs): string {
  return entry === tree.readable[0]
    ? `${hrefs.spacePath}/index.md`
    : `${pageHref(tree, entry, hrefs)}.md`;
}

/**
 * Past this many pages, the navigation shows the top level and the current page's branch only
 * (every level of it, with each level's siblings): a collapsed section is a link to its first
 * page, where it opens. Below it, every page is in the navigation (collapsed ones behind a
 * disclosure that needs no script). A 1,000-page tree in full is about 110 KB of every page.
 */
export const FULL_NAVIGATION_LIMIT = 200;

/** The navigation of the tree with `current` marked active and its ancestors open. */
export function navigation(
  tree: PageTree,
  current: TreeEntry | undefined,
  hrefs: Hrefs,
): NavItem[] {
  const openIds = new Set(current ? current.parents.map((p) => p.id) : []);
  const whole = tree.entries.length <= FULL_NAVIGATION_LIMIT;
  const build = (pages: RevisionPage[]): NavItem[] =>
    pages
      .filter((page) => !isHidden(page))
      .map((page) => {
        const entry = tree.byId.get(page.id)!;
        const isCurrent = current?.page.id === page.id;
        const expanded = whole || isCurrent || openIds.has(page.id);
        let kind: NavItem["kind"] =
          page.type === "group" ? "group" : page.type === "link" ? "link" : "page";
        let href =
          kind === "page"
            ? pageHref(tree, entry, hrefs)
            : kind === "link"
              ? hrefs.link(page)
              : undefined;
        if (kind === "group" && !expanded) {
          // A collapsed section of a large tree: a link to where it opens.
          const first = firstDocumentUnder(tree, page);
          kind = "page";
          href = first ? pageHref(tree, first, hrefs) : undefined;
        }
        const emoji = "emoji" in page && page.emoji ? page.emoji : undefined;
        const item: NavItem = {
          id: page.id,
          title: page.title,
          kind,
          children: expanded ? build(childrenOf(page)) : [],
          ...(href ? { href } : {}),
          ...(emoji ? { emoji: emojiOf(emoji) } : {}),
          ...(isCurrent ? { active: true, open: true } : {}),
          ...(openIds.has(page.id) ? { open: true } : {}),
        };
        return item;
      });
  return build(tree.roots);
}

/** The breadcrumbs of a page: its ancestors (groups without an address show no link). */
export function breadcrumbs(tree: PageTree, entry: TreeEntry, hrefs: Hrefs): LinkView[] {
  return entry.parents.flatMap((page) => {
    const parent = tree.byId.get(page.id)!;
    if (page.type === "document")
      return [{ title: page.title, href: pageHref(tree, parent, hrefs) }];
    const first = firstDocumentUnder(tree, page);
    return first ? [{ title: page.title, href: pageHref(tree, first, hrefs) }] : [];
  });
}

/** The readable pages before and after `entry`, in reading order. */
export function neighbours(
  tree: PageTree,
  entry: TreeEntry,
  hrefs: Hrefs,
): { previous?: LinkView; next?: LinkView } {
  const at = tree.readable.indexOf(entry);
  const link = (e: TreeEntry | undefined) =>
    e ? { title: e.page.title, href: pageHref(tree, e, hrefs) } : undefined;
  const previous = at > 0 ? link(tree.readable[at - 1]) : undefined;
  const next = at >= 0 ? link(tree.readable[at + 1]) : undefined;
  return { ...(previous ? { previous } : {}), ...(next ? { next } : {}) };
}
